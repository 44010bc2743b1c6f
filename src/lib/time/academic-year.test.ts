import { describe, expect, it } from 'vitest'
import {
  academicYearEnd,
  academicYearOf,
  academicYearStart,
  calendarTermLabel,
  coveredAcademicYears,
  termActionKey,
  termOf,
} from './academic-year'

describe('academic year of a date (Q01-Q03)', () => {
  it.each([
    ['2025-06-01', '2025-26'],
    ['2025-12-31', '2025-26'],
    ['2026-01-15', '2025-26'],
    ['2026-05-31', '2025-26'],
    ['2026-06-01', '2026-27'],
    ['2024-05-31', '2023-24'],
    ['2099-07-01', '2099-00'],
  ])('%s is in %s', (date, year) => {
    expect(academicYearOf(date)).toBe(year)
  })

  it.each([
    ['2025-26', '2025-06-01', '2026-05-31'],
    ['2026-27', '2026-06-01', '2027-05-31'],
  ])('%s runs from %s to %s', (year, start, end) => {
    expect(academicYearStart(year)).toBe(start)
    expect(academicYearEnd(year)).toBe(end)
    expect(academicYearOf(start)).toBe(year)
    expect(academicYearOf(end)).toBe(year)
  })

  it.each(['2025-27', '2025-2026', '25-26', ''])('refuses the label %j', (label) => {
    expect(() => academicYearStart(label)).toThrow(RangeError)
  })
})

describe('canonical term of a date (Q04, Q07)', () => {
  it.each([
    ['2025-06-01', '2025-26', 1],
    ['2025-07-15', '2025-26', 1],
    ['2025-08-31', '2025-26', 1],
    ['2025-09-01', '2025-26', 2],
    ['2025-10-02', '2025-26', 2],
    ['2025-12-31', '2025-26', 2],
    ['2026-01-01', '2025-26', 3],
    ['2026-02-10', '2025-26', 3],
    ['2026-04-30', '2025-26', 3],
    ['2026-05-15', '2025-26', 3],
    ['2026-05-31', '2025-26', 3],
    ['2026-06-01', '2026-27', 1],
  ])('%s is in %s Term %i', (date, year, term) => {
    expect(termOf(date)).toEqual({ year, term })
  })
})

describe('calendar display term (K32)', () => {
  it.each([
    ['2026-01-05', 'Term 3'],
    ['2026-03-10', 'Term 3'],
    ['2026-05-29', 'Term 3'],
    ['2026-06-01', 'Term 1'],
    ['2026-07-20', 'Term 1'],
    ['2026-09-30', 'Term 1'],
    ['2026-10-01', 'Term 2'],
    ['2026-11-16', 'Term 2'],
    ['2026-12-31', 'Term 2'],
  ])('%s shows %s', (date, label) => {
    expect(calendarTermLabel(date)).toBe(label)
  })

  it('shows September as Term 1 while the canonical term is Term 2', () => {
    expect(calendarTermLabel('2025-09-15')).toBe('Term 1')
    expect(termOf('2025-09-15').term).toBe(2)
  })
})

describe('term action key (Q06, Q08)', () => {
  it.each([
    ['2025-26', 2, '2025_2026_2'],
    ['2023-24', 1, '2023_2024_1'],
    ['2099-00', 3, '2099_2100_3'],
  ] as const)('%s Term %i is %s', (year, term, key) => {
    expect(termActionKey(year, term)).toBe(key)
  })
})

describe('covered academic years (Q05, Q08)', () => {
  it.each([
    ['2025-11-03', ['2023-24', '2024-25', '2025-26']],
    ['2026-05-31', ['2023-24', '2024-25', '2025-26']],
    ['2026-06-01', ['2023-24', '2024-25', '2025-26', '2026-27']],
    ['2026-11-03', ['2023-24', '2024-25', '2025-26', '2026-27']],
    ['2028-01-10', ['2023-24', '2024-25', '2025-26', '2026-27', '2027-28']],
    // A device whose clock is years behind still offers the years the centre has records for.
    ['2020-01-01', ['2023-24', '2024-25', '2025-26']],
  ])('on %s the selectors offer %j', (today, years) => {
    expect(coveredAcademicYears(today)).toEqual(years)
  })
})
