import { describe, expect, it } from 'vitest'
import { clockTime, lastTimeText } from './clock'

// An instant given as the centre's wall clock (UTC + 5:30); the answers hold whatever the zone
// the tests run in (TZ) or the device is set to.
const at = (y: number, m: number, d: number, h: number, min: number) =>
  Date.UTC(y, m - 1, d, h, min) - 330 * 60_000

describe('times in the header, at the centre’s clock', () => {
  it.each([
    [at(2026, 11, 26, 9, 5), '09:05'],
    [at(2026, 11, 26, 0, 0), '00:00'],
    [at(2026, 11, 26, 23, 59), '23:59'],
  ])('shows %s as %s', (ms, text) => {
    expect(clockTime(ms)).toBe(text)
  })

  it.each([
    [at(2026, 11, 26, 14, 5), 'today 14:05'],
    [at(2026, 11, 25, 23, 59), '25 Nov 2026 23:59'],
    [at(2026, 9, 3, 8, 0), '3 Sep 2026 08:00'],
    [at(2025, 12, 31, 18, 30), '31 Dec 2025 18:30'],
  ])('says when %s was, seen on 26 Nov 2026: %s', (ms, text) => {
    expect(lastTimeText(ms, at(2026, 11, 26, 16, 0))).toBe(text)
  })

  it('is the centre’s day, not the device’s: 00:50 at the centre is the day before in UTC', () => {
    const ms = Date.UTC(2026, 10, 27, 19, 20)
    expect(clockTime(ms)).toBe('00:50')
    expect(lastTimeText(ms, Date.UTC(2026, 10, 28, 4, 0))).toBe('today 00:50')
    expect(lastTimeText(ms, Date.UTC(2026, 10, 28, 20, 0))).toBe('28 Nov 2026 00:50')
  })
})
