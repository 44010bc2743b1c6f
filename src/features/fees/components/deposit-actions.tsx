import { useState } from 'react'
import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { centreDateOf } from '@/lib/time/calendar-date'
import { usePaymentsWriter } from '../hooks/use-payments-writer'
import { DEPOSIT_ACTIONS, type DepositOutcome } from '../logic/deposit'

/**
 * A recorded deposit's standing, and while the centre holds it "Return deposit" and "Keep
 * deposit" (issue 40): the day (today to begin with) and a note, written on the device.
 */
export function DepositActions({
  paymentId,
  text,
  held,
}: {
  paymentId: string
  text: string
  held: boolean
}) {
  const writer = usePaymentsWriter()
  const [outcome, setOutcome] = useState<DepositOutcome | null>(null)
  const [today] = useState(() => centreDateOf(new Date()))
  const [day, setDay] = useState(today)
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const open = (next: DepositOutcome) => {
    setOutcome(next)
    setDay(today)
    setNote('')
    setProblem(null)
  }
  const save = async () => {
    if (!outcome) return
    setBusy(true)
    setProblem(null)
    try {
      await writer.settleDeposit(paymentId, outcome, day, note, today)
      notifications.show({
        color: 'green',
        message:
          outcome === 'returned'
            ? 'Deposit marked as returned to the family'
            : 'Deposit marked as kept by the centre',
      })
      setOutcome(null)
    } catch (error) {
      setProblem((error as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Stack gap={4} mt={4} style={{ flexBasis: '100%' }}>
      <Text size="sm" data-testid="deposit-state">
        Deposit: {text}
      </Text>
      {held && !outcome && (
        <Group gap="xs">
          <Button size="compact-sm" variant="light" onClick={() => open('returned')}>
            {DEPOSIT_ACTIONS.returned.button}
          </Button>
          <Button size="compact-sm" variant="light" color="orange.9" onClick={() => open('kept')}>
            {DEPOSIT_ACTIONS.kept.button}
          </Button>
        </Group>
      )}
      {outcome && (
        <Alert
          color="blue"
          variant="light"
          role="group"
          aria-label={DEPOSIT_ACTIONS[outcome].question}
          title={DEPOSIT_ACTIONS[outcome].question}
        >
          <Stack gap="xs">
            <TextInput
              label={outcome === 'returned' ? 'Returned on' : 'Kept on'}
              type="date"
              required
              max={today}
              value={day}
              onChange={(e) => setDay(e.currentTarget.value)}
            />
            <Textarea
              label={
                outcome === 'returned' ? 'How it went back (optional)' : 'Why the centre keeps it'
              }
              required={outcome === 'kept'}
              maxLength={500}
              autosize
              minRows={2}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            {problem && (
              <Text size="sm" c="red.9" role="alert">
                {problem}
              </Text>
            )}
            <Group gap="xs">
              <Button size="compact-sm" loading={busy} onClick={() => void save()}>
                Save
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                disabled={busy}
                onClick={() => setOutcome(null)}
              >
                Cancel
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  )
}
