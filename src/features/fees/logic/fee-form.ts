// The fee payment dialog (J03, J04, J07, J15–J19; what a payment covers, J06, is
// sync/rules/fees/cover.ts): what it asks, what it starts with, and
// what it works out as the office fills it in. The form's zod schema turns bad input into words
// under the fields; nothing is written until it passes.
import * as z from 'zod/mini'
import { DATE_PATTERN } from '@sync/contract/constants'
import { MAX_PAYMENT, type PaidPeriod } from '@sync/contract/collections/payments'
import { isPeriodFee } from '@sync/contract/fee-kinds'
import { feeTypeOf, type PaymentLike } from '@sync/rules/fees/overview'
import {
  FEE_TYPES,
  PAYMENT_OPTIONS,
  defaultPeriod,
  type FeePeriod,
  type FeeType,
} from '@sync/rules/fees/rules'
import { pendingForPeriod } from '@sync/rules/fees/cover'

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

/** The ways of payment a dialog offers, headed by a choice that is none: the person chooses. */
export const PAYMENT_OPTION_CHOICES = [
  { value: '', label: 'Choose how it was paid' },
  ...PAYMENT_OPTIONS.map((o) => ({ value: o, label: o })),
]

/** The UPI transaction or bank reference of a payment, when it has one. */
export const referenceField = z
  .string()
  .check(z.trim(), z.maxLength(100, 'Use at most 100 characters'))

export const feeFormSchema = z.object({
  paymentType: z.enum(FEE_TYPES, { error: 'Choose the fee type' }),
  paymentOption: paymentOptionField,
  periodKey: z.string().check(z.minLength(1, 'Choose the period the payment is for')),
  receivedFrom: receivedFromField,
  paymentAmount: amountField,
  paymentDate: paymentDateField,
  reference: referenceField,
  sendEmail: z.boolean(),
})
export type FeeFormValues = z.infer<typeof feeFormSchema>

/**
 * What the form holds while it is filled in: an emptied amount box holds '', and the way of
 * payment is '' until the person chooses it.
 */
export type FeeFormInput = Omit<FeeFormValues, 'paymentAmount' | 'paymentOption'> & {
  paymentAmount: number | ''
  paymentOption: FeeFormValues['paymentOption'] | ''
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
 * The dialog's first values (J06, J07): the student's usual fee type, no way of payment (the
 * person chooses it: a preselected one was saved unread, decision of issue 40 on J04), the period
 * that contains today, the first guardian as the payer, what is due for the period, today's date,
 * no reference and the e-mail on whenever the family has an address.
 */
export function feeFormDefaults(ctx: FeeFormContext): FeeFormInput {
  const paymentType = feeTypeOf(ctx.payments, ctx.studentId)
  const period = defaultPeriod(paymentType, ctx.today)
  return {
    paymentType,
    paymentOption: '',
    periodKey: period.key,
    receivedFrom: ctx.payer,
    paymentAmount: amountFor(ctx, period),
    paymentDate: ctx.today,
    reference: '',
    sendEmail: ctx.hasEmail,
  }
}

/** A family's report, confirmed: its own type, period, payer, amount, date and option. */
export function feeFormFromReport(
  ctx: FeeFormContext,
  report: PaymentLike & { data: { period?: PaidPeriod } },
): FeeFormInput {
  const reported = report.data.paymentType
  const paymentType = isPeriodFee(reported) ? reported : feeTypeOf(ctx.payments, ctx.studentId)
  const period = report.data.period ?? defaultPeriod(paymentType, report.data.paymentDate)
  return {
    paymentType,
    paymentOption: report.data.paymentOption,
    periodKey: period.key,
    receivedFrom: report.data.receivedFrom,
    paymentAmount: report.data.amount,
    paymentDate: report.data.paymentDate,
    reference: report.data.reference ?? '',
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
