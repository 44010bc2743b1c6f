import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core'
import { ONBOARDING_QUESTIONS } from '@sync/rules/admissions/questions'
import { YES_NO_NOT_SURE } from '@sync/rules/families/profile'
import { useApplicationForm } from '../hooks/use-application-form'
import {
  ONBOARDING_DRAFT_KEY,
  emptyOnboardingForm,
  onboardingApplicationOf,
  onboardingFormProblems,
  readOnboardingDraft,
  type OnboardingFormValues,
} from '../logic/onboarding-form'
import {
  ApplicationFrame,
  ApplicationStatus,
  FormSection,
  RefusedAlert,
  choose,
} from './application-frame'

export const ONBOARDING_TEXT = {
  title: 'Before the first day',
  lead: 'A few questions for families joining the centre, so the facilitators know your children from the first day. Use the e-mail address you gave when you applied.',
  submit: 'Send answers',
}

const frame = { title: ONBOARDING_TEXT.title, lead: ONBOARDING_TEXT.lead }

/** The onboarding questionnaire (/apply-onboarding), usable offline and on 2g. */
export function OnboardingApplication() {
  const { form, entry, sending, submit, submitted, startAnother } =
    useApplicationForm<OnboardingFormValues>({
      kind: 'onboarding',
      draftKey: ONBOARDING_DRAFT_KEY,
      readDraft: readOnboardingDraft,
      empty: emptyOnboardingForm,
      validate: onboardingFormProblems,
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
      <form noValidate onSubmit={form.onSubmit((v) => submit(onboardingApplicationOf(v)))}>
        <Stack gap="lg">
          <FormSection title="Your family">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="First name"
                required
                autoComplete="given-name"
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label="Last name"
                required
                autoComplete="family-name"
                {...form.getInputProps('lastName')}
              />
            </SimpleGrid>
            <TextInput
              label="E-mail"
              description="The address you gave when you applied."
              type="email"
              required
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Your children’s names"
              required
              {...form.getInputProps('childNames')}
            />
          </FormSection>
          <FormSection title="Questions" lead="Answer as much as you like.">
            {ONBOARDING_QUESTIONS.map((q) =>
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
            <Button type="submit">{ONBOARDING_TEXT.submit}</Button>
          </Group>
        </Stack>
      </form>
    </ApplicationFrame>
  )
}
