import '@mantine/core/styles/Stepper.css'
import { useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Group,
  List,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import type { FamilyRow, StudentRow } from '@sync/engine/database'
import {
  BLOOD_GROUP_PLACEHOLDER,
  BLOOD_GROUPS,
  GENDERS,
  MARITAL_STATUS_PLACEHOLDER,
  MARITAL_STATUSES,
  MEDICAL_PLACEHOLDER,
  profileGaps,
  YES_NO_NOT_SURE,
} from '@sync/rules/families/profile'
import {
  LAST_STEP,
  nextStep,
  previousStep,
  PROFILE_MESSAGES,
  profileFormSchema,
  profileValues,
  STEP_FIELDS,
  storedStep,
  WIZARD_STEP_KEY,
  WIZARD_STEPS,
  type ProfileFormValues,
} from '@sync/rules/families/profile-form'
import { useAuthMember } from '@/lib/auth/use-auth'
import { useSubmit } from '@/components/form/use-submit'
import { PrefixPhoneField } from '@/components/form/phone-field'
import { useProfileData, useProfileWriter } from '../hooks/use-profile'
import { gapText } from '../logic/office'
import { ProfileDocuments } from './profile-documents'

const validate = schemaResolver(profileFormSchema, { sync: true })
const storage = () => (typeof window === 'undefined' ? null : window.localStorage)
const select = (placeholder: string, options: readonly string[]) => [
  { value: '', label: placeholder },
  ...options,
]

function PersonalData({ form }: { form: ReturnType<typeof useProfileForm> }) {
  return (
    <Stack gap="md">
      {form.getValues().guardians.map((_, i) => (
        <Paper key={i} withBorder radius="md" p="sm" component="fieldset">
          <Title order={3} size="h5" component="legend">
            Parent or guardian {i + 1}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              required
              {...form.getInputProps(`guardians.${i}.firstName`)}
            />
            <TextInput
              label="Last name"
              required
              {...form.getInputProps(`guardians.${i}.lastName`)}
            />
            <TextInput
              label="Date of birth"
              type="date"
              {...form.getInputProps(`guardians.${i}.dob`)}
            />
            <NativeSelect
              label="Gender"
              data={select('Please select', GENDERS)}
              {...form.getInputProps(`guardians.${i}.gender`)}
            />
            <TextInput
              label="Nationality"
              required
              {...form.getInputProps(`guardians.${i}.nationality`)}
            />
            <NativeSelect
              label="Marital status"
              data={select(MARITAL_STATUS_PLACEHOLDER, MARITAL_STATUSES)}
              {...form.getInputProps(`guardians.${i}.maritalStatus`)}
            />
            <TextInput label="Occupation" {...form.getInputProps(`guardians.${i}.occupation`)} />
          </SimpleGrid>
          <FormPhone
            form={form}
            prefixPath={`guardians.${i}.prefix`}
            path={`guardians.${i}.mobile`}
            label="Mobile"
          />
          <Textarea
            label="Address"
            autosize
            minRows={2}
            mt="sm"
            {...form.getInputProps(`guardians.${i}.address`)}
          />
        </Paper>
      ))}
    </Stack>
  )
}

/** A country code and a number of the profile, in the one phone field of every form. */
function FormPhone({
  form,
  prefixPath,
  path,
  label,
}: {
  form: ReturnType<typeof useProfileForm>
  prefixPath: string
  path: string
  label: string
}) {
  const prefix = form.getInputProps(prefixPath)
  const number = form.getInputProps(path)
  return (
    <Box mt="sm">
      <PrefixPhoneField
        label={label}
        required={false}
        prefix={String(prefix.value ?? '')}
        onPrefix={(value) => form.setFieldValue(prefixPath, value)}
        number={String(number.value ?? '')}
        onNumber={(value) => form.setFieldValue(path, value)}
        error={number.error as string | undefined}
      />
    </Box>
  )
}

function ChildrenData({ form }: { form: ReturnType<typeof useProfileForm> }) {
  const children = form.getValues().children
  if (children.length === 0)
    return <Text c="dimmed">No child of your family is enrolled yet: the office adds them.</Text>
  return (
    <Stack gap="md">
      {children.map((c, i) => (
        <Paper key={c.id} withBorder radius="md" p="sm" component="fieldset">
          <Title order={3} size="h5" component="legend">
            {c.firstName || `Child ${i + 1}`}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              required
              {...form.getInputProps(`children.${i}.firstName`)}
            />
            <TextInput
              label="Last name"
              required
              {...form.getInputProps(`children.${i}.lastName`)}
            />
            <TextInput
              label="Date of birth"
              type="date"
              {...form.getInputProps(`children.${i}.dob`)}
            />
            <NativeSelect
              label="Gender"
              data={select('Please select', GENDERS)}
              {...form.getInputProps(`children.${i}.gender`)}
            />
            <TextInput
              label="Nationality"
              required
              {...form.getInputProps(`children.${i}.nationality`)}
            />
            <NativeSelect
              label="Blood group"
              data={[BLOOD_GROUP_PLACEHOLDER, ...BLOOD_GROUPS]}
              {...form.getInputProps(`children.${i}.bloodGroup`)}
            />
            <NativeSelect
              label="Any allergies?"
              data={[MEDICAL_PLACEHOLDER, ...YES_NO_NOT_SURE]}
              {...form.getInputProps(`children.${i}.fAllergies`)}
            />
            <TextInput label="Allergies" {...form.getInputProps(`children.${i}.allergies`)} />
            <NativeSelect
              label="Vaccinations up to date?"
              data={[MEDICAL_PLACEHOLDER, ...YES_NO_NOT_SURE]}
              {...form.getInputProps(`children.${i}.fVacinations`)}
            />
            <TextInput label="Vaccinations" {...form.getInputProps(`children.${i}.vacinations`)} />
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  )
}

function AdditionalData({ form }: { form: ReturnType<typeof useProfileForm> }) {
  return (
    <Stack gap="md">
      <Text size="sm">Who the centre calls when it cannot reach you.</Text>
      {form.getValues().emergency.map((e, i) => (
        <Paper key={e.type} withBorder radius="md" p="sm" component="fieldset">
          <Title order={3} size="h5" component="legend">
            {e.type}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" {...form.getInputProps(`emergency.${i}.name`)} />
            <TextInput label="Relation" {...form.getInputProps(`emergency.${i}.relation`)} />
            <TextInput
              label="E-mail"
              type="email"
              {...form.getInputProps(`emergency.${i}.email`)}
            />
          </SimpleGrid>
          <FormPhone
            form={form}
            prefixPath={`emergency.${i}.mobilePrefix`}
            path={`emergency.${i}.mobilePhone`}
            label="Mobile phone"
          />
          <TextInput label="Address" mt="sm" {...form.getInputProps(`emergency.${i}.address`)} />
        </Paper>
      ))}
    </Stack>
  )
}

function useProfileForm(initial: ProfileFormValues) {
  return useForm<ProfileFormValues>({ initialValues: initial, validate })
}

function Wizard({
  family,
  children,
  onFinished,
}: {
  family: FamilyRow
  children: StudentRow[]
  onFinished?(): void
}) {
  const writer = useProfileWriter()
  const form = useProfileForm(profileValues(family.data, children))
  const [step, setStepState] = useState(() => storedStep(storage()))
  // Once Finish was pressed too early, what is still missing shows, and shrinks as it is given.
  const [triedToFinish, setTriedToFinish] = useState(false)
  const { busy, run } = useSubmit()
  const setStep = (next: number) => {
    setStepState(next)
    storage()?.setItem(WIZARD_STEP_KEY, String(next))
    window.scrollTo?.({ top: 0 })
  }
  const gaps = profileGaps({
    guardians: family.data.guardians,
    children: children.map((c) => c.data),
    forms: family.data.forms,
    legalGuardianDocuments: family.data.legalGuardianDocuments,
  }).map((gap) =>
    gapText(
      gap,
      family.data.guardians.map((g) => [g.firstName, g.lastName].filter(Boolean).join(' ')),
      children.map((c) => c.name),
    ),
  )

  const next = async () => {
    const fields = STEP_FIELDS[step] ?? []
    if (fields.length > 0) {
      const result = form.validate()
      const mine = Object.entries(result.errors).filter(([path]) =>
        fields.some((f) => path === f || path.startsWith(`${f}.`)),
      )
      form.clearErrors()
      if (mine.length > 0) {
        form.setErrors(Object.fromEntries(mine))
        return
      }
    }
    const to = nextStep(step)
    await run(async () => {
      try {
        if (to === 'finished') {
          // I28: the profile is marked complete only when nothing is missing.
          if (gaps.length > 0) {
            setTriedToFinish(true)
            return
          }
          await writer.markCompleted(family.id)
          notifications.show({ color: 'green', message: PROFILE_MESSAGES.completed })
          storage()?.removeItem(WIZARD_STEP_KEY)
          onFinished?.()
        } else {
          if (step < LAST_STEP) await writer.saveProfile(family.id, form.getValues())
          setStep(to)
        }
      } catch (error) {
        notifications.show({ color: 'red', message: (error as Error).message })
      }
    })
  }

  return (
    <Stack gap="md" data-testid="profile-wizard">
      <Title order={1}>Your family&apos;s profile</Title>
      <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={setStep}>
        {WIZARD_STEPS.map((label) => (
          <Stepper.Step key={label} label={label} />
        ))}
      </Stepper>
      <Title order={2} size="h3" data-testid="wizard-step">
        {WIZARD_STEPS[step]}
      </Title>
      {step === 0 && <PersonalData form={form} />}
      {step === 1 && <ChildrenData form={form} />}
      {step === 2 && <AdditionalData form={form} />}
      {step === 3 && <ProfileDocuments family={family} children={children} />}
      {triedToFinish && step === LAST_STEP && gaps.length > 0 && (
        <Alert color="orange" role="alert" title="Before your profile is complete">
          <List size="sm">
            {gaps.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={() => setStep(previousStep(step))} disabled={busy}>
          Previous
        </Button>
        <Button onClick={() => void next()} loading={busy}>
          {step === LAST_STEP ? 'Finish' : 'Next'}
        </Button>
      </Group>
    </Stack>
  )
}

/** The parents' Profile page: the four-step profile wizard (core.md §2, I24–I28). */
export default function ProfileWizard({ onFinished }: { onFinished?(): void }) {
  const member = useAuthMember()
  const data = useProfileData(member?.familyToken ?? null)
  if (data === null)
    return <Text c="dimmed">Opening your family&apos;s profile on this device…</Text>
  if (!data.family)
    return (
      <Text c="dimmed">
        Your family&apos;s record has not reached this device yet. It arrives with the next sync.
      </Text>
    )
  return (
    <Wizard
      key={data.family.id}
      family={data.family}
      children={data.children}
      onFinished={onFinished}
    />
  )
}
