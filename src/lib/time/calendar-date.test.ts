import { describe, expect, it } from 'vitest'
import {
  addDays,
  daysBetween,
  centreDateOf,
  isIsoDate,
  isoDateOfLocal,
  isoWeekdayOf,
  partsOf,
} from './calendar-date'

describe('calendar dates', () => {
  it.each([
    ['2025-06-07', 1, '2025-06-08'],
    ['2025-06-07', 2, '2025-06-09'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2027-02-28', 1, '2027-03-01'],
    // Clocks change in Europe and America on these nights; the centre's dates must not drift.
    ['2026-03-29', 1, '2026-03-30'],
    ['2026-11-01', 1, '2026-11-02'],
  ])('%s plus %i day(s) is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected)
  })

  it.each([
    ['2025-06-09', 1],
    ['2025-06-13', 5],
    ['2025-06-14', 6],
    ['2025-06-15', 7],
    ['2027-01-01', 5],
  ])('%s is ISO weekday %i', (date, weekday) => {
    expect(isoWeekdayOf(date)).toBe(weekday)
  })

  it.each(['2026-02-29', '2026-13-01', '2026-1-5', '05/06/2026', ''])(
    'refuses %j as a calendar date',
    (value) => {
      expect(isIsoDate(value)).toBe(false)
      expect(() => addDays(value, 1)).toThrow(RangeError)
    },
  )

  it('splits a date into its year, month and day', () => {
    expect(partsOf('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 })
  })

  it('reads a date picker value by its local calendar fields', () => {
    expect(isoDateOfLocal(new Date(2026, 10, 3))).toBe('2026-11-03')
  })

  it.each([
    ['2026-11-03T18:29:59Z', '2026-11-03'],
    ['2026-11-03T18:30:00Z', '2026-11-04'],
    ['2026-11-04T00:10:00+05:30', '2026-11-04'],
    ['2026-05-31T20:00:00Z', '2026-06-01'],
  ])('at %s it is %s at the centre', (instant, date) => {
    expect(centreDateOf(instant)).toBe(date)
    expect(centreDateOf(new Date(instant))).toBe(date)
  })
})

describe('days between dates', () => {
  it.each([
    ['2025-06-09', '2025-06-16', 7],
    ['2026-12-28', '2027-01-04', 7],
    ['2027-01-04', '2026-12-28', -7],
    ['2025-06-01', '2026-06-01', 365],
  ])('from %s to %s is %i days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days)
  })
})
