import { describe, expect, it } from 'vitest'
import {
  addressLine,
  deliveryLine,
  dueIn,
  MAIL_TYPES,
  noMailServerWarning,
  stalledWarning,
  statusOf,
  undelivered,
  type MailRow,
  type WakeUp,
} from './mail-log'

const NOW = new Date('2026-11-26T03:10:00Z')

const row = (over: Partial<MailRow>): MailRow => ({
  id: 'm1',
  recipients: ['parent@demo.school'],
  cc: [],
  subject: 'Welcome',
  email_type: 'Members',
  email_trigger: null,
  status: 'queued',
  attempts: 0,
  last_error: null,
  created_at: '2026-11-26T03:00:00Z',
  sent_at: null,
  next_attempt_at: '2026-11-26T03:00:00Z',
  deliveries: {},
  attachment_count: 0,
  ...over,
})

describe('e-mail log', () => {
  it('offers the seven filters of the spec in order (F33), then fee reminders', () => {
    expect(MAIL_TYPES).toEqual([
      'Inquiry',
      'Admissions',
      'Student Feedback',
      'Payment Receipt',
      'Webmail',
      'Members',
      'Contribution Receipt',
      'Payment Reminder',
    ])
  })

  it('writes the recipients and copies on one line', () => {
    expect(addressLine(row({}))).toBe('To parent@demo.school')
    expect(addressLine(row({ recipients: ['a@x.in', 'b@x.in'], cc: ['office@x.in'] }))).toBe(
      'To a@x.in, b@x.in; cc office@x.in',
    )
  })

  it.each([
    [
      { status: 'sent', sent_at: '2026-11-26T03:01:00Z', attempts: 1 },
      'Delivered to the mail server',
    ],
    [
      { status: 'failed', attempts: 1, last_error: '550 No such user' },
      'Gave up after 1 attempt: 550 No such user',
    ],
    [
      { status: 'failed', attempts: 6, last_error: '451 busy' },
      'Gave up after 6 attempts: 451 busy',
    ],
    [
      {
        status: 'queued',
        attempts: 2,
        last_error: '451 busy',
        next_attempt_at: '2026-11-26T03:18:00Z',
      },
      'Next try in 8 min (2 so far): 451 busy',
    ],
    [
      { status: 'queued', attempts: 1, last_error: '451 busy' },
      'Next try now (1 so far): 451 busy',
    ],
    [
      {
        status: 'sent',
        sent_at: '2026-11-26T03:05:00Z',
        attempts: 3,
        last_error: 'Server closed the connection: 421 Try again later',
      },
      'Delivered to the mail server after 3 attempts; last error: Server closed the connection: 421 Try again later',
    ],
    [
      {
        status: 'sent',
        sent_at: '2026-11-26T03:05:00Z',
        attempts: 1,
        last_error: 'b@x.in: 550 No such user',
        deliveries: {
          'a@x.in': { status: 'sent' },
          'b@x.in': { status: 'refused', code: 550, reason: '550 No such user' },
        },
      },
      'Delivered to the mail server',
    ],
    [
      {
        status: 'queued',
        attempts: 1,
        last_error: 'b@x.in: 452 Mailbox full',
        next_attempt_at: '2026-11-26T03:10:30Z',
        deliveries: {
          'a@x.in': { status: 'sent' },
          'b@x.in': { status: 'retrying', code: 452, reason: '452 Mailbox full' },
        },
      },
      'Next try in 30 s (1 so far)',
    ],
    [{ status: 'sending', attempts: 1 }, 'Being sent now'],
    [{}, 'Waiting to be sent'],
  ] as const)('%j reads %s', (over, line) => {
    expect(deliveryLine(row(over as Partial<MailRow>), NOW)).toBe(line)
  })

  it.each([
    ['2026-11-26T03:09:00Z', 'now'],
    ['2026-11-26T03:10:45Z', 'in 45 s'],
    ['2026-11-26T03:42:00Z', 'in 32 min'],
    ['2026-11-26T05:15:00Z', 'in 2 h 5 min'],
    ['2026-11-26T05:10:00Z', 'in 2 h'],
  ])('a retry due at %s is due %s', (at, text) => {
    expect(dueIn(at, NOW)).toBe(text)
  })

  it('lists the addresses that did not take the message and marks the message partly sent', () => {
    const partly = row({
      status: 'sent',
      sent_at: '2026-11-26T03:05:00Z',
      deliveries: {
        'z@x.in': { status: 'retrying', reason: '452 Mailbox full' },
        'a@x.in': { status: 'sent' },
        'b@x.in': { status: 'refused', code: 550, reason: '550 No such user' },
      },
    })
    expect(undelivered(partly)).toEqual([
      { address: 'b@x.in', status: 'refused', reason: '550 No such user' },
      { address: 'z@x.in', status: 'retrying', reason: '452 Mailbox full' },
    ])
    expect(statusOf(partly)).toEqual({ label: 'Partly sent', color: 'orange' })
    expect(statusOf(row({ status: 'sent', deliveries: { 'a@x.in': { status: 'sent' } } }))).toEqual(
      { label: 'Sent', color: 'green' },
    )
    expect(statusOf(row({ status: 'failed' }))).toEqual({ label: 'Failed', color: 'red' })
  })
})

describe('mail that waits untried', () => {
  const at = '2026-11-26T03:00:00Z'
  const supabase = (over: Partial<Extract<WakeUp, { mode: 'pg_net' }>>): WakeUp => ({
    mode: 'pg_net',
    configured: true,
    scheduled: true,
    lastCall: null,
    ...over,
  })
  const call = (over: object) => supabase({ lastCall: { at, ...over } })

  it('says nothing while no e-mail waits', () => {
    expect(stalledWarning(null)).toBeNull()
    expect(stalledWarning(undefined)).toBeNull()
    expect(stalledWarning({ count: 0, since: at, wakeUp: null })).toBeNull()
  })

  it('counts what waits', () => {
    expect(stalledWarning({ count: 1, since: at, wakeUp: null })).toMatch(
      /^1 e-mail has waited more than 5 minutes without an attempt \(since 26 Nov \d\d:\d\d\)\. /,
    )
    expect(stalledWarning({ count: 3, since: at, wakeUp: null })).toMatch(
      /^3 e-mails have waited more than 5 minutes without an attempt \(the oldest since /,
    )
  })

  it.each<[string, WakeUp, string]>([
    ['the local host', { mode: 'notify' }, 'check that SMTP_URL is set'],
    ['Vault without the secrets', supabase({ configured: false }), 'outbox_url, outbox_secret'],
    ['no call yet', supabase({}), 'has not called the dispatcher yet. Run the mail path check'],
    [
      'no call and no job',
      supabase({ scheduled: false }),
      'The retry job outbox-retries is not scheduled either',
    ],
    ['a call without answer', call({ pending: true }), 'no answer has come back yet'],
    [
      'a call that timed out',
      call({ timedOut: true }),
      'could not reach the dispatcher (no answer',
    ],
    ['a wrong secret', call({ status: 403 }), 'OUTBOX_SECRET differs from Vault'],
    ['no function', call({ status: 404 }), 'deploy the `outbox` function'],
    [
      'no mail server',
      call({ status: 503, answer: '{"code":"mail_not_configured"}' }),
      'set the function secret SMTP_URL',
    ],
    ['anything else', call({ status: 500, answer: 'boom' }), 'with HTTP 500: boom.'],
  ])('names the reason with %s', (_case, wakeUp, reason) => {
    expect(stalledWarning({ count: 2, since: at, wakeUp })).toContain(reason)
  })
})

describe('no mail server', () => {
  it('is said plainly only when the dispatcher said it has none', () => {
    expect(noMailServerWarning(true)).toBeNull()
    expect(noMailServerWarning(null)).toBeNull()
    expect(noMailServerWarning(undefined)).toBeNull()
    expect(noMailServerWarning(false)).toBe(
      "No mail server is set up, so no e-mail is sent: every e-mail waits in the queue and goes out once one is. Set SMTP_URL where the app's server starts (on Supabase, the function secret SMTP_URL).",
    )
    expect(noMailServerWarning(false, 1)).toContain(': 1 e-mail waits in the queue and goes out')
  })
})
