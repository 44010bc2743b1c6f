import { addDays, daysBetween, isoWeekdayOf, partsOf } from './calendar-date'
import type { IsoDate, WeekdayKey } from '@sync/rules/timetable/types'

// A week key 'YYYY_WW' names the ISO 8601 week of a school week's Monday (K05). The year part is
// the ISO week-numbering year, not the calendar year: Monday 2024-12-30 opens week 1 of 2025, and
// naming it '2024_01' would collide with the first week of 2024.

export type WeekKey = string

const WEEK_KEY = /^(\d{4})_(\d{2})$/

export const SCHOOL_DAYS: readonly { day: WeekdayKey; name: string }[] = [
  { day: 'monday', name: 'Mo' },
  { day: 'tuesday', name: 'Tu' },
  { day: 'wednesday', name: 'We' },
  { day: 'thursday', name: 'Th' },
  { day: 'friday', name: 'Fr' },
]

/** A Saturday or Sunday shows the coming school week, so it resolves to the next Monday (K04). */
export function schoolDateFor(date: IsoDate): IsoDate {
  const weekday = isoWeekdayOf(date)
  return weekday >= 6 ? addDays(date, 8 - weekday) : date
}

function mondayOfWeekContaining(date: IsoDate): IsoDate {
  return addDays(date, 1 - isoWeekdayOf(date))
}

function mondayOfFirstIsoWeek(isoYear: number): IsoDate {
  // 4 January is always in week 1.
  return mondayOfWeekContaining(`${isoYear}-01-04`)
}

/** 53 when the ISO year starts on a Thursday, or on a Wednesday in a leap year; else 52. */
export function weeksInIsoYear(isoYear: number): 52 | 53 {
  const jan1 = isoWeekdayOf(`${isoYear}-01-01`)
  const leap = (isoYear % 4 === 0 && isoYear % 100 !== 0) || isoYear % 400 === 0
  return jan1 === 4 || (leap && jan1 === 3) ? 53 : 52
}

function isoWeekOfMonday(monday: IsoDate): { isoYear: number; week: number } {
  // The Thursday of a week decides which ISO year the week belongs to.
  const thursday = addDays(monday, 3)
  const isoYear = partsOf(thursday).year
  return { isoYear, week: daysBetween(mondayOfFirstIsoWeek(isoYear), monday) / 7 + 1 }
}

export function weekKeyOf(date: IsoDate): WeekKey {
  const { isoYear, week } = isoWeekOfMonday(mondayOfWeekContaining(schoolDateFor(date)))
  return `${isoYear}_${String(week).padStart(2, '0')}`
}

export function isWeekKey(value: string): boolean {
  const match = WEEK_KEY.exec(value)
  if (!match) return false
  const week = Number(match[2])
  return week >= 1 && week <= weeksInIsoYear(Number(match[1]))
}

export function mondayOf(weekKey: WeekKey): IsoDate {
  if (!isWeekKey(weekKey)) throw new RangeError(`Not a week key (YYYY_WW): ${weekKey}`)
  const [year, week] = weekKey.split('_').map(Number) as [number, number]
  return addDays(mondayOfFirstIsoWeek(year), (week - 1) * 7)
}

export function schoolDaysOf(weekKey: WeekKey): { day: WeekdayKey; name: string; date: IsoDate }[] {
  const monday = mondayOf(weekKey)
  return SCHOOL_DAYS.map((schoolDay, index) => ({ ...schoolDay, date: addDays(monday, index) }))
}

/**
 * The spec wraps week numbers at 52 (K06), which would skip the 53rd week of years such as 2026
 * and 2032, leaving their lessons unreachable (K07). Stepping moves the Monday by seven real
 * days and names the week it lands in, so week 52 is followed by week 53 where the year has one
 * and by week 1 of the next year otherwise: every week is reached once, none twice.
 */
export function stepWeek(weekKey: WeekKey, step: 1 | -1): WeekKey {
  return weekKeyOf(addDays(mondayOf(weekKey), step * 7))
}
