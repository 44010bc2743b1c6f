// The admin's Node Mailer pane (operations.md §1, §9; F33): the outgoing e-mail log.

/** The e-mail types of operations.md §9, in the spec's order: one filter each. */
export const MAIL_TYPES = [
  'Inquiry',
  'Admissions',
  'Student Feedback',
  'Payment Receipt',
  'Webmail',
  'Members',
  'Contribution Receipt',
] as const
export type MailType = (typeof MAIL_TYPES)[number]

export type MailStatus = 'queued' | 'sending' | 'sent' | 'failed'

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
  attachment_count: number
}

export interface MailPage {
  total: number
  pageSize: number
  rows: MailRow[]
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

/** What the line under a message says about its delivery. */
export function deliveryLine(row: MailRow): string {
  if (row.status === 'sent' && row.sent_at) return 'Delivered to the mail server'
  if (row.status === 'failed')
    return `Gave up after ${row.attempts} ${row.attempts === 1 ? 'attempt' : 'attempts'}: ${row.last_error ?? 'unknown error'}`
  if (row.last_error) return `Will try again (${row.attempts} so far): ${row.last_error}`
  if (row.status === 'sending') return 'Being sent now'
  return 'Waiting to be sent'
}
