import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core'
import { FACILITATOR_QUESTIONS } from '@sync/rules/admissions/questions'
import { GENDERS, YES_NO_NOT_SURE } from '@sync/rules/families/profile'
import { useApplicationForm } from '../hooks/use-application-form'
import {
  ApplicationFrame,
  ApplicationStatus,
  FormSection,
  RefusedAlert,
  choose,
} from './application-frame'
import {
  FACILITATOR_DRAFT_KEY,
  PREFIX_OPTIONS,
  emptyFacilitatorForm,
  facilitatorApplicationOf,
  facilitatorFormProblems,
  readFacilitatorDraft,
  type FacilitatorFormValues,
} from '../logic/facilitator-form'

export const FACILITATOR_APPLICATION_TEXT = {
  title: 'Apply to facilitate',
  lead: 'Tell us about yourself and how you work with children. What you type is kept on this device until you send it, so you can come back to it later.',
  submit: 'Send application',
}

const frame = {
  title: FACILITATOR_APPLICATION_TEXT.title,
  lead: FACILITATOR_APPLICATION_TEXT.lead,
}

/** The public facilitator application (/apply-facilitators), usable offline and on 2g. */
export function FacilitatorApplication() {
  const { form, entry, sending, submit, submitted, startAnother } =
    useApplicationForm<FacilitatorFormValues>({
      kind: 'facilitator',
      draftKey: FACILITATOR_DRAFT_KEY,
      readDraft: readFacilitatorDraft,
      empty: emptyFacilitatorForm,
      validate: facilitatorFormProblems,
      validateInputOnBlur: true,
    })

  if (submitted) {
    return (
      <ApplicationFrame {...frame}>
        <ApplicationStatus entry={entry} sending={sending} onAnother={startAnother} />
      </ApplicationFrame>
    )
  }

  return (
    <ApplicationFrame {...frame}>
      <RefusedAlert entry={entry} />
      <form
        noValidate
        onSubmit={form.onSubmit((values) => submit(facilitatorApplicationOf(values)))}
      >
        <Stack gap="lg">
          <FormSection title="About you">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="First name"
                required
                autoComplete="given-name"
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label="Middle name"
                autoComplete="additional-name"
                {...form.getInputProps('middleName')}
              />
              <TextInput
                label="Last name"
                required
                autoComplete="family-name"
                {...form.getInputProps('lastName')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Date of birth"
                type="date"
                required
                autoComplete="bday"
                {...form.getInputProps('dob')}
              />
              <NativeSelect
                label="Gender"
                required
                data={choose(GENDERS)}
                {...form.getInputProps('gender')}
              />
              <TextInput label="Nationality" required {...form.getInputProps('nationality')} />
            </SimpleGrid>
            <TextInput
              label="E-mail"
              type="email"
              required
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NativeSelect
                label="Country code"
                data={PREFIX_OPTIONS}
                {...form.getInputProps('prefix')}
              />
              <TextInput
                label="Mobile"
                type="tel"
                required
                autoComplete="tel-national"
                {...form.getInputProps('mobile')}
              />
            </SimpleGrid>
          </FormSection>
          <FormSection title="Your work">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Current workplace"
                autoComplete="organization"
                {...form.getInputProps('workplace')}
              />
              <TextInput
                label="Years of experience"
                type="number"
                inputMode="numeric"
                min={0}
                max={60}
                required
                {...form.getInputProps('yearsOfExperience')}
              />
            </SimpleGrid>
            <TextInput
              label="Subjects you would facilitate"
              required
              {...form.getInputProps('facilitatingSubjects')}
            />
            <Textarea
              label="Statement of interest"
              description="Why you would like to facilitate at the centre."
              required
              autosize
              minRows={4}
              {...form.getInputProps('statementOfInterest')}
            />
          </FormSection>
          <FormSection title="References" lead="Two people who know your work with children.">
            {([0, 1] as const).map((i) => (
              <Paper key={i} withBorder p="sm" radius="md">
                <Stack gap="xs">
                  <Text fw={600}>Reference {i + 1}</Text>
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <TextInput
                      label="Reference name"
                      required
                      {...form.getInputProps(`references.${i}.name`)}
                    />
                    <TextInput
                      label="E-mail"
                      type="email"
                      required
                      {...form.getInputProps(`references.${i}.email`)}
                    />
                    <TextInput
                      label="Relationship"
                      required
                      {...form.getInputProps(`references.${i}.relationship`)}
                    />
                  </SimpleGrid>
                </Stack>
              </Paper>
            ))}
          </FormSection>
          <FormSection title="A few questions" lead="Answer as much as you like.">
            {FACILITATOR_QUESTIONS.map((q) =>
              q.answer === 'yes-no' ? (
                <NativeSelect
                  key={q.id}
                  label={q.text}
                  data={choose(YES_NO_NOT_SURE)}
                  {...form.getInputProps(`questions.${q.id}`)}
                />
              ) : (
                <Textarea
                  key={q.id}
                  label={q.text}
                  autosize
                  minRows={2}
                  {...form.getInputProps(`questions.${q.id}`)}
                />
              ),
            )}
          </FormSection>
          <Group>
            <Button type="submit">{FACILITATOR_APPLICATION_TEXT.submit}</Button>
          </Group>
        </Stack>
      </form>
    </ApplicationFrame>
  )
}
