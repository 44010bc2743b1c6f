import { describe, expect, it } from 'vitest'
import { addressLine, deliveryLine, MAIL_TYPES, type MailRow } from './mail-log'

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
  attachment_count: 0,
  ...over,
})

describe('e-mail log', () => {
  it('offers the seven filters of the spec in order (F33)', () => {
    expect(MAIL_TYPES).toEqual([
      'Inquiry',
      'Admissions',
      'Student Feedback',
      'Payment Receipt',
      'Webmail',
      'Members',
      'Contribution Receipt',
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
      { status: 'queued', attempts: 2, last_error: '451 busy' },
      'Will try again (2 so far): 451 busy',
    ],
    [{ status: 'sending', attempts: 1 }, 'Being sent now'],
    [{}, 'Waiting to be sent'],
  ] as const)('%j reads %s', (over, line) => {
    expect(deliveryLine(row(over as Partial<MailRow>))).toBe(line)
  })
})
