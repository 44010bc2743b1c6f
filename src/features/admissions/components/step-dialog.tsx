import { useEffect, useRef } from 'react'
import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core'
import type { StepKind } from '@sync/rules/admissions/steps'
import type { InquiryRow } from '@sync/engine/database'
import { useStepGroups, useStepSenders } from '../hooks/use-admission-steps'
import { STEP_ACTIONS } from '../logic/step-actions'
import { stepUnavailable } from '../logic/step-children'
import { SENDING_OFF, type SendersAnswer } from '../logic/step-senders'
import { StepForm } from './step-form'

type Data = Record<string, unknown>

/** Why the step cannot be taken here, if so: no senders, sending off, no child it is open to. */
function Blocked({
  senders,
  error,
  unavailable,
}: {
  senders: SendersAnswer | null
  error: string | null
  unavailable: string[]
}) {
  if (!senders)
    return error ? (
      <Alert color="red" title="The sender accounts could not be read">
        {error} They are read once online; after that a step can be taken offline too.
      </Alert>
    ) : (
      <Text size="sm" c="dimmed">
        Reading the sender accounts…
      </Text>
    )
  if (!senders.may_send)
    return (
      <Alert color="orange" title="E-mail sending is off">
        {SENDING_OFF}
      </Alert>
    )
  if (senders.senders.length === 0)
    return <Alert color="orange">No sender accounts are set up yet.</Alert>
  return (
    <Alert color="orange" title="No child can take this step yet">
      <List size="sm">
        {unavailable.map((reason) => (
          <List.Item key={reason}>{reason}</List.Item>
        ))}
      </List>
    </Alert>
  )
}

/**
 * One admission step's dialog (H21–H42), shown in place of the inquiry's detail: the meeting,
 * the trial, the admission, the admission payment or the enrolment, with its e-mail.
 */
export function StepDialog({
  row,
  kind,
  onDone,
}: {
  row: InquiryRow
  kind: StepKind
  onDone(): void
}) {
  const { answer, error } = useStepSenders()
  const reference = useStepGroups()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const unavailable = stepUnavailable(row.data as Data, kind)
  const ready = answer && answer.may_send && answer.senders.length > 0 && unavailable.length === 0
  return (
    <Stack gap="sm" data-testid="step-dialog">
      <Title order={3} size="h4" ref={heading} tabIndex={-1}>
        {STEP_ACTIONS[kind]} · {row.family_name} family
      </Title>
      {!ready ? (
        <>
          <Blocked senders={answer} error={error} unavailable={unavailable} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone}>
              Back
            </Button>
          </Group>
        </>
      ) : reference ? (
        <StepForm
          row={row}
          kind={kind}
          senders={answer}
          groups={reference.groups}
          tariffs={reference.tariffs}
          onDone={onDone}
        />
      ) : (
        <Text size="sm" c="dimmed">
          Opening the groups on this device…
        </Text>
      )}
    </Stack>
  )
}
