import type { IsoDate } from '@sync/rules/timetable/types'

// The academic year runs June to May and is labelled by its start year plus the next year's
// last two digits, e.g. '2025-26' (Q01-Q03).

export type AcademicYear = string
export type TermNumber = 1 | 2 | 3

const JUNE = 6
const LABEL = /^(\d{4})-(\d{2})$/

/** The first academic year with records at the centre (Q05). */
const FIRST_COVERED_YEAR = 2023
/** The last year the spec lists; the list never shrinks below it, even on a wrong clock. */
const LAST_LISTED_YEAR = 2025

/** The year and month of a 'YYYY-MM-DD' date. */
function partsOf(date: IsoDate): { year: number; month: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) }
}

function labelFor(startYear: number): AcademicYear {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`
}

function startYearOf(label: AcademicYear): number {
  const match = LABEL.exec(label)
  const startYear = Number(match?.[1])
  if (!match || labelFor(startYear) !== label) {
    throw new RangeError(`Not an academic year label (e.g. 2025-26): ${label}`)
  }
  return startYear
}

export function academicYearOf(date: IsoDate): AcademicYear {
  const { year, month } = partsOf(date)
  return labelFor(month >= JUNE ? year : year - 1)
}

export function academicYearStart(label: AcademicYear): IsoDate {
  return `${startYearOf(label)}-06-01`
}

export function academicYearEnd(label: AcademicYear): IsoDate {
  return `${startYearOf(label) + 1}-05-31`
}

/**
 * The canonical term of a date (§9): Term 1 June-August, Term 2 September-December, Term 3
 * January-April. The spec leaves May in no term (Q07); May is the last month of teaching before
 * the summer break and belongs to the same academic year, so it closes Term 3. Every date then
 * has exactly one term, and reports by term never drop May's lessons.
 */
export function termOf(date: IsoDate): { year: AcademicYear; term: TermNumber } {
  const { month } = partsOf(date)
  const term: TermNumber = month >= 9 ? 2 : month >= JUNE ? 1 : 3
  return { year: academicYearOf(date), term }
}

/**
 * The term the calendar shows (§9, K32): January-May 'Term 3', June-September 'Term 1',
 * otherwise 'Term 2'. It differs from termOf in September; the spec keeps the two rules apart
 * and the calendar header follows its own.
 */
export function calendarTermLabel(date: IsoDate): string {
  const { month } = partsOf(date)
  if (month < JUNE) return 'Term 3'
  if (month <= 9) return 'Term 1'
  return 'Term 2'
}

/**
 * The key of a term's actions, 'year_year_termNumber' (Q06). Both years are written in full,
 * '2025_2026_2', so the key reads unambiguously and sorts by year and term (Q08).
 */
export function termActionKey(year: AcademicYear, term: TermNumber): string {
  const startYear = startYearOf(year)
  return `${startYear}_${startYear + 1}_${term}`
}

/**
 * The academic years the year and term selectors offer. The spec lists 2023-24 to 2025-26
 * (Q05); the centre keeps teaching after that, so the list runs from 2023-24 up to the current
 * academic year and grows each June (Q08).
 */
export function coveredAcademicYears(today: IsoDate): AcademicYear[] {
  const current = startYearOf(academicYearOf(today))
  const last = Math.max(current, LAST_LISTED_YEAR)
  const years: AcademicYear[] = []
  for (let year = FIRST_COVERED_YEAR; year <= last; year++) years.push(labelFor(year))
  return years
}
