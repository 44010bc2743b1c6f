import { useEffect, useState } from 'react'
import { Alert, Group, Loader, Text } from '@mantine/core'
import { confirmOnboardingAnswers } from '../logic/confirm-onboarding'
import { ApplicationFrame } from './application-frame'

export const ONBOARDING_CONFIRM_TEXT = {
  title: 'Confirm your answers',
  lead: 'The link in our e-mail confirms that the answers are yours.',
  working: 'Confirming your answers…',
  doneTitle: 'Answers confirmed',
  failedTitle: 'Not confirmed',
}

/** /apply-onboarding?confirm=…: the family's answers reach the office once this succeeds. */
export function OnboardingConfirm({ token }: { token: string }) {
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null)
  useEffect(() => {
    let live = true
    void confirmOnboardingAnswers(token).then((result) => live && setAnswer(result))
    return () => {
      live = false
    }
  }, [token])
  return (
    <ApplicationFrame title={ONBOARDING_CONFIRM_TEXT.title} lead={ONBOARDING_CONFIRM_TEXT.lead}>
      {answer === null ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{ONBOARDING_CONFIRM_TEXT.working}</Text>
        </Group>
      ) : (
        <Alert
          color={answer.ok ? 'green' : 'red'}
          variant="light"
          title={
            answer.ok ? ONBOARDING_CONFIRM_TEXT.doneTitle : ONBOARDING_CONFIRM_TEXT.failedTitle
          }
          role={answer.ok ? 'status' : 'alert'}
        >
          {answer.message}
        </Alert>
      )}
    </ApplicationFrame>
  )
}
