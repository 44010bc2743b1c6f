import { describe, expect, it } from 'vitest'
import { isRecentReminder, lastReminderText, lastRemindersOf } from './last-reminder'

const row = (over: Record<string, unknown> = {}) => ({
  family_id: 'fam-naik',
  sent_at: '2026-11-28T04:35:00+00:00',
  sent_by: 'Anita Desai',
  status: 'queued',
  ...over,
})

describe("a family's last reminder", () => {
  it('reads the server answer', () => {
    const map = lastRemindersOf([
      row(),
      row({ family_id: 'fam-shah', sent_by: null, status: 'sent' }),
    ])!
    expect(map.get('fam-naik')).toEqual({
      familyId: 'fam-naik',
      sentAt: '2026-11-28T04:35:00.000Z',
      sentBy: 'Anita Desai',
      status: 'queued',
    })
    expect(map.get('fam-shah')!.sentBy).toBe('someone no longer on the staff')
  })

  it.each([
    ['not a list', { family_id: 'x' }],
    ['an unknown status', [row({ status: 'lost' })]],
    ['no time', [row({ sent_at: 'soon' })]],
  ])('refuses %s', (_, data) => {
    expect(lastRemindersOf(data)).toBeNull()
  })

  it.each([
    // 04:35 UTC is 10:05 in the centre's time
    [
      '2026-11-28T10:00:00Z',
      'queued',
      'Last reminder today 10:05 by Anita Desai · waiting to be sent',
    ],
    ['2026-11-29T10:00:00Z', 'sent', 'Last reminder 28 Nov 2026 10:05 by Anita Desai · sent'],
    [
      '2026-11-28T10:00:00Z',
      'failed',
      'Last reminder today 10:05 by Anita Desai · not sent: it failed',
    ],
  ])('at %s, a %s reminder reads as the centre sees it', (now, status, text) => {
    const last = lastRemindersOf([row({ status })])!.get('fam-naik')!
    expect(lastReminderText(last, new Date(now))).toBe(text)
  })

  it('reads the day at the centre: 19:00 UTC is the next morning there', () => {
    const last = lastRemindersOf([row({ sent_at: '2026-11-27T19:00:00Z' })])!.get('fam-naik')!
    expect(lastReminderText(last, new Date('2026-11-28T02:00:00Z'))).toMatch(
      /^Last reminder today 00:30/,
    )
  })

  it.each([
    ['an hour later', '2026-11-28T05:35:00Z', 'queued', true],
    ['23 hours later', '2026-11-29T03:35:00Z', 'sent', true],
    ['a day later', '2026-11-29T04:35:00Z', 'sent', false],
    ['an hour after one that failed', '2026-11-28T05:35:00Z', 'failed', false],
  ])('a second reminder %s asks first: %s', (_, now, status, recent) => {
    const last = lastRemindersOf([row({ status })])!.get('fam-naik')
    expect(isRecentReminder(last, new Date(now))).toBe(recent)
  })

  it('a family never reminded is not asked about', () => {
    expect(isRecentReminder(undefined, new Date())).toBe(false)
  })
})
