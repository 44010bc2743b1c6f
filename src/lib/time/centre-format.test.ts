import { describe, expect, it } from 'vitest'
import { centreFormat, dayText, daySpanText } from './centre-format'

// The test runs in the process's zone (TZ); the answers are the centre's whatever it is.
describe('times as the centre reads them', () => {
  it.each([
    ['2026-11-27T19:20:00Z', 'd MMM yyyy HH:mm', '28 Nov 2026 00:50'],
    ['2026-11-28T00:49:00.000Z', 'd MMM, HH:mm', '28 Nov, 06:19'],
    ['2026-12-31T18:30:00Z', 'dd MMM yyyy', '01 Jan 2027'],
    ['2026-06-01T05:05:00+05:30', 'd MMM HH:mm', '1 Jun 05:05'],
    ['not a time', 'd MMM yyyy', ''],
  ])('%s as “%s” is “%s”', (instant, pattern, text) => {
    expect(centreFormat(instant, pattern)).toBe(text)
  })

  it('takes a Date and milliseconds alike', () => {
    const at = Date.UTC(2026, 10, 28, 4, 45)
    expect(centreFormat(at, 'HH:mm')).toBe('10:15')
    expect(centreFormat(new Date(at), 'HH:mm')).toBe('10:15')
  })
})

describe('a calendar date as the centre writes it', () => {
  it.each([
    ['2026-11-30', '30 Nov 2026'],
    ['2027-01-01', '1 Jan 2027'],
    ['2030-12-31', '31 Dec 2030'],
    ['not a date', 'not a date'],
  ])('%s is “%s”, whatever the device’s zone', (date, text) => {
    expect(dayText(date)).toBe(text)
  })
})

describe('days from one date to another', () => {
  it('is one day when they are the same, else both with a dash', () => {
    expect(daySpanText('2026-12-04', '2026-12-04')).toBe('4 Dec 2026')
    expect(daySpanText('2030-01-14', '2030-01-15')).toBe('14 Jan 2030 – 15 Jan 2030')
  })
})
