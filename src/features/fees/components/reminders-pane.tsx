import { useMemo, useState } from 'react'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { familyDue } from '@sync/rules/fees/overview'
import type { InlineImage, PaymentWays } from '@sync/rules/fees/payment-mail'
import { isVpa, upiNote } from '@sync/rules/fees/upi'
import { rupees } from '@sync/rules/text'
import { useAuthMember } from '@/lib/auth/use-auth'
import { centre } from '@/lib/centre'
import { centreDateOf } from '@/lib/time/calendar-date'
import { useBankDetails } from '@/lib/bank-details'
import { useFeesData } from '../hooks/use-fees-data'
import { useLastReminders } from '../hooks/use-last-reminders'
import { isRecentReminder, lastReminderText, type LastReminder } from '../logic/last-reminder'
import { feeFamilyOf, feeStudentsOf, type FeeFamily } from '../logic/office-fees'
import { reminderEmail, reminderLines, type ReminderLine } from '../logic/reminder'
import { ReminderDialog, type ReminderDialogProps } from './reminder-dialog'

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
    /** Inline images the HTML shows (the UPI QR code). */
    images: InlineImage[]
  }): Promise<{ ok: true; message: string } | { ok: false; message: string }>
}

interface DueFamily {
  family: FeeFamily
  lines: ReminderLine[]
  total: number
}

function DueFamilyCard({
  due,
  reason,
  last,
  onRemind,
}: {
  due: DueFamily
  /** Why no reminder can be sent now, if it cannot. */
  reason: string | null
  /** When the family was last reminded, and by whom, as the card says it. */
  last: string | null
  onRemind: (() => void) | null
}) {
  return (
    <Paper withBorder radius="md" p="sm" role="listitem" data-testid="due-family">
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <div>
          <Text fw={700}>{due.family.name} family</Text>
          {due.lines.map((l) => (
            <Text size="sm" key={l.studentName + l.period}>
              {l.studentName} · {l.feeType} · {l.period} · {rupees(l.amount)}
            </Text>
          ))}
          <Text size="sm" fw={600}>
            Total due {rupees(due.total)}
          </Text>
          <Text size="sm" c="dimmed" data-testid="last-reminder">
            {last ?? 'No reminder sent yet'}
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          <Button
            size="xs"
            disabled={onRemind === null}
            onClick={onRemind ?? undefined}
            aria-label={`Send reminder to the ${due.family.name} family`}
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
}

const lastReminderTextOf = (last: LastReminder | undefined, now: Date) =>
  last ? lastReminderText(last, now) : null

/** Administration's Reminders pane (J30, J31): families with a fee due, and their reminder. */
export function RemindersPane({ mailer }: { mailer: ReminderMailer }) {
  const data = useFeesData()
  const member = useAuthMember()
  const { online } = useNetwork()
  const [open, setOpen] = useState<DueFamily | null>(null)
  const reminders = useLastReminders(online)
  const bank = useBankDetails()
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
  const now = new Date()
  const lastOf = (family: FeeFamily): LastReminder | undefined => reminders.byFamily.get(family.id)
  // How to pay: the UPI link and QR code for the total due, and the bank details (issue 40).
  const payment = (due: DueFamily): PaymentWays => ({
    upi: isVpa(centre.upiVpa)
      ? {
          vpa: centre.upiVpa,
          payee: centre.name,
          note: upiNote(
            `${due.family.name} family`,
            [...new Set(due.lines.map((l) => l.period))].join(', '),
          ),
        }
      : null,
    bank: bank.usable,
  })
  const mail = open && {
    to: open.family.emails,
    ...reminderEmail({
      familyName: open.family.name,
      guardianNames: open.family.guardianNames,
      lines: open.lines,
      centreName: centre.name,
      senderName: mailer.senderName || member?.name || centre.name,
      appLink: window.location.origin,
      payment: payment(open),
    }),
  }
  const send: ReminderDialogProps['send'] = ({ to, subject, html, images = [] }) =>
    mailer.send({ recipients: to, subject, html, images })
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
              <DueFamilyCard
                key={d.family.id}
                due={d}
                reason={reason}
                last={lastReminderTextOf(lastOf(d.family), now)}
                onRemind={reason === null && mailer.senderName !== null ? () => setOpen(d) : null}
              />
            )
          })}
        </Stack>
      )}
      <ReminderDialog
        familyName={open?.family.name ?? ''}
        mail={mail || null}
        online={online}
        recent={
          open && isRecentReminder(lastOf(open.family), now)
            ? lastReminderTextOf(lastOf(open.family), now)
            : null
        }
        send={send}
        onSent={(message) => {
          notifications.show({ color: 'green', message })
          setOpen(null)
          reminders.reload()
        }}
        onClose={() => setOpen(null)}
      />
    </Stack>
  )
}
