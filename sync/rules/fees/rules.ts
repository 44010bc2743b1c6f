// The centre's fee rules (operations.md §5, §9), as pure functions shared by the screens that
// record payments, the payments overview and the receipts. Amounts are whole rupees.

export {
  FEE_TYPES,
  PAYMENT_OPTIONS,
  DEFAULT_PAYMENT_OPTION,
  CONTRIBUTION_TYPES,
  type FeeType,
  type PaymentOption,
  type ContributionType,
} from '../../contract/fee-kinds.ts'
import type { FeeType } from '../../contract/fee-kinds.ts'

/** The deposit an admission or enrolment starts with (J26). */
export const DEFAULT_DEPOSIT_FEE = 45000

/** The months of the year, January first, as a payment period names them. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** A run of months inside one calendar year: `first` and `last` are month indexes, 0 = January. */
export interface MonthSpan {
  first: number
  last: number
}

export function monthsIn(span: MonthSpan): number {
  return span.last - span.first + 1
}

/** The two fee sessions (J21): January to May and June to December. */
export const FEE_SESSIONS: readonly MonthSpan[] = [
  { first: 0, last: 4 },
  { first: 5, last: 11 },
]

/** The four fee terms (J22): Jan–Mar, Apr–May, Jun–Aug, Sep–Dec. */
export const FEE_TERMS: readonly MonthSpan[] = [
  { first: 0, last: 2 },
  { first: 3, last: 4 },
  { first: 5, last: 7 },
  { first: 8, last: 11 },
]

function checkMonthIndex(monthIndex: number): void {
  if (!Number.isInteger(monthIndex) || monthIndex < 0 || monthIndex > 11) {
    throw new RangeError(`A month index is a whole number from 0 to 11, not ${monthIndex}`)
  }
}

/** The fee session a month falls in (J21): a month index under 5 is the first. */
export function sessionIndexOf(monthIndex: number): 0 | 1 {
  checkMonthIndex(monthIndex)
  return monthIndex < 5 ? 0 : 1
}

/** The fee term a month falls in (J22): under 3, under 5, under 8, else the fourth. */
export function termIndexOf(monthIndex: number): 0 | 1 | 2 | 3 {
  checkMonthIndex(monthIndex)
  if (monthIndex < 3) return 0
  if (monthIndex < 5) return 1
  if (monthIndex < 8) return 2
  return 3
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function yearAndMonth(isoDate: string): { year: number; monthIndex: number } {
  const match = ISO_DATE.exec(isoDate)
  const monthIndex = Number(match?.[2]) - 1
  if (!match || monthIndex < 0 || monthIndex > 11) {
    throw new RangeError(`Not a date of the form YYYY-MM-DD: ${isoDate}`)
  }
  return { year: Number(match[1]), monthIndex }
}

function yearLabel(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`
}

/**
 * The fee year of a date (J23): June to May, labelled like the academic year ('2025-26').
 * Fee totals "per financial year" are kept per fee year, so a year's totals and its payments
 * line up with the year the families pay for.
 */
export function feeYearOf(isoDate: string): string {
  const { year, monthIndex } = yearAndMonth(isoDate)
  return yearLabel(monthIndex >= 5 ? year : year - 1)
}

/** The calendar year of a date, for the calendar-year totals (J13). */
export function calendarYearOf(isoDate: string): string {
  return String(yearAndMonth(isoDate).year)
}

function checkAmount(amount: number, what: string): void {
  if (!Number.isFinite(amount) || amount < 0) {
    throw new RangeError(`${what} must be a number of rupees of 0 or more, not ${amount}`)
  }
}

/** The yearly fee is twelve times the monthly tariff (J15). */
export function yearlyFee(monthlyTariff: number): number {
  checkAmount(monthlyTariff, 'The monthly tariff')
  return 12 * monthlyTariff
}

/** A session's or term's fee is the tariff times its months (J16). */
export function periodFee(monthlyTariff: number, span: MonthSpan): number {
  checkAmount(monthlyTariff, 'The monthly tariff')
  return monthlyTariff * monthsIn(span)
}

/**
 * The amount for a session or term from a yearly fee (J19): the yearly fee divided by 12,
 * rounded, times the months; 200000 for Jan–Mar is 16667 × 3 = 50001.
 */
export function amountFromYearlyFee(yearly: number, span: MonthSpan): number {
  checkAmount(yearly, 'The yearly fee')
  return Math.round(yearly / 12) * monthsIn(span)
}

/**
 * A student's monthly fee (J14): the tariff chosen for the student, else their group's tariff,
 * else 0. A tariff that is not known (deleted, or not on the device) counts as none. The server's
 * `family_fees()` answers the same; tests/sql/payments.test.ts holds the two together.
 */
export function monthlyFeeOf(
  student: { fee_tariff_id?: string | null; group_id?: string | null },
  groups: ReadonlyMap<string, { feeTariffId?: string | null }>,
  tariffAmounts: ReadonlyMap<string, number>,
): number {
  const own = student.fee_tariff_id ? tariffAmounts.get(student.fee_tariff_id) : undefined
  if (own !== undefined) return own
  const groupTariff = student.group_id ? groups.get(student.group_id)?.feeTariffId : null
  return (groupTariff && tariffAmounts.get(groupTariff)) || 0
}

/** A payment period offered for a fee type, with the months it covers (J08, J09). */
export interface FeePeriod {
  /** Stable key, e.g. '2025-26/term/2' or '2025-26/month/2026-01'. */
  key: string
  label: string
  /** Months covered: 1 for a month, the session's or term's months, 12 for a year. */
  months: number
  /** First and last day covered, YYYY-MM-DD. */
  start: string
  end: string
}

function pad2(n: number): string {
  return String(n).padStart(2, '0')
}

function lastDayOf(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate()
}

/** The calendar year that a month of fee year `startYear` falls in (June–December: the first). */
function calendarYearInFeeYear(startYear: number, monthIndex: number): number {
  return monthIndex >= 5 ? startYear : startYear + 1
}

function spanPeriod(
  feeYear: string,
  startYear: number,
  kind: 'session' | 'term',
  number: number,
  span: MonthSpan,
): FeePeriod {
  const year = calendarYearInFeeYear(startYear, span.first)
  const first = MONTH_NAMES[span.first]
  const last = MONTH_NAMES[span.last]
  const name = kind === 'session' ? 'Session' : 'Term'
  return {
    key: `${feeYear}/${kind}/${number}`,
    label: `${name} ${number}: ${first} to ${last} ${year}`,
    months: monthsIn(span),
    start: `${year}-${pad2(span.first + 1)}-01`,
    end: `${year}-${pad2(span.last + 1)}-${pad2(lastDayOf(year, span.last))}`,
  }
}

/** The months of a fee year in order: June to December of the start year, then January to May. */
const FEE_YEAR_MONTHS = [5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4] as const

/**
 * The periods offered for a fee type in a fee year (J08; the lists are decision J09): a Monthly
 * Fee is paid for one of the year's twelve months, a Term Fee for one of the four fee terms and a
 * Session Fee for one of the two sessions, each in the order the year runs (June first); a Yearly
 * Fee covers the whole fee year.
 */
export function periodOptions(feeType: FeeType, feeYear: string): FeePeriod[] {
  const match = /^(\d{4})-(\d{2})$/.exec(feeYear)
  const startYear = Number(match?.[1])
  if (!match || yearLabel(startYear) !== feeYear) {
    throw new RangeError(`Not a fee year (e.g. 2025-26): ${feeYear}`)
  }
  switch (feeType) {
    case 'Monthly Fee':
      return FEE_YEAR_MONTHS.map((monthIndex) => {
        const year = calendarYearInFeeYear(startYear, monthIndex)
        const month = pad2(monthIndex + 1)
        return {
          key: `${feeYear}/month/${year}-${month}`,
          label: `${MONTH_NAMES[monthIndex]} ${year}`,
          months: 1,
          start: `${year}-${month}-01`,
          end: `${year}-${month}-${pad2(lastDayOf(year, monthIndex))}`,
        }
      })
    case 'Term Fee': {
      // Term numbers follow the fee year: Jun–Aug is the first term it pays for.
      const order = [2, 3, 0, 1]
      return order.map((t, i) => spanPeriod(feeYear, startYear, 'term', i + 1, FEE_TERMS[t]!))
    }
    case 'Session Fee': {
      const order = [1, 0]
      return order.map((s, i) => spanPeriod(feeYear, startYear, 'session', i + 1, FEE_SESSIONS[s]!))
    }
    case 'Yearly Fee':
      return [
        {
          key: `${feeYear}/year`,
          label: `Year ${feeYear}: June ${startYear} to May ${startYear + 1}`,
          months: 12,
          start: `${startYear}-06-01`,
          end: `${startYear + 1}-05-31`,
        },
      ]
  }
}

/** The period preselected for a fee type: the one that contains today (J07). */
export function defaultPeriod(feeType: FeeType, today: string): FeePeriod {
  const options = periodOptions(feeType, feeYearOf(today))
  const found = options.find((period) => period.start <= today && today <= period.end)
  if (!found) throw new RangeError(`No ${feeType} period contains ${today}`)
  return found
}

/**
 * What a period costs at a monthly tariff (J15–J17): the tariff times the period's months, and
 * never less than one month's tariff.
 */
export function totalFee(monthlyTariff: number, period: Pick<FeePeriod, 'months'>): number {
  checkAmount(monthlyTariff, 'The monthly tariff')
  return Math.max(monthlyTariff * period.months, monthlyTariff)
}

/** The part of a student's payment settings that the paid total reads (J02). */
export interface PaidSoFar {
  yearPaymentTotal?: number | null
  academicYear?: string | null
}

/**
 * What a student has paid towards `feeYear`: the year total of their last payment, or 0 when
 * that payment belongs to another year (J18) or there is none.
 */
export function paidTotal(settings: PaidSoFar | null | undefined, feeYear: string): number {
  if (!settings || settings.academicYear !== feeYear) return 0
  const total = settings.yearPaymentTotal ?? 0
  return Number.isFinite(total) && total > 0 ? total : 0
}

/** The fee still pending: never below 0 when a family has paid ahead. */
export function pendingFee(total: number, paid: number): number {
  return Math.max(total - paid, 0)
}

/**
 * The days a student is charged for: from the first day of their enrolment to the last, either
 * end open (null). Dates are YYYY-MM-DD in the centre's time.
 */
export interface FeeWindow {
  from: string | null
  to: string | null
}

/** A window open at both ends: a student charged for every period (no dates known). */
export const OPEN_FEE_WINDOW: FeeWindow = { from: null, to: null }

const CENTRE_OFFSET_MS = 330 * 60_000

/** The centre's date (Asia/Kolkata, +05:30 all year) of a stored timestamp or date, or null. */
function centreDay(value: string | null | undefined): string | null {
  if (!value) return null
  if (ISO_DATE.test(value)) return value
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : new Date(ms + CENTRE_OFFSET_MS).toISOString().slice(0, 10)
}

/**
 * When a student's fees run (decision "The office's day, round two"): from their first day at the
 * centre (the enrolment's start date, else the day they were enrolled) to the day their enrolment
 * ended (a termination's date; none while enrolled).
 */
export function feeWindowOf(
  enrolment:
    | {
        startDate?: string | null
        enrolledAt?: string | null
        terminatedAt?: string | null
      }
    | null
    | undefined,
): FeeWindow {
  return {
    from: centreDay(enrolment?.startDate) ?? centreDay(enrolment?.enrolledAt),
    to: centreDay(enrolment?.terminatedAt),
  }
}

/**
 * The months of a period a student is charged for (the first-month rule): every month of the
 * period from the month their enrolment starts to the month it ends, each in full. A child who
 * starts on the 4th of January pays all of January and nothing before it; one who leaves on the
 * 10th of February pays all of February and nothing after it.
 */
export function chargedMonths(
  period: Pick<FeePeriod, 'start' | 'end' | 'months'>,
  window: FeeWindow,
): number {
  const monthNumber = (date: string) => {
    const { year, monthIndex } = yearAndMonth(date)
    return year * 12 + monthIndex
  }
  const first = monthNumber(period.start)
  const last = monthNumber(period.end)
  const from = window.from ? Math.max(first, monthNumber(window.from)) : first
  const to = window.to ? Math.min(last, monthNumber(window.to)) : last
  return Math.max(to - from + 1, 0)
}
