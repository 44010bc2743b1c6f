import { useState } from 'react'
import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { rpc } from '@/lib/rpc'
import { receiptAgainQuestion, receiptAgainResult } from '../logic/receipt-again'

/**
 * "E-mail again" for a recorded payment's receipt (J28, J29): asks first, then has the server
 * queue a copy to the family's guardians with the PDF attached. It needs a connection.
 */
export function ReceiptAgain({
  paymentId,
  receiptNumber,
  online,
}: {
  paymentId: string
  receiptNumber: string
  online: boolean
}) {
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const send = async () => {
    setBusy(true)
    setProblem(null)
    const answer = await rpc<unknown>('resend_receipt', { payment: paymentId })
    setBusy(false)
    const result = answer.ok ? receiptAgainResult(answer.data) : answer
    if (!result.ok) {
      setProblem(result.message)
      return
    }
    setAsking(false)
    notifications.show({ color: 'green', message: result.message })
  }
  if (!asking)
    return (
      <Stack gap={2} align="flex-start">
        <Button
          size="compact-sm"
          variant="light"
          disabled={!online}
          onClick={() => {
            setProblem(null)
            setAsking(true)
          }}
          aria-label={`E-mail receipt ${receiptNumber} again`}
        >
          E-mail again
        </Button>
        {!online && (
          <Text size="xs" c="dimmed">
            E-mailing a receipt again needs a connection.
          </Text>
        )}
      </Stack>
    )
  return (
    <Alert
      color="blue"
      variant="light"
      role="group"
      aria-label={`E-mail receipt ${receiptNumber} again`}
      style={{ flexBasis: '100%' }}
    >
      <Stack gap="xs">
        <Text size="sm">{receiptAgainQuestion(receiptNumber)}</Text>
        {problem && (
          <Text size="sm" c="red.9" role="alert">
            {problem}
          </Text>
        )}
        <Group gap="xs">
          <Button size="compact-sm" loading={busy} disabled={!online} onClick={() => void send()}>
            Yes, e-mail it again
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            disabled={busy}
            onClick={() => setAsking(false)}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
