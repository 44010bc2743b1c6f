import '@mantine/core/styles/NumberInput.css'
import { NativeSelect, NumberInput, SimpleGrid, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { CONTRIBUTION_TYPES } from '@sync/admissions/steps'
import {
  admissionDefaults,
  admissionTermOptions,
  groupChoices,
  stepChildren,
  tariffLabel,
  trialDefaults,
  withGroup,
  withTariff,
  type GroupOption,
  type SenderAccount,
  type StepFormValues,
  type TariffOption,
} from '../logic/step-mail'

type Form = UseFormReturnType<StepFormValues>
type Data = Record<string, unknown>

const NO_GROUPS = 'No groups on this device yet: an admin adds them in the reference lists.'

/** Sender, recipients and copies of a step's e-mail. */
export function MailFields({ form, senders }: { form: Form; senders: SenderAccount[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <NativeSelect
        label="Sender"
        required
        data={senders.map((s) => ({ value: s.key, label: s.display_name }))}
        {...form.getInputProps('mail.sender')}
      />
      <TextInput
        label="To"
        required
        description="Separate addresses with commas."
        autoComplete="off"
        {...form.getInputProps('mail.to')}
      />
      <TextInput label="Cc" autoComplete="off" {...form.getInputProps('mail.cc')} />
    </SimpleGrid>
  )
}

/** H21: the day, the hours and who welcomes the family. */
export function MeetingFields({ form }: { form: Form }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <TextInput
        label="Meeting date"
        type="date"
        required
        {...form.getInputProps('meeting.date')}
      />
      <TextInput
        label="Who welcomes them"
        required
        maxLength={200}
        {...form.getInputProps('meeting.contact')}
      />
      <TextInput label="Starts" type="time" required {...form.getInputProps('meeting.start')} />
      <TextInput label="Ends" type="time" required {...form.getInputProps('meeting.end')} />
    </SimpleGrid>
  )
}

/** The child a step is for, among those it is open to. */
function ChildSelect({
  form,
  data,
  kind,
  onChoose,
}: {
  form: Form
  data: Data
  kind: 'trial' | 'admission' | 'admissionPayment' | 'enrolment'
  onChoose(child: number): void
}) {
  return (
    <NativeSelect
      label="Child"
      required
      data={stepChildren(data, kind).map((c) => ({ value: String(c.index), label: c.name }))}
      value={String(form.getValues()[kind].child)}
      onChange={(e) => onChoose(Number(e.currentTarget.value))}
      error={form.errors[`${kind}.child`]}
    />
  )
}

function GroupSelect({
  label,
  groups,
  value,
  error,
  onChoose,
}: {
  label: string
  groups: readonly GroupOption[]
  value: string
  error: unknown
  onChoose(id: string): void
}) {
  const choices = groupChoices(groups, value)
  return (
    <NativeSelect
      label={label}
      required
      data={[
        { value: '', label: 'Choose a group' },
        ...choices.map((g) => ({ value: g.id, label: g.name })),
      ]}
      value={value}
      onChange={(e) => onChoose(e.currentTarget.value)}
      error={error as string | undefined}
      description={choices.length === 0 ? NO_GROUPS : undefined}
    />
  )
}

/** H25: the child, the group and the trial days. */
export function TrialFields({
  form,
  data,
  groups,
}: {
  form: Form
  data: Data
  groups: readonly GroupOption[]
}) {
  const trial = form.getValues().trial
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <ChildSelect
        form={form}
        data={data}
        kind="trial"
        onChoose={(child) => form.setFieldValue('trial', trialDefaults(data, child))}
      />
      <GroupSelect
        label="Trial group"
        groups={groups}
        value={trial.groupId}
        error={form.errors['trial.groupId'] ?? form.errors['trial.groupName']}
        onChoose={(id) =>
          form.setFieldValue('trial', {
            ...form.getValues().trial,
            groupId: id,
            groupName: groups.find((g) => g.id === id)?.name ?? '',
          })
        }
      />
      <TextInput
        label="First trial day"
        type="date"
        required
        {...form.getInputProps('trial.start')}
      />
      <TextInput label="Last trial day" type="date" required {...form.getInputProps('trial.end')} />
    </SimpleGrid>
  )
}

const money = {
  min: 0,
  allowNegative: false,
  thousandSeparator: ',',
  thousandsGroupStyle: 'lakh',
  hideControls: true,
} as const

/** H31: the child, the term, the group with its fee tariff, the fees and the contribution. */
export function AdmissionFields({
  form,
  data,
  groups,
  tariffs,
  today,
}: {
  form: Form
  data: Data
  groups: readonly GroupOption[]
  tariffs: readonly TariffOption[]
  today: string
}) {
  const admission = form.getValues().admission
  const terms = [...new Set([admission.admissionTerm, ...admissionTermOptions(today)])].filter(
    Boolean,
  )
  const set = (next: typeof admission) => form.setFieldValue('admission', next)
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <ChildSelect
        form={form}
        data={data}
        kind="admission"
        onChoose={(child) => set(admissionDefaults(data, child, today, groups, tariffs))}
      />
      <NativeSelect
        label="Admission term"
        required
        data={terms}
        {...form.getInputProps('admission.admissionTerm')}
      />
      <TextInput
        label="About the term (optional)"
        maxLength={500}
        {...form.getInputProps('admission.admissionTermDescription')}
      />
      <GroupSelect
        label="Group"
        groups={groups}
        value={admission.groupId}
        error={form.errors['admission.groupId'] ?? form.errors['admission.groupName']}
        onChoose={(id) => set(withGroup(form.getValues().admission, id, groups, tariffs))}
      />
      <NativeSelect
        label="Fee tariff"
        required
        data={[
          { value: '', label: 'Choose a fee tariff' },
          ...tariffs.map((t) => ({ value: t.id, label: tariffLabel(t) })),
        ]}
        value={admission.feeTariffId}
        onChange={(e) =>
          set(withTariff(form.getValues().admission, e.currentTarget.value, tariffs))
        }
        error={form.errors['admission.feeTariffId']}
      />
      <NumberInput
        label="Monthly fee (₹)"
        required
        {...money}
        {...form.getInputProps('admission.monthlyFee')}
      />
      <NumberInput
        label="Admission fee (₹)"
        required
        {...money}
        {...form.getInputProps('admission.admissionFee')}
      />
      <NumberInput
        label="Deposit (₹)"
        required
        {...money}
        {...form.getInputProps('admission.depositFee')}
      />
      <NativeSelect
        label="Contribution type"
        required
        data={[...CONTRIBUTION_TYPES]}
        {...form.getInputProps('admission.contributionType')}
      />
      <NumberInput
        label="Contribution (₹)"
        required
        {...money}
        {...form.getInputProps('admission.contributionFee')}
      />
    </SimpleGrid>
  )
}

/** H37: the child whose admission fee and deposit arrived. */
export function PaymentFields({ form, data }: { form: Form; data: Data }) {
  return (
    <ChildSelect
      form={form}
      data={data}
      kind="admissionPayment"
      onChoose={(child) => form.setFieldValue('admissionPayment', { child })}
    />
  )
}

/** H39: the child to enrol and the first day at the centre. */
export function EnrolmentFields({ form, data }: { form: Form; data: Data }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <ChildSelect
        form={form}
        data={data}
        kind="enrolment"
        onChoose={(child) => form.setFieldValue('enrolment.child', child)}
      />
      <TextInput
        label="Start date"
        type="date"
        required
        {...form.getInputProps('enrolment.startDate')}
      />
    </SimpleGrid>
  )
}
