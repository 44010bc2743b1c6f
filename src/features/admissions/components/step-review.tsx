import type { ReactNode, Ref } from 'react'
import { Button, Group, Stack, Text } from '@mantine/core'
import type { StepKind } from '@sync/rules/admissions/steps'
import { addressList, type StepFormValues } from '../logic/step-form'
import { STEP_ATTACHMENTS, type StepMailText } from '../logic/step-mail'
import type { SenderAccount } from '../logic/step-senders'
import { StepPreview } from './step-preview'

/** A step's second stage: its e-mail as it will go out, with Edit and Send. */
export function StepReview({
  kind,
  values,
  mail,
  sender,
  headingRef,
  failed,
  online,
  busy,
  onEdit,
  onSend,
}: {
  kind: StepKind
  values: StepFormValues
  mail: StepMailText
  sender: SenderAccount | undefined
  headingRef: Ref<HTMLHeadingElement>
  /** Why the step was not taken, when it was not. */
  failed: ReactNode
  online: boolean
  busy: boolean
  onEdit(): void
  onSend(): void
}) {
  return (
    <Stack gap="sm">
      {failed}
      <StepPreview
        headingRef={headingRef}
        sender={sender}
        to={addressList(values.mail.to)}
        cc={addressList(values.mail.cc)}
        subject={mail.subject}
        html={mail.html}
        images={mail.images}
        attachments={STEP_ATTACHMENTS[kind]}
      />
      {!online && (
        <Text size="sm" c="dimmed">
          You are offline: the step is kept on this device and the e-mail goes once it syncs.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onEdit} disabled={busy}>
          Edit
        </Button>
        <Button onClick={onSend} loading={busy}>
          Send
        </Button>
      </Group>
    </Stack>
  )
}
