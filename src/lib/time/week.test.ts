import { describe, expect, it } from 'vitest'
import { daysBetween } from './calendar-date'
import {
  isWeekKey,
  mondayOf,
  schoolDateFor,
  schoolDaysOf,
  stepWeek,
  weekKeyOf,
  weeksInIsoYear,
} from './week'

describe('week key of a date (K05)', () => {
  it.each([
    ['Monday', '2025-06-09', '2025_24'],
    ['Friday', '2025-06-13', '2025_24'],
    ['Saturday maps to the next Monday', '2025-06-07', '2025_24'],
    ['Sunday maps to the next Monday', '2025-06-08', '2025_24'],
    ['a Monday in the last days of December opens the next ISO year', '2024-12-30', '2025_01'],
    ['a weekend before a new ISO year', '2025-12-28', '2026_01'],
    ['the 53rd week of 2026', '2026-12-28', '2026_53'],
    ['a Friday in January still in week 53', '2027-01-01', '2026_53'],
    ['the Saturday after week 53', '2027-01-02', '2027_01'],
    ['a single-digit week', '2026-01-05', '2026_02'],
  ])('%s: %s is %s', (_, date, key) => {
    expect(weekKeyOf(date)).toBe(key)
  })

  it('gives Saturday 2025-06-07 the key of Monday 2025-06-09', () => {
    expect(weekKeyOf('2025-06-07')).toBe(weekKeyOf('2025-06-09'))
  })
})

describe('school date for a selected date (K04)', () => {
  it.each([
    ['2025-06-07', '2025-06-09'],
    ['2025-06-08', '2025-06-09'],
    ['2026-12-26', '2026-12-28'],
    ['2027-01-02', '2027-01-04'],
    ['2025-06-10', '2025-06-10'],
    ['2025-06-13', '2025-06-13'],
  ])('%s shows %s', (selected, shown) => {
    expect(schoolDateFor(selected)).toBe(shown)
  })
})

describe('Monday of a week key', () => {
  it.each([
    ['2025_24', '2025-06-09'],
    ['2025_01', '2024-12-30'],
    ['2026_01', '2025-12-29'],
    ['2026_53', '2026-12-28'],
    ['2027_01', '2027-01-04'],
    ['2020_53', '2020-12-28'],
  ])('%s starts on %s', (key, monday) => {
    expect(mondayOf(key)).toBe(monday)
    expect(weekKeyOf(monday)).toBe(key)
  })

  it.each(['2025_53', '2026_54', '2026_00', '2026-01', '2026_1', 'week'])(
    'refuses %j, which names no week',
    (key) => {
      expect(isWeekKey(key)).toBe(false)
      expect(() => mondayOf(key)).toThrow(RangeError)
    },
  )
})

describe('school days of a week (K02)', () => {
  it('lists Monday to Friday with two-letter names and their dates', () => {
    expect(schoolDaysOf('2026_53')).toEqual([
      { day: 'monday', name: 'Mo', date: '2026-12-28' },
      { day: 'tuesday', name: 'Tu', date: '2026-12-29' },
      { day: 'wednesday', name: 'We', date: '2026-12-30' },
      { day: 'thursday', name: 'Th', date: '2026-12-31' },
      { day: 'friday', name: 'Fr', date: '2027-01-01' },
    ])
  })
})

describe('weeks in an ISO year', () => {
  it.each([
    [2020, 53],
    [2024, 52],
    [2025, 52],
    [2026, 53],
    [2027, 52],
    [2032, 53],
  ])('%i has %i weeks', (year, weeks) => {
    expect(weeksInIsoYear(year)).toBe(weeks)
  })
})

describe('stepping weeks (K06, K07)', () => {
  it.each([
    ['2025_24', 1, '2025_25'],
    ['2025_24', -1, '2025_23'],
    ['2025_52', 1, '2026_01'],
    ['2026_01', -1, '2025_52'],
    ['2026_52', 1, '2026_53'],
    ['2026_53', 1, '2027_01'],
    ['2027_01', -1, '2026_53'],
    ['2026_53', -1, '2026_52'],
    ['2020_53', 1, '2021_01'],
  ] as const)('%s stepped by %i is %s', (key, step, next) => {
    expect(stepWeek(key, step)).toBe(next)
  })

  it('reaches every Monday across the 2026 to 2027 year end once, in order', () => {
    const keys: string[] = []
    for (let key = '2026_50'; keys.length < 8; key = stepWeek(key, 1)) keys.push(key)
    expect(keys).toEqual([
      '2026_50',
      '2026_51',
      '2026_52',
      '2026_53',
      '2027_01',
      '2027_02',
      '2027_03',
      '2027_04',
    ])
    const mondays = keys.map(mondayOf)
    mondays.slice(1).forEach((monday, i) => {
      expect(daysBetween(mondays[i] ?? '', monday)).toBe(7)
    })
  })

  it('walks back over the same weeks it walked forward', () => {
    let key = '2026_48'
    const forward = [key]
    for (let i = 0; i < 10; i++) forward.push((key = stepWeek(key, 1)))
    const backward = [key]
    for (let i = 0; i < 10; i++) backward.push((key = stepWeek(key, -1)))
    expect(backward.reverse()).toEqual(forward)
  })
})
