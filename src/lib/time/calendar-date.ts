import type { IsoDate } from '@sync/rules/timetable/types'

// Every rule works on 'YYYY-MM-DD' strings and does its arithmetic on UTC day numbers, so the
// result never depends on the time zone of the device or the test runner. Conversions from a
// Date are explicit about which clock they read.

const DAY_MS = 86_400_000
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** India keeps one offset all year (no daylight saving), so a fixed +05:30 is exact. */
const CENTRE_OFFSET_MINUTES = 330

function utcDateOf(date: IsoDate): Date {
  const match = ISO_DATE.exec(date)
  if (match) {
    const [, y, m, d] = match.map(Number) as [number, number, number, number]
    const utc = new Date(Date.UTC(y, m - 1, d))
    if (utc.getUTCFullYear() === y && utc.getUTCMonth() === m - 1 && utc.getUTCDate() === d) {
      return utc
    }
  }
  throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`)
}

function isoDateOfUtc(utc: Date): IsoDate {
  return utc.toISOString().slice(0, 10)
}

export function isIsoDate(value: string): boolean {
  try {
    utcDateOf(value)
    return true
  } catch {
    return false
  }
}

export function partsOf(date: IsoDate): { year: number; month: number; day: number } {
  const utc = utcDateOf(date)
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() }
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return isoDateOfUtc(new Date(utcDateOf(date).getTime() + days * DAY_MS))
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((utcDateOf(to).getTime() - utcDateOf(from).getTime()) / DAY_MS)
}

/** 1 = Monday ... 7 = Sunday, as ISO 8601 counts. */
export function isoWeekdayOf(date: IsoDate): number {
  return ((utcDateOf(date).getUTCDay() + 6) % 7) + 1
}

/** The calendar date a date picker means: it hands over a Date at local midnight. */
export function isoDateOfLocal(date: Date): IsoDate {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The instant as the centre's wall clock shows it, in UTC fields (read with getUTC*). */
export function centreClockOf(instant: Date | string): Date {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime()
  return new Date(ms + CENTRE_OFFSET_MINUTES * 60_000)
}

/** The date at the centre (Goa) at that instant, whatever the device's time zone. */
export function centreDateOf(instant: Date | string): IsoDate {
  return isoDateOfUtc(centreClockOf(instant))
}
