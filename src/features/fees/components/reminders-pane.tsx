import '@mantine/core/styles/Modal.css'
import { useMemo, useState } from 'react'
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { familyDue } from '@sync/fees/overview'
import { formatFee } from '@sync/fees/rules'
import { useAuthMember } from '@/lib/auth/use-auth'
import { centre } from '@/lib/centre'
import { centreDateOf } from '@/lib/time/calendar-date'
import { useFeesData } from '../hooks/use-fees-data'
import { feeFamilyOf, feeStudentsOf, type FeeFamily } from '../logic/office-fees'
import { reminderEmail, reminderLines, type ReminderLine } from '../logic/reminder'

/** The e-mail the reminders go out with: the signed-in member's sender account. */
export interface ReminderMailer {
  /** The sender's name, once known; null while the accounts load. */
  senderName: string | null
  /** Why reminders cannot be sent from this account, if they cannot. */
  unavailable: string | null
  send(mail: {
    recipients: string[]
    subject: string
    html: string
  }): Promise<{ ok: true; message: string } | { ok: false; message: string }>
}

interface DueFamily {
  family: FeeFamily
  lines: ReminderLine[]
  total: number
}

function Preview({ to, subject, html }: { to: string[]; subject: string; html: string }) {
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

/** Administration's Reminders pane (J30, J31): families with a fee due, and their reminder. */
export function RemindersPane({ mailer }: { mailer: ReminderMailer }) {
  const data = useFeesData()
  const member = useAuthMember()
  const { online } = useNetwork()
  const [open, setOpen] = useState<DueFamily | null>(null)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const today = centreDateOf(new Date())
  const due = useMemo((): DueFamily[] => {
    if (!data) return []
    const students = feeStudentsOf(data.students, data.families, data.groups, data.tariffAmounts)
    const names = new Map(students.map((s) => [s.id, s.name]))
    return data.families
      .filter((f) => f.status !== 'archived')
      .map((f) => {
        const owed = familyDue(
          students.filter((s) => s.familyId === f.id),
          data.payments,
          today,
        )
        return {
          family: feeFamilyOf(f),
          lines: reminderLines(owed.students, names),
          total: owed.total,
        }
      })
      .filter((d) => d.total > 0)
      .sort((a, b) => a.family.name.localeCompare(b.family.name))
  }, [data, today])
  const mail = open
    ? reminderEmail({
        familyName: open.family.name,
        guardianNames: open.family.guardianNames,
        lines: open.lines,
        centreName: centre.name,
        senderName: mailer.senderName || member?.name || centre.name,
        appLink: window.location.origin,
      })
    : null
  const close = () => {
    setOpen(null)
    setFailure(null)
  }
  const send = async () => {
    if (!open || !mail) return
    setBusy(true)
    setFailure(null)
    try {
      const answer = await mailer.send({ recipients: open.family.emails, ...mail })
      if (!answer.ok) {
        setFailure(answer.message)
        return
      }
      notifications.show({ color: 'green', message: answer.message })
      close()
    } finally {
      setBusy(false)
    }
  }
  const blocked = (family: FeeFamily) =>
    !online
      ? 'Reminders are e-mailed: they need a connection.'
      : mailer.unavailable
        ? mailer.unavailable
        : family.emails.length === 0
          ? 'No guardian of this family has an e-mail address.'
          : null
  return (
    <Stack gap="md" data-testid="reminders-pane">
      <Title order={1}>Reminders</Title>
      <Text size="sm" c="dimmed">
        Families with a fee due for the current period. A reminder is e-mailed to the family's
        guardians.
      </Text>
      {data === null ? (
        <Text c="dimmed">Opening the payments on this device…</Text>
      ) : due.length === 0 ? (
        <Text c="dimmed">No family has a fee due for the current period.</Text>
      ) : (
        <Stack gap="xs" role="list" aria-label="Families with a fee due">
          {due.map((d) => {
            const reason = blocked(d.family)
            return (
              <Paper
                withBorder
                radius="md"
                p="sm"
                role="listitem"
                key={d.family.id}
                data-testid="due-family"
              >
                <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
                  <div>
                    <Text fw={700}>{d.family.name} family</Text>
                    {d.lines.map((l) => (
                      <Text size="sm" key={l.studentName + l.period}>
                        {l.studentName} · {l.feeType} · {l.period} · ₹{formatFee(l.amount)}
                      </Text>
                    ))}
                    <Text size="sm" fw={600}>
                      Total due ₹{formatFee(d.total)}
                    </Text>
                  </div>
                  <Stack gap={4} align="flex-end">
                    <Button
                      size="xs"
                      disabled={reason !== null || mailer.senderName === null}
                      onClick={() => setOpen(d)}
                      aria-label={`Send reminder to the ${d.family.name} family`}
                    >
                      Send reminder
                    </Button>
                    {reason && (
                      <Text size="xs" c="dimmed" ta="right" maw={260}>
                        {reason}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Paper>
            )
          })}
        </Stack>
      )}
      <Modal
        opened={open !== null}
        onClose={close}
        title={open ? `Send a reminder to the ${open.family.name} family` : ''}
        size="lg"
      >
        {open && mail && (
          <Stack gap="sm">
            {failure && (
              <Alert color="red" title="The reminder was not sent">
                {failure}
              </Alert>
            )}
            <Preview to={open.family.emails} subject={mail.subject} html={mail.html} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button onClick={() => void send()} loading={busy} disabled={!online}>
                Send
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  )
}
