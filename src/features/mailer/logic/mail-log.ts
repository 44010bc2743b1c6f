// The admin's Node Mailer pane (operations.md §1, §9; F33): the outgoing e-mail log.
import { centreFormat } from '@/lib/time/centre-format'
import { differenceInSeconds } from 'date-fns'

export { noMailServerWarning } from '@/lib/mail-server'

/** The e-mail types of operations.md §9, in the spec's order, then fee reminders: one filter each. */
export const MAIL_TYPES = [
  'Inquiry',
  'Admissions',
  'Student Feedback',
  'Payment Receipt',
  'Webmail',
  'Members',
  'Contribution Receipt',
  'Payment Reminder',
] as const
export type MailType = (typeof MAIL_TYPES)[number]

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed'

/** What the mail server answered for one address of a message. */
export interface Delivery {
  status: 'sent' | 'retrying' | 'refused'
  code?: number | null
  reason?: string
  at?: string
}

export interface MailRow {
  id: string
  recipients: string[]
  cc: string[]
  subject: string
  email_type: MailType | null
  email_trigger: string | null
  status: MailStatus
  attempts: number
  last_error: string | null
  created_at: string
  sent_at: string | null
  /** When a queued message is tried next. */
  next_attempt_at: string
  /** The server's answer per address (lower case), once it has answered. */
  deliveries: Record<string, Delivery>
  attachment_count: number
}

/** How the database wakes the dispatcher (admin_list_emails' `stalled.wakeUp`). */
export type WakeUp =
  /** The server's own mailer listens for the queue (the local host). */
  | { mode: 'notify' }
  | {
      /** On Supabase: pg_net calls the `outbox` function, pg_cron retries every minute. */
      mode: 'pg_net'
      /** Vault holds the function's https address and the dispatcher's secret. */
      configured: boolean
      /** The job `outbox-retries` is scheduled and active. */
      scheduled: boolean
      /** The retry job's last call and what the function answered (pending: no answer yet). */
      lastCall: {
        at: string
        pending?: boolean
        status?: number | null
        timedOut?: boolean
        error?: string | null
        answer?: string | null
      } | null
    }

/** E-mails due for five minutes that nobody has tried. */
export interface Stalled {
  count: number
  since: string
  wakeUp: WakeUp | null
}

export interface MailPage {
  total: number
  pageSize: number
  rows: MailRow[]
  /** The open mail server problem (refused login, unreachable, TLS) holding queued mail, if any. */
  serverProblem: string | null
  /** Mail that waits untried: the dispatcher is not being woken (absent from older servers). */
  stalled?: Stalled | null
  /** Whether the dispatcher has a mail server, as it last said (null: not said yet). */
  mailServer?: boolean | null
}

export const MAIL_STATUS: Record<MailStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
}

/** "To a@x.in, b@x.in; cc c@x.in" for one line of the log. */
export function addressLine(row: Pick<MailRow, 'recipients' | 'cc'>): string {
  const to = `To ${row.recipients.join(', ')}`
  return row.cc.length > 0 ? `${to}; cc ${row.cc.join(', ')}` : to
}

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`

/** "in 45 s", "in 8 min", "in 2 h 5 min", or "now" once due. */
export function dueIn(at: string, now: Date): string {
  const seconds = differenceInSeconds(new Date(at), now)
  if (seconds <= 0) return 'now'
  if (seconds < 60) return `in ${seconds} s`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `in ${minutes} min`
  const rest = minutes % 60
  return `in ${Math.floor(minutes / 60)} h${rest ? ` ${rest} min` : ''}`
}

/** The addresses the server has not (yet) taken the message for, each with its answer. */
export function undelivered(row: Pick<MailRow, 'deliveries'>): {
  address: string
  status: 'retrying' | 'refused'
  reason: string
}[] {
  return Object.entries(row.deliveries ?? {})
    .filter(
      (entry): entry is [string, Delivery & { status: 'retrying' | 'refused' }] =>
        entry[1].status !== 'sent',
    )
    .map(([address, d]) => ({ address, status: d.status, reason: d.reason ?? 'refused' }))
    .sort((a, b) => a.address.localeCompare(b.address))
}

/** The badge of a message: a sent one that some addresses refused is only partly sent. */
export function statusOf(row: MailRow): { label: string; color: string } {
  if (row.status === 'sent' && undelivered(row).some((u) => u.status === 'refused'))
    return { label: 'Partly sent', color: 'orange' }
  return MAIL_STATUS[row.status]
}

/**
 * What the line under a message says about its delivery: when a queued one is tried next, and
 * for a sent one, the attempts it took and the error that came before (its history).
 */
export function deliveryLine(row: MailRow, now: Date): string {
  const perAddress = undelivered(row).length > 0
  if (row.status === 'sent') {
    const after = row.attempts > 1 ? ` after ${plural(row.attempts, 'attempt')}` : ''
    const earlier = row.last_error && !perAddress ? `; last error: ${row.last_error}` : ''
    return `Delivered to the mail server${after}${earlier}`
  }
  if (row.status === 'failed')
    return perAddress
      ? `Gave up after ${plural(row.attempts, 'attempt')}`
      : `Gave up after ${plural(row.attempts, 'attempt')}: ${row.last_error ?? 'unknown error'}`
  if (row.status === 'sending') return 'Being sent now'
  const next = `Next try ${dueIn(row.next_attempt_at, now)}`
  if (row.last_error)
    return perAddress
      ? `${next} (${row.attempts} so far)`
      : `${next} (${row.attempts} so far): ${row.last_error}`
  return row.attempts > 0 ? `${next} (${row.attempts} so far)` : 'Waiting to be sent'
}

/** Why the dispatcher has not tried the waiting mail, from how the database wakes it. */
function whyStalled(wakeUp: WakeUp | null): string {
  if (!wakeUp) return 'Nothing has tried to send them.'
  if (wakeUp.mode === 'notify')
    return "The server's mailer has not tried them: check that SMTP_URL is set where the app's server starts (without it, e-mail stays queued)."
  if (!wakeUp.configured)
    return "The database cannot wake the e-mail dispatcher: store the `outbox` function's address and the dispatcher's secret in Vault (outbox_url, outbox_secret; docs/deploy.md)."
  const call = wakeUp.lastCall
  const unscheduled = wakeUp.scheduled
    ? ''
    : ' The retry job outbox-retries is not scheduled either (pg_cron).'
  if (!call)
    return `The database has not called the dispatcher yet.${unscheduled} Run the mail path check of docs/deploy.md.`
  if (call.pending)
    return `The database called the dispatcher and no answer has come back yet (pg_net).${unscheduled}`
  if (call.timedOut || call.error)
    return `The database could not reach the dispatcher (${call.error ?? 'no answer in time'}): check outbox_url in Vault.`
  if (call.status === 401 || call.status === 403)
    return `The dispatcher refused the database's call (HTTP ${call.status}): the function secret OUTBOX_SECRET differs from Vault's outbox_secret.`
  if (call.status === 404)
    return 'There is no dispatcher at the address in Vault (HTTP 404): deploy the `outbox` function, or correct outbox_url.'
  if (call.answer?.includes('mail_not_configured'))
    return 'The dispatcher has no mail server: set the function secret SMTP_URL.'
  return `The dispatcher answered the database's last call with HTTP ${call.status ?? '?'}${call.answer ? `: ${call.answer}` : ''}.`
}

/** The warning Node Mailer shows while mail waits untried, or null when none does. */
export function stalledWarning(stalled: Stalled | null | undefined): string | null {
  if (!stalled || stalled.count < 1) return null
  const waited =
    stalled.count === 1
      ? `1 e-mail has waited more than 5 minutes without an attempt (since ${centreFormat(stalled.since, 'd MMM HH:mm')}).`
      : `${stalled.count} e-mails have waited more than 5 minutes without an attempt (the oldest since ${centreFormat(stalled.since, 'd MMM HH:mm')}).`
  return `${waited} ${whyStalled(stalled.wakeUp)}`
}
