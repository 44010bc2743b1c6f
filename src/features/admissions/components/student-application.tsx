import '@mantine/core/styles/Checkbox.css'
import {
  Button,
  Checkbox,
  Group,
  List,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { GUARDIAN_QUESTIONS } from '@sync/rules/admissions/questions'
import {
  GENDERS,
  MARITAL_STATUSES,
  MARITAL_STATUS_PLACEHOLDER,
  YES_NO_NOT_SURE,
} from '@sync/rules/families/profile'
import { useApplicationForm } from '../hooks/use-application-form'
import { PREFIX_OPTIONS } from '../logic/facilitator-form'
import {
  MAX_CHILDREN,
  MAX_GUARDIANS,
  STUDENT_DRAFT_KEY,
  childName,
  childProblems,
  emptyChild,
  emptyGuardian,
  emptySchool,
  emptyStudentForm,
  readStudentDraft,
  studentApplicationOf,
  studentFormProblems,
  submitReasons,
  type StudentFormValues,
} from '../logic/student-form'
import {
  ApplicationFrame,
  ApplicationStatus,
  FormSection,
  RefusedAlert,
  choose,
} from './application-frame'

export const STUDENT_APPLICATION_TEXT = {
  title: 'Apply for your child',
  lead: 'Tell us about your children and about yourselves. What you type is kept on this device until you send it, so you can come back to it later.',
  submit: 'Send application',
  addChild: 'Add a child',
  saveChild: 'Save child',
  addGuardian: 'Add another parent or guardian',
  soleGuardian: "I am the child's only legal guardian",
}

const frame = { title: STUDENT_APPLICATION_TEXT.title, lead: STUDENT_APPLICATION_TEXT.lead }

/** The public student application (/apply-students), usable offline and on 2g. */
export function StudentApplication() {
  const { form, entry, sending, submit, submitted, startAnother } =
    useApplicationForm<StudentFormValues>({
      kind: 'student',
      draftKey: STUDENT_DRAFT_KEY,
      readDraft: readStudentDraft,
      empty: emptyStudentForm,
      validate: studentFormProblems,
    })

  if (submitted) {
    return (
      <ApplicationFrame {...frame}>
        <ApplicationStatus entry={entry} sending={sending} onAnother={startAnother} />
      </ApplicationFrame>
    )
  }

  const values = form.getValues()
  const reasons = submitReasons(values)
  const draft = values.childDraft

  const saveChild = () => {
    if (!draft) return
    const problems = childProblems(draft)
    if (Object.keys(problems).length > 0) {
      form.setErrors(problems)
      return
    }
    const children = [...values.children]
    if (values.childIndex === null) children.push(draft)
    else children[values.childIndex] = draft
    form.setValues({ children, childDraft: null, childIndex: null })
    form.clearErrors()
  }

  const askSole =
    values.guardians.length === 1 && !!values.maritalStatus && values.maritalStatus !== 'Married'

  return (
    <ApplicationFrame {...frame}>
      <RefusedAlert entry={entry} />
      <form noValidate onSubmit={form.onSubmit((v) => submit(studentApplicationOf(v)))}>
        <Stack gap="lg">
          <FormSection title="Children" lead="Add each child you are applying for.">
            {values.children.length > 0 && (
              <Stack gap="xs" data-testid="children-list">
                {values.children.map((child, i) => (
                  <Paper key={i} withBorder p="sm" radius="md">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <div>
                        <Text fw={600}>{childName(child)}</Text>
                        <Text size="sm" c="dimmed">
                          Born {child.dob} · {child.gender}
                          {child.previousSchools.length > 0 &&
                            ` · ${child.previousSchools.map((s) => s.school).join(', ')}`}
                        </Text>
                      </div>
                      <Group gap="xs">
                        <Button
                          variant="default"
                          size="xs"
                          disabled={!!draft}
                          onClick={() =>
                            form.setValues({ childDraft: { ...child }, childIndex: i })
                          }
                          aria-label={`Edit ${childName(child)}`}
                        >
                          Edit
                        </Button>
                        <Button
                          variant="subtle"
                          color="red"
                          size="xs"
                          disabled={!!draft}
                          onClick={() => form.removeListItem('children', i)}
                          aria-label={`Remove ${childName(child)}`}
                        >
                          Remove
                        </Button>
                      </Group>
                    </Group>
                  </Paper>
                ))}
              </Stack>
            )}
            {draft ? (
              <Paper withBorder p="sm" radius="md" role="group" aria-label="Child">
                <Stack gap="sm">
                  <Text fw={600}>
                    {values.childIndex === null ? 'New child' : `Child ${values.childIndex + 1}`}
                  </Text>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <TextInput
                      label="Child's first name"
                      required
                      {...form.getInputProps('childDraft.firstName')}
                    />
                    <TextInput
                      label="Child's middle name"
                      {...form.getInputProps('childDraft.middleName')}
                    />
                    <TextInput
                      label="Child's last name"
                      required
                      {...form.getInputProps('childDraft.lastName')}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <TextInput
                      label="Child's date of birth"
                      type="date"
                      required
                      {...form.getInputProps('childDraft.dob')}
                    />
                    <NativeSelect
                      label="Child's gender"
                      required
                      data={choose(GENDERS)}
                      {...form.getInputProps('childDraft.gender')}
                    />
                    <TextInput
                      label="Child's nationality"
                      required
                      {...form.getInputProps('childDraft.nationality')}
                    />
                  </SimpleGrid>
                  <Text size="sm" fw={600}>
                    Previous schools
                  </Text>
                  {draft.previousSchools.map((_, s) => (
                    <Group key={s} align="end" gap="xs" wrap="wrap">
                      <TextInput
                        style={{ flex: '2 1 12rem' }}
                        label="School"
                        {...form.getInputProps(`childDraft.previousSchools.${s}.school`)}
                      />
                      <TextInput
                        style={{ flex: '1 1 6rem' }}
                        label="Grade"
                        {...form.getInputProps(`childDraft.previousSchools.${s}.grade`)}
                      />
                      <TextInput
                        style={{ flex: '1 1 6rem' }}
                        label="Years"
                        {...form.getInputProps(`childDraft.previousSchools.${s}.years`)}
                      />
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        onClick={() => form.removeListItem('childDraft.previousSchools', s)}
                        aria-label={`Remove school ${s + 1}`}
                      >
                        Remove
                      </Button>
                    </Group>
                  ))}
                  <Group>
                    <Button
                      variant="default"
                      size="xs"
                      disabled={draft.previousSchools.length >= 10}
                      onClick={() =>
                        form.insertListItem('childDraft.previousSchools', emptySchool())
                      }
                    >
                      Add a previous school
                    </Button>
                  </Group>
                  <Group>
                    <Button onClick={saveChild}>{STUDENT_APPLICATION_TEXT.saveChild}</Button>
                    <Button
                      variant="default"
                      onClick={() => {
                        form.setValues({ childDraft: null, childIndex: null })
                        form.clearErrors()
                      }}
                    >
                      Cancel
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ) : (
              <Group>
                <Button
                  variant="default"
                  disabled={values.children.length >= MAX_CHILDREN}
                  onClick={() => {
                    const lastName = values.guardians[0]?.lastName ?? ''
                    form.setValues({ childDraft: { ...emptyChild(), lastName }, childIndex: null })
                  }}
                >
                  {STUDENT_APPLICATION_TEXT.addChild}
                </Button>
              </Group>
            )}
          </FormSection>

          <FormSection title="Parents and guardians">
            <NativeSelect
              label="Marital status of the parents"
              required
              data={[
                { value: '', label: MARITAL_STATUS_PLACEHOLDER },
                ...MARITAL_STATUSES.map((m) => ({ value: m, label: m })),
              ]}
              {...form.getInputProps('maritalStatus')}
            />
            {values.guardians.map((_, g) => (
              <Paper
                key={g}
                withBorder
                p="sm"
                radius="md"
                role="group"
                aria-label={`Parent or guardian ${g + 1}`}
              >
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Text fw={600}>Parent or guardian {g + 1}</Text>
                    {values.guardians.length > 1 && (
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        onClick={() => form.removeListItem('guardians', g)}
                      >
                        Remove
                      </Button>
                    )}
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <TextInput
                      label="First name"
                      required
                      autoComplete={g === 0 ? 'given-name' : 'off'}
                      {...form.getInputProps(`guardians.${g}.firstName`)}
                    />
                    <TextInput
                      label="Middle name"
                      {...form.getInputProps(`guardians.${g}.middleName`)}
                    />
                    <TextInput
                      label="Last name"
                      required
                      autoComplete={g === 0 ? 'family-name' : 'off'}
                      {...form.getInputProps(`guardians.${g}.lastName`)}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <TextInput
                      label="Date of birth"
                      type="date"
                      required
                      {...form.getInputProps(`guardians.${g}.dob`)}
                    />
                    <NativeSelect
                      label="Gender"
                      required
                      data={choose(GENDERS)}
                      {...form.getInputProps(`guardians.${g}.gender`)}
                    />
                    <TextInput
                      label="Nationality"
                      required
                      {...form.getInputProps(`guardians.${g}.nationality`)}
                    />
                  </SimpleGrid>
                  <TextInput
                    label="E-mail"
                    type="email"
                    required
                    autoComplete={g === 0 ? 'email' : 'off'}
                    {...form.getInputProps(`guardians.${g}.email`)}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <NativeSelect
                      label="Country code"
                      data={PREFIX_OPTIONS}
                      {...form.getInputProps(`guardians.${g}.prefix`)}
                    />
                    <TextInput
                      label="Mobile"
                      type="tel"
                      required
                      {...form.getInputProps(`guardians.${g}.mobile`)}
                    />
                  </SimpleGrid>
                  <Textarea
                    label="Address"
                    autosize
                    minRows={2}
                    {...form.getInputProps(`guardians.${g}.address`)}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label="Occupation"
                      {...form.getInputProps(`guardians.${g}.occupation`)}
                    />
                    <TextInput
                      label="Work place"
                      {...form.getInputProps(`guardians.${g}.workPlace`)}
                    />
                  </SimpleGrid>
                  <Textarea
                    label="Job description"
                    autosize
                    minRows={2}
                    {...form.getInputProps(`guardians.${g}.jobDescription`)}
                  />
                  <Textarea
                    label="About you"
                    description="Anything you would like us to know about you."
                    autosize
                    minRows={2}
                    {...form.getInputProps(`guardians.${g}.about`)}
                  />
                  <Text size="sm" fw={600}>
                    A few questions (answer as much as you like)
                  </Text>
                  {GUARDIAN_QUESTIONS.map((q) =>
                    q.answer === 'yes-no' ? (
                      <NativeSelect
                        key={q.id}
                        label={q.text}
                        data={choose(YES_NO_NOT_SURE)}
                        {...form.getInputProps(`guardians.${g}.questions.${q.id}`)}
                      />
                    ) : (
                      <Textarea
                        key={q.id}
                        label={q.text}
                        autosize
                        minRows={2}
                        {...form.getInputProps(`guardians.${g}.questions.${q.id}`)}
                      />
                    ),
                  )}
                </Stack>
              </Paper>
            ))}
            <Group>
              <Button
                variant="default"
                disabled={values.guardians.length >= MAX_GUARDIANS}
                onClick={() => form.insertListItem('guardians', emptyGuardian())}
              >
                {STUDENT_APPLICATION_TEXT.addGuardian}
              </Button>
            </Group>
            {askSole && (
              <Checkbox
                label={STUDENT_APPLICATION_TEXT.soleGuardian}
                {...form.getInputProps('soleGuardian', { type: 'checkbox' })}
              />
            )}
          </FormSection>

          <Stack gap="xs">
            {reasons.length > 0 && (
              <List size="sm" c="dimmed" aria-label="Before you can send" id="send-blocks">
                {reasons.map((r) => (
                  <List.Item key={r}>{r}</List.Item>
                ))}
              </List>
            )}
            <Group>
              <Button
                type="submit"
                disabled={reasons.length > 0}
                aria-describedby={reasons.length > 0 ? 'send-blocks' : undefined}
              >
                {STUDENT_APPLICATION_TEXT.submit}
              </Button>
            </Group>
          </Stack>
        </Stack>
      </form>
    </ApplicationFrame>
  )
}
