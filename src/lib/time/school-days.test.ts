import { describe, expect, it } from 'vitest'
import { holidayOn, isNonSchoolDay, isWeekend } from './school-days'
import type { Holiday } from '@sync/rules/timetable/types'

function holiday(
  description: string,
  startDate: string,
  endDate: string,
  academicYear: string,
): Holiday {
  return { description, startDate, endDate, singleDay: startDate === endDate, academicYear }
}

// The six holidays of §9 (N22); the breaks' dates are examples, the spec does not give them.
const holidays2025: Holiday[] = [
  holiday('Independence Day', '2025-08-15', '2025-08-15', '2025-26'),
  holiday('Gandhi Jayanti', '2025-10-02', '2025-10-02', '2025-26'),
  holiday('Term break', '2025-10-20', '2025-10-24', '2025-26'),
  holiday('Winter break', '2025-12-22', '2026-01-02', '2025-26'),
  holiday('Republic Day', '2026-01-26', '2026-01-26', '2025-26'),
  holiday('Summer break', '2026-05-01', '2026-05-31', '2025-26'),
]
const holidays2026: Holiday[] = [
  holiday('Summer break', '2026-06-01', '2026-06-05', '2026-27'),
  holiday('Independence Day', '2026-08-15', '2026-08-15', '2026-27'),
  holiday('Gandhi Jayanti', '2026-10-02', '2026-10-02', '2026-27'),
]
// Last year's list, including a day that would fall on a 2025-26 school day if misapplied.
const holidays2024: Holiday[] = [
  holiday('Summer break', '2025-05-01', '2025-06-13', '2024-25'),
  holiday('Old term break', '2025-10-06', '2025-10-10', '2024-25'),
]
const all = [...holidays2024, ...holidays2025, ...holidays2026]

describe('non-school days (K03)', () => {
  it.each([
    ['Saturday', '2025-06-07', true],
    ['Sunday', '2025-06-08', true],
    ['an ordinary Monday', '2025-06-09', false],
    ['Independence Day', '2025-08-15', true],
    ['the Saturday after Independence Day', '2025-08-16', true],
    ['the first day of the term break', '2025-10-20', true],
    ['the last day of the term break', '2025-10-24', true],
    ['the Monday after the term break', '2025-10-27', false],
    ['a winter break day in December', '2025-12-24', true],
    ['a winter break day in January', '2026-01-02', true],
    ['the Monday after the winter break', '2026-01-05', false],
    ['Republic Day', '2026-01-26', true],
    ['a 2026-27 summer break day', '2026-06-03', true],
    ['Gandhi Jayanti 2026', '2026-10-02', true],
  ])('%s (%s): %s', (_, date, closed) => {
    expect(isNonSchoolDay(date, all)).toBe(closed)
  })

  it('names the holiday so the day can show its description', () => {
    expect(holidayOn('2025-12-29', all)?.description).toBe('Winter break')
    expect(holidayOn('2025-06-09', all)).toBeUndefined()
  })

  it('does not call a weekend a holiday, only a non-school day', () => {
    expect(isWeekend('2025-06-14')).toBe(true)
    expect(holidayOn('2025-06-14', all)).toBeUndefined()
  })
})

describe('holidays of the date’s own academic year (N24, N25)', () => {
  it.each([
    ['a 2024-25 summer break running into June 2025', '2025-06-10'],
    ['a 2024-25 record dated in October 2025', '2025-10-07'],
  ])('ignores %s for 2025-26 dates', (_, date) => {
    expect(isNonSchoolDay(date, all)).toBe(false)
  })

  it('still uses the 2024-25 summer break for May 2025', () => {
    expect(holidayOn('2025-05-20', all)?.academicYear).toBe('2024-25')
  })

  it('uses 2026-27 holidays for 2026-27 dates and no others', () => {
    expect(holidayOn('2026-08-14', holidays2025)).toBeUndefined()
    expect(holidayOn('2026-08-14', holidays2026)).toBeUndefined()
    expect(holidayOn('2026-08-17', holidays2026)).toBeUndefined()
    expect(holidayOn('2026-10-02', holidays2025)).toBeUndefined()
    expect(holidayOn('2026-10-02', holidays2026)?.description).toBe('Gandhi Jayanti')
  })
})

describe('holiday ranges', () => {
  it('counts a single-day holiday as its start date only', () => {
    const stale: Holiday = {
      description: 'Feast day',
      startDate: '2025-12-03',
      endDate: '2025-12-10',
      singleDay: true,
      academicYear: '2025-26',
    }
    expect(isNonSchoolDay('2025-12-03', [stale])).toBe(true)
    expect(isNonSchoolDay('2025-12-04', [stale])).toBe(false)
  })

  it('ignores a range that ends before it starts', () => {
    const reversed = holiday('Typo', '2025-11-14', '2025-11-10', '2025-26')
    expect(isNonSchoolDay('2025-11-12', [reversed])).toBe(false)
  })
})
