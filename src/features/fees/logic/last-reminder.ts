// When a family was last sent a fee reminder, and by whom (issue 40), as `fee_reminders_sent()`
// answers it: the Reminders pane shows it beside each family and asks before a second reminder
// within a day. Times are the centre's (Asia/Kolkata), whatever the device's zone.
import * as z from 'zod/mini'
import { centreClockOf, centreDateOf } from '@/lib/time/calendar-date'

export interface LastReminder {
  familyId: string
  /** When the reminder was queued (an ISO timestamp). */
  sentAt: string
  sentBy: string
  status: 'queued' | 'sending' | 'sent' | 'failed'
}

/** A second reminder this soon after the last asks the office to confirm it. */
export const SECOND_REMINDER_WINDOW_MS = 24 * 60 * 60 * 1000

const answer = z.array(
  z.object({
    family_id: z.string().check(z.minLength(1)),
    sent_at: z.string().check(z.refine((s) => !Number.isNaN(Date.parse(s)))),
    sent_by: z.nullable(z.string()),
    status: z.enum(['queued', 'sending', 'sent', 'failed']),
  }),
)

/** Each family's last reminder from the server's answer, or null when it is not one. */
export function lastRemindersOf(data: unknown): Map<string, LastReminder> | null {
  const parsed = answer.safeParse(data)
  if (!parsed.success) return null
  return new Map(
    parsed.data.map((r) => [
      r.family_id,
      {
        familyId: r.family_id,
        sentAt: new Date(r.sent_at).toISOString(),
        sentBy: r.sent_by?.trim() || 'someone no longer on the staff',
        status: r.status,
      },
    ]),
  )
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const pad = (n: number) => String(n).padStart(2, '0')

/** "today 10:05" or "27 Nov 2026 10:05", at the centre. */
function whenText(at: string, now: Date): string {
  const clock = centreClockOf(at)
  const time = `${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}`
  if (centreDateOf(at) === centreDateOf(now)) return `today ${time}`
  return `${clock.getUTCDate()} ${MONTHS[clock.getUTCMonth()]} ${clock.getUTCFullYear()} ${time}`
}

const STATUS_WORDS: Record<LastReminder['status'], string> = {
  queued: 'waiting to be sent',
  sending: 'being sent',
  sent: 'sent',
  failed: 'not sent: it failed',
}

/** "Last reminder today 10:05 by Anita Desai · waiting to be sent". */
export function lastReminderText(last: LastReminder, now: Date): string {
  return `Last reminder ${whenText(last.sentAt, now)} by ${last.sentBy} · ${STATUS_WORDS[last.status]}`
}

/**
 * Whether a new reminder would be a second one within a day of the last (one that failed does not
 * count: nothing reached the family).
 */
export function isRecentReminder(last: LastReminder | undefined, now: Date): boolean {
  if (!last || last.status === 'failed') return false
  return now.getTime() - Date.parse(last.sentAt) < SECOND_REMINDER_WINDOW_MS
}
