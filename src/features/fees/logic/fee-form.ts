// The fee payment dialog (J03, J04, J06–J08, J15–J19): what it asks, what it starts with, and
// what it works out as the office fills it in. The form's zod schema turns bad input into words
// under the fields; nothing is written until it passes.
import * as z from 'zod/mini'
import { DATE_PATTERN } from '@sync/contract/constants'
import { MAX_PAYMENT, type PaidPeriod } from '@sync/contract/collections/payments'
import { feeTypeOf, paidInYear, type PaymentLike } from '@sync/rules/fees/overview'
import {
  DEFAULT_PAYMENT_OPTION,
  FEE_TYPES,
  PAYMENT_OPTIONS,
  defaultPeriod,
  feeYearOf,
  pendingFee,
  periodOptions,
  totalFee,
  type FeePeriod,
  type FeeType,
} from '@sync/rules/fees/rules'

/** A YYYY-MM-DD that names a day of the calendar (not 2026-02-30). */
export function isRealDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

/** A payment's amount: above 0 and at most a crore, as the server allows. */
export const amountField = z
  .number({ error: 'Enter the amount' })
  .check(
    z.gt(0, 'Enter an amount above 0'),
    z.lte(MAX_PAYMENT, 'An amount cannot be above ₹1,00,00,000'),
  )

export const paymentDateField = z
  .string()
  .check(z.refine(isRealDate, 'Enter the date the payment was received'))

export const receivedFromField = z
  .string()
  .check(z.trim(), z.minLength(1, 'Enter who paid'), z.maxLength(200, 'Use at most 200 characters'))

export const paymentOptionField = z.enum(PAYMENT_OPTIONS, { error: 'Choose how it was paid' })

export const feeFormSchema = z.object({
  paymentType: z.enum(FEE_TYPES, { error: 'Choose the fee type' }),
  paymentOption: paymentOptionField,
  periodKey: z.string().check(z.minLength(1, 'Choose the period the payment is for')),
  receivedFrom: receivedFromField,
  paymentAmount: amountField,
  paymentDate: paymentDateField,
  sendEmail: z.boolean(),
})
export type FeeFormValues = z.infer<typeof feeFormSchema>

/** What the form holds while it is filled in: an emptied amount box holds ''. */
export type FeeFormInput = Omit<FeeFormValues, 'paymentAmount'> & { paymentAmount: number | '' }

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

function pays(p: PaymentLike, period: FeePeriod): boolean {
  const paid = p.data.period
  if (!paid) return false
  return paid.key === period.key || (paid.start <= period.start && period.end <= paid.end)
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
        pays(p, period),
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

export interface FeeFormContext {
  studentId: string
  monthlyFee: number
  payments: readonly PaymentLike[]
  today: string
  /** The family's first guardian, who usually pays. */
  payer: string
  hasEmail: boolean
}

/** The amount a period starts with: what is still due for it. */
function amountFor(ctx: FeeFormContext, period: FeePeriod): number | '' {
  const pending = pendingForPeriod(ctx.payments, ctx.studentId, ctx.monthlyFee, period)
  return pending > 0 ? pending : ''
}

/**
 * The dialog's first values (J04, J06, J07): the student's usual fee type, the Indian Bank
 * Transfer, the period that contains today, the first guardian as the payer, what is due for the
 * period, today's date and the e-mail on whenever the family has an address.
 */
export function feeFormDefaults(ctx: FeeFormContext): FeeFormInput {
  const paymentType = feeTypeOf(ctx.payments, ctx.studentId)
  const period = defaultPeriod(paymentType, ctx.today)
  return {
    paymentType,
    paymentOption: DEFAULT_PAYMENT_OPTION,
    periodKey: period.key,
    receivedFrom: ctx.payer,
    paymentAmount: amountFor(ctx, period),
    paymentDate: ctx.today,
    sendEmail: ctx.hasEmail,
  }
}

/** A family's report, confirmed: its own type, period, payer, amount, date and option. */
export function feeFormFromReport(
  ctx: FeeFormContext,
  report: PaymentLike & { data: { period?: PaidPeriod } },
): FeeFormInput {
  const paymentType = report.data.paymentType ?? feeTypeOf(ctx.payments, ctx.studentId)
  const period = report.data.period ?? defaultPeriod(paymentType, report.data.paymentDate)
  return {
    paymentType,
    paymentOption: report.data.paymentOption,
    periodKey: period.key,
    receivedFrom: report.data.receivedFrom,
    paymentAmount: report.data.amount,
    paymentDate: report.data.paymentDate,
    sendEmail: ctx.hasEmail,
  }
}

/**
 * The form after the fee type changes (J08): the period that contains today for the new type
 * and what is due for it.
 */
export function withFeeType(
  ctx: FeeFormContext,
  input: FeeFormInput,
  paymentType: FeeType,
): FeeFormInput {
  const period = defaultPeriod(paymentType, ctx.today)
  return { ...input, paymentType, periodKey: period.key, paymentAmount: amountFor(ctx, period) }
}

/** The form after the period changes: what is due for that period. */
export function withPeriod(
  ctx: FeeFormContext,
  input: FeeFormInput,
  period: FeePeriod,
): FeeFormInput {
  return { ...input, periodKey: period.key, paymentAmount: amountFor(ctx, period) }
}
