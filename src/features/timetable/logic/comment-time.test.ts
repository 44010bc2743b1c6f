import { describe, expect, it } from 'vitest'
import { commentTimeLabel } from './comment-time'

describe('comment time label (K17)', () => {
  const now = '2026-11-03T10:00:00Z' // 15:30 at the centre

  it.each([
    ['earlier today', '2026-11-03T08:35:00Z', 'Today 14:05'],
    ['today, written with the IST offset', '2026-11-03T14:05:00+05:30', 'Today 14:05'],
    ['just after midnight at the centre', '2026-11-02T18:31:00Z', 'Today 00:01'],
    ['just before midnight at the centre', '2026-11-02T18:29:00Z', '2 Nov 2026 23:59'],
    ['yesterday', '2026-11-02T04:00:00Z', '2 Nov 2026 09:30'],
    ['a single-digit day', '2026-10-05T03:00:00Z', '5 Oct 2026 08:30'],
    ['last year', '2025-12-31T20:00:00Z', '1 Jan 2026 01:30'],
    ['an invalid time', 'not a time', ''],
  ])('a comment from %s reads %j', (_, createdAt, label) => {
    expect(commentTimeLabel(createdAt, now)).toBe(label)
  })

  it('follows the centre’s day, not the UTC day', () => {
    // 20:00 UTC on 3 Nov is already 4 Nov at the centre.
    const lateNow = new Date('2026-11-03T20:00:00Z')
    expect(commentTimeLabel('2026-11-03T19:00:00Z', lateNow)).toBe('Today 00:30')
    expect(commentTimeLabel('2026-11-03T10:00:00Z', lateNow)).toBe('3 Nov 2026 15:30')
  })
})
