// What the payments say, computed the same way for the office's Payments, Reminders and
// Accounting panes and for a family's Payments pane: a student's payment settings (J02), where
// each student stands for the current period (J05, J12), and the totals per fee year and per
// calendar year (J13). Only recorded payments count; a reported one waits for the office.
import {
  FEE_SESSIONS,
  FEE_TERMS,
  MONTH_NAMES,
  OPEN_FEE_WINDOW,
  calendarYearOf,
  chargedMonths,
  defaultPeriod,
  feeYearOf,
  pendingFee,
  sessionIndexOf,
  termIndexOf,
  totalFee,
  type FeePeriod,
  type FeeType,
  type FeeWindow,
  type PaymentOption,
} from './rules.ts'
import { isPeriodFee, type PaymentType } from '../../contract/fee-kinds.ts'

/** The fields of a payment row these computations read. */
export interface PaymentLike {
  id: string
  family_id: string
  student_id: string | null
  kind: 'fee' | 'contribution'
  status: 'reported' | 'recorded' | 'void'
  receipt_number?: string | null
  data: {
    paymentType?: PaymentType
    contributionType?: string
    paymentOption: PaymentOption
    period?: { key: string; label: string; months: number; start: string; end: string }
    /** The field trip a Field Trip payment pays for. */
    trip?: { id: string; title: string }
    feeYear: string
    receivedFrom: string
    amount: number
    paymentDate: string
    studentsFee?: number
    yearPaymentTotal?: number
    /** The UPI transaction or bank reference, when the payment has one. */
    reference?: string
  }
}

/** A student's payment settings as the original app kept them (J02), from their payments. */
export interface PaymentSettings {
  paymentAmount: number
  lastPaymentAmount: number
  paymentType: FeeType
  paymentOption: PaymentOption
  studentsFee: number
  receivedFrom: string
  paymentDate: string
  yearPaymentTotal: number
  academicYear: string
}

const counts = (p: PaymentLike) => p.status === 'recorded'

/**
 * A student's recorded fee payments for periods, newest first (by payment date, then receipt
 * number). The admission fee and the deposit pay for no period: they are not among them.
 */
export function feePaymentsOf(payments: readonly PaymentLike[], studentId: string): PaymentLike[] {
  return payments
    .filter(
      (p) =>
        p.kind === 'fee' &&
        p.student_id === studentId &&
        counts(p) &&
        (p.data.paymentType === undefined || isPeriodFee(p.data.paymentType)),
    )
    .sort(
      (a, b) =>
        b.data.paymentDate.localeCompare(a.data.paymentDate) ||
        (b.receipt_number ?? '').localeCompare(a.receipt_number ?? ''),
    )
}

/** What a student has paid towards a fee year: their recorded fees of that year (J18). */
export function paidInYear(
  payments: readonly PaymentLike[],
  studentId: string,
  feeYear: string,
): number {
  return feePaymentsOf(payments, studentId)
    .filter((p) => p.data.feeYear === feeYear)
    .reduce((sum, p) => sum + p.data.amount, 0)
}

/**
 * A student's payment settings (J02): their last payment's type, option, fee, payer and date,
 * its amount, the one before it, and what the fee year of the last payment has received so far.
 * Null for a student who has paid nothing yet.
 */
export function paymentSettingsOf(
  payments: readonly PaymentLike[],
  studentId: string,
): PaymentSettings | null {
  const [last, previous] = feePaymentsOf(payments, studentId)
  if (!last) return null
  return {
    paymentAmount: last.data.amount,
    lastPaymentAmount: previous?.data.amount ?? 0,
    paymentType: isPeriodFee(last.data.paymentType) ? last.data.paymentType : 'Monthly Fee',
    paymentOption: last.data.paymentOption,
    studentsFee: last.data.studentsFee ?? 0,
    receivedFrom: last.data.receivedFrom,
    paymentDate: last.data.paymentDate,
    yearPaymentTotal: paidInYear(payments, studentId, last.data.feeYear),
    academicYear: last.data.feeYear,
  }
}

/** The fee type a student pays by: their last payment's, else monthly. */
export function feeTypeOf(payments: readonly PaymentLike[], studentId: string): FeeType {
  return paymentSettingsOf(payments, studentId)?.paymentType ?? 'Monthly Fee'
}

export type FeeStanding = 'notPaying' | 'pending' | 'paid'

/** Where a student stands for the period that contains today (J05). */
export interface StudentFees {
  studentId: string
  standing: FeeStanding
  feeType: FeeType
  period: FeePeriod
  /** The student's monthly tariff (feeTariffAmount); 0 when their group has none (J14). */
  feeTariffAmount: number
  /** What the current period costs (totalFee). */
  totalFee: number
  /** Recorded towards the current period (totalFeePaid). */
  totalFeePaid: number
  /** Still due for it (totalFeePending). */
  totalFeePending: number
  /** Paid towards the current fee year. */
  paidThisYear: number
  /** Reported by the family for this period and waiting for the office. */
  reported: number
  /**
   * Why a student with a tariff owes nothing for the period: their enrolment starts after it
   * ('starts', with the day in `startsOn`) or ended before it ('left'); null while they are charged.
   */
  outside: 'starts' | 'left' | null
  startsOn: string | null
}

/** Whether a payment pays for the period: its period is that one, or covers the same days (J06). */
export function paysFor(p: PaymentLike, period: FeePeriod): boolean {
  const paid = p.data.period
  if (!paid) return false
  return paid.key === period.key || (paid.start <= period.start && period.end <= paid.end)
}

export function studentFees(
  studentId: string,
  monthlyFee: number,
  payments: readonly PaymentLike[],
  today: string,
  window: FeeWindow = OPEN_FEE_WINDOW,
): StudentFees {
  const feeType = feeTypeOf(payments, studentId)
  const period = defaultPeriod(feeType, today)
  const months = chargedMonths(period, window)
  const outside = months > 0 ? null : window.from && window.from > period.end ? 'starts' : 'left'
  const forPeriod = payments.filter(
    (p) => p.kind === 'fee' && p.student_id === studentId && paysFor(p, period),
  )
  const paid = forPeriod.filter(counts).reduce((sum, p) => sum + p.data.amount, 0)
  const reported = forPeriod
    .filter((p) => p.status === 'reported')
    .reduce((sum, p) => sum + p.data.amount, 0)
  const total = monthlyFee > 0 && months > 0 ? totalFee(monthlyFee, { months }) : 0
  const pending = pendingFee(total, paid)
  return {
    studentId,
    standing: total <= 0 ? 'notPaying' : pending === 0 ? 'paid' : 'pending',
    feeType,
    period,
    feeTariffAmount: monthlyFee,
    totalFee: total,
    totalFeePaid: paid,
    totalFeePending: pending,
    paidThisYear: paidInYear(payments, studentId, feeYearOf(today)),
    reported,
    outside,
    startsOn: outside === 'starts' ? window.from : null,
  }
}

/** The current month, term, session and fee year, as the overview heads them (J12). */
export function currentPeriods(today: string) {
  const monthIndex = Number(today.slice(5, 7)) - 1
  const year = today.slice(0, 4)
  const term = FEE_TERMS[termIndexOf(monthIndex)]!
  const session = FEE_SESSIONS[sessionIndexOf(monthIndex)]!
  return {
    month: `${MONTH_NAMES[monthIndex]} ${year}`,
    term: `${MONTH_NAMES[term.first]} to ${MONTH_NAMES[term.last]} ${year}`,
    session: `${MONTH_NAMES[session.first]} to ${MONTH_NAMES[session.last]} ${year}`,
    year: feeYearOf(today),
  }
}

/** A student as the overview and a family's due read them: their tariff and fee window. */
export interface ChargedStudent {
  id: string
  monthlyFee: number
  /** When their fees run; open at both ends when not given. */
  feeWindow?: FeeWindow
}

const feesOf = (s: ChargedStudent, payments: readonly PaymentLike[], today: string) =>
  studentFees(s.id, s.monthlyFee, payments, today, s.feeWindow)

/** The payments overview (J12). */
export interface PaymentsOverview {
  totalStudents: number
  totalNotPaying: number
  totalPending: number
  totalPaid: number
  totalPendingAmount: number
  totalPaidAmount: number
  notPaying: StudentFees[]
  pending: StudentFees[]
  paid: StudentFees[]
  current: ReturnType<typeof currentPeriods>
}

/**
 * The payments overview (J12) of the students on the roll: a student whose enrolment ended
 * before the current period is no longer counted; one who starts after it is not paying yet.
 */
export function paymentsOverview(
  students: readonly ChargedStudent[],
  payments: readonly PaymentLike[],
  today: string,
): PaymentsOverview {
  const all = students.map((s) => feesOf(s, payments, today)).filter((f) => f.outside !== 'left')
  const of = (standing: FeeStanding) => all.filter((f) => f.standing === standing)
  const pending = of('pending')
  const paid = of('paid')
  return {
    totalStudents: all.length,
    totalNotPaying: of('notPaying').length,
    totalPending: pending.length,
    totalPaid: paid.length,
    totalPendingAmount: all.reduce((sum, f) => sum + f.totalFeePending, 0),
    totalPaidAmount: all.reduce((sum, f) => sum + f.totalFeePaid, 0),
    notPaying: of('notPaying'),
    pending,
    paid,
    current: currentPeriods(today),
  }
}

/** One year's takings: every recorded amount (the amount list) and their sum (J13). */
export interface YearTotal {
  year: string
  amounts: number[]
  fees: number
  contributions: number
  total: number
}

function totalsBy(
  payments: readonly PaymentLike[],
  yearOf: (p: PaymentLike) => string,
): YearTotal[] {
  const years = new Map<string, YearTotal>()
  for (const p of payments.filter(counts)) {
    const year = yearOf(p)
    const entry = years.get(year) ?? { year, amounts: [], fees: 0, contributions: 0, total: 0 }
    entry.amounts.push(p.data.amount)
    if (p.kind === 'fee') entry.fees += p.data.amount
    else entry.contributions += p.data.amount
    entry.total += p.data.amount
    years.set(year, entry)
  }
  return [...years.values()].sort((a, b) => b.year.localeCompare(a.year))
}

/**
 * The takings per fee year (the centre's financial year, June to May, J23) and per calendar
 * year, newest first (J13). A fee counts in the fee year it pays for; a contribution in the
 * fee year of its date. Both count in the calendar year they were received.
 */
export function feeTotals(payments: readonly PaymentLike[]): {
  byFeeYear: YearTotal[]
  byCalendarYear: YearTotal[]
} {
  return {
    byFeeYear: totalsBy(payments, (p) => p.data.feeYear),
    byCalendarYear: totalsBy(payments, (p) => calendarYearOf(p.data.paymentDate)),
  }
}

/** What a family owes for the current period: each student's due, and their sum (J30). */
export function familyDue(
  familyStudents: readonly ChargedStudent[],
  payments: readonly PaymentLike[],
  today: string,
): { students: StudentFees[]; total: number } {
  const fees = familyStudents.map((s) => feesOf(s, payments, today))
  return { students: fees, total: fees.reduce((sum, f) => sum + f.totalFeePending, 0) }
}
