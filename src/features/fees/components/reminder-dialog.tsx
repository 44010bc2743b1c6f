import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Checkbox.css'
import { useState } from 'react'
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core'
import { withInlineImages, type InlineImage } from '@sync/rules/fees/payment-mail'
import { useSubmit } from '@/components/form/use-submit'

export interface ReminderMail {
  to: string[]
  subject: string
  html: string
  /** Images the HTML shows by their Content-ID (the UPI QR code), sent inline. */
  images?: InlineImage[]
}

function Preview({ to, subject, html, images = [] }: ReminderMail) {
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
        srcDoc={withInlineImages(html, images)}
        style={{
          width: '100%',
          height: 360,
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
  /**
   * The last reminder, when it went less than a day ago ("Last reminder today 10:05 by …"): the
   * office confirms a second one before it can go.
   */
  recent?: string | null
  send(mail: ReminderMail): Promise<{ ok: true; message: string } | { ok: false; message: string }>
  onSent(message: string): void
  onClose(): void
}

/** The reminder as it will go out, sent only when the office confirms it (J30). */
export function ReminderDialog({
  familyName,
  mail,
  online,
  recent = null,
  send,
  onSent,
  onClose,
}: ReminderDialogProps) {
  const { busy, failure, setFailure, attempt } = useSubmit()
  const [again, setAgain] = useState(false)
  const close = () => {
    setFailure(null)
    setAgain(false)
    onClose()
  }
  const confirm = async () => {
    if (!mail) return
    await attempt(async () => {
      const answer = await send(mail)
      if (answer.ok) {
        setAgain(false)
        onSent(answer.message)
      } else setFailure(answer.message)
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
          {recent && (
            <Alert color="yellow" title="This family was reminded less than a day ago">
              <Stack gap={6}>
                <Text size="sm">{recent}.</Text>
                <Checkbox
                  label="Send a second reminder anyway"
                  checked={again}
                  onChange={(e) => setAgain(e.currentTarget.checked)}
                />
              </Stack>
            </Alert>
          )}
          <Preview {...mail} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button
              onClick={() => void confirm()}
              loading={busy}
              disabled={!online || (recent !== null && !again)}
            >
              Send
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  )
}
