// What a payment covers (J06) and what a period still asks for: shared by the office's payment
// dialog, the payment rows it writes and the fee overview, so they cannot disagree.
import type { PaidPeriod } from '../../contract/collections/payments.ts'
import type { FeeType } from '../../contract/fee-kinds.ts'
import { paidInYear, paysFor, type PaymentLike } from './overview.ts'
import { feeYearOf, pendingFee, periodOptions, totalFee, type FeePeriod } from './rules.ts'

/**
 * The periods offered for a fee type (J08): the current fee year's, and the period a family
 * reported when it lies in another year, so confirming the report keeps it.
 */
export function periodChoices(feeType: FeeType, today: string, reported?: PaidPeriod): FeePeriod[] {
  const options = periodOptions(feeType, feeYearOf(today))
  if (reported && !options.some((p) => p.key === reported.key)) return [reported, ...options]
  return options
}

/** The fee year a period belongs to: the year of its first day. */
export function feeYearOfPeriod(period: Pick<FeePeriod, 'start'>): string {
  return feeYearOf(period.start)
}

/** What a period costs a student at their monthly fee (J15–J17); nothing without a fee. */
export function periodTotal(monthlyFee: number, period: FeePeriod): number {
  return monthlyFee > 0 ? totalFee(monthlyFee, period) : 0
}

/** What is still due for a period: its total less what is recorded towards it. */
export function pendingForPeriod(
  payments: readonly PaymentLike[],
  studentId: string,
  monthlyFee: number,
  period: FeePeriod,
): number {
  const paid = payments
    .filter(
      (p) =>
        p.kind === 'fee' &&
        p.student_id === studentId &&
        p.status === 'recorded' &&
        paysFor(p, period),
    )
    .reduce((sum, p) => sum + p.data.amount, 0)
  return pendingFee(periodTotal(monthlyFee, period), paid)
}

/** Paid in the period's fee year with this payment (J06 yearPaymentTotal). */
export function yearTotalWith(
  payments: readonly PaymentLike[],
  studentId: string,
  period: FeePeriod,
  amount: number | '',
): number {
  const before = paidInYear(payments, studentId, feeYearOfPeriod(period))
  return before + (typeof amount === 'number' && Number.isFinite(amount) && amount > 0 ? amount : 0)
}
