import '@mantine/core/styles/Modal.css'
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core'
import { useSubmit } from '@/components/form/use-submit'

export interface ReminderMail {
  to: string[]
  subject: string
  html: string
}

function Preview({ to, subject, html }: ReminderMail) {
  return (
    <Stack gap={4} data-testid="reminder-preview">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <b>To:</b> {to.join(', ')}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <b>Subject:</b> {subject}
      </Text>
      {/* The message as the family will read it; scripts stay off. */}
      <iframe
        title="The reminder"
        sandbox=""
        srcDoc={html}
        style={{
          width: '100%',
          height: 260,
          border: '1px solid var(--mantine-color-default-border)',
        }}
      />
    </Stack>
  )
}

export interface ReminderDialogProps {
  familyName: string
  /** The reminder to confirm; null when closed. */
  mail: ReminderMail | null
  online: boolean
  send(mail: ReminderMail): Promise<{ ok: true; message: string } | { ok: false; message: string }>
  onSent(message: string): void
  onClose(): void
}

/** The reminder as it will go out, sent only when the office confirms it (J30). */
export function ReminderDialog({
  familyName,
  mail,
  online,
  send,
  onSent,
  onClose,
}: ReminderDialogProps) {
  const { busy, failure, setFailure, attempt } = useSubmit()
  const close = () => {
    setFailure(null)
    onClose()
  }
  const confirm = async () => {
    if (!mail) return
    await attempt(async () => {
      const answer = await send(mail)
      if (answer.ok) onSent(answer.message)
      else setFailure(answer.message)
    })
  }
  return (
    <Modal
      opened={mail !== null}
      onClose={close}
      title={`Send a reminder to the ${familyName} family`}
      size="lg"
    >
      {mail && (
        <Stack gap="sm">
          {failure && (
            <Alert color="red" title="The reminder was not sent">
              {failure}
            </Alert>
          )}
          <Preview {...mail} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => void confirm()} loading={busy} disabled={!online}>
              Send
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
