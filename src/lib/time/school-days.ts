import { academicYearOf } from './academic-year'
import { isoWeekdayOf } from './calendar-date'
import type { Holiday, IsoDate } from '@sync/rules/timetable/types'

/**
 * The holiday that closes the centre on a date, if any (K03), to show its description.
 *
 * The spec filters holidays for 2025-26 only (N24). Each date uses the holidays of its own
 * academic year (N25), so the list keeps working in 2026-27 and later, and last year's breaks
 * never close this year's days. A break that spans 1 June is therefore entered once per academic
 * year it touches.
 */
export function holidayOn(date: IsoDate, holidays: readonly Holiday[]): Holiday | undefined {
  const year = academicYearOf(date)
  return holidays.find((holiday) => {
    if (holiday.academicYear !== year) return false
    // A single-day holiday is its start date, whatever an older edit left in endDate.
    const endDate = holiday.singleDay ? holiday.startDate : holiday.endDate
    // 'YYYY-MM-DD' strings order the same way as the dates they name.
    return holiday.startDate <= date && date <= endDate
  })
}

export function isWeekend(date: IsoDate): boolean {
  return isoWeekdayOf(date) >= 6
}

/** Weekends and holiday ranges have no lessons (K03). */
export function isNonSchoolDay(date: IsoDate, holidays: readonly Holiday[]): boolean {
  return isWeekend(date) || holidayOn(date, holidays) !== undefined
}
