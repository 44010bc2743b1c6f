// A payment a family reports after paying by UPI or bank transfer (J32): the "I have paid" form's
// rules, and the payment rows it writes on the device with status 'reported'. They count for
// nothing until the office confirms them (sync/rules/fees/overview.ts), and the server refuses a
// family anything but a report of their own.
import * as z from 'zod/mini'
import { DATE_PATTERN } from '@sync/contract/constants'
import { MAX_PAYMENT, payments, type PaidPeriod } from '@sync/contract/collections/payments'
import type { PaymentRow } from '@sync/engine/database'
import { feeYearOf, periodOptions, totalFee, type FeePeriod } from '@sync/rules/fees/rules'
import { parseRow } from '@sync/contract/schema'
import { rupees } from '@sync/rules/text'
import { FIELD_TRIP_PAYMENT_TYPE } from '@sync/contract/fee-kinds'
import type { ChildDue, DueView } from './parents-due'
import type { TripFeeLine } from './trip-fees'

/** How a family pays from home: cash is handed in at the office, which records it. */
export const REPORT_OPTIONS = ['UPI', 'Indian Bank Transfer', 'Federal Bank Transfer'] as const

/** The form's choice for one payment covering every child's due. */
export const ALL_CHILDREN = 'all'

export const REPORT_MESSAGES = {
  target: 'Choose who the payment is for',
  period: 'Choose the period the payment is for',
  amount: 'Enter the amount you paid',
  wholeRupees: 'Enter the amount in whole rupees',
  date: 'Enter the date you paid',
  future: 'The date cannot be after today',
  reference: 'Enter the transaction reference from your payment app or bank',
  referenceChars: 'Use only letters, digits, spaces, / and -',
  nothingDue: 'Nothing is due to report: choose a child.',
  unknownChild: 'This child is not on this device.',
  tripPaid: 'This trip fee is paid already.',
  otherFamily: 'This trip fee is not one of your family’s.',
} as const

/** A YYYY-MM-DD that names a day of the calendar (not 2026-02-30). */
function realDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

/** The "I have paid" form; `today` is the centre's date, after which no payment was made. */
export function reportFormSchema(today: string) {
  return z.object({
    target: z.string().check(z.minLength(1, REPORT_MESSAGES.target)),
    periodKey: z.string().check(z.minLength(1, REPORT_MESSAGES.period)),
    amount: z.number({ error: REPORT_MESSAGES.amount }).check(
      z.gt(0, REPORT_MESSAGES.amount),
      z.lte(MAX_PAYMENT, 'An amount cannot be above ₹1,00,00,000'),
      z.refine((n) => Number.isInteger(n), REPORT_MESSAGES.wholeRupees),
    ),
    paymentDate: z.string().check(
      z.refine(realDate, REPORT_MESSAGES.date),
      z.refine((d) => !realDate(d) || d <= today, REPORT_MESSAGES.future),
    ),
    paymentOption: z.enum(REPORT_OPTIONS, { error: 'Choose how you paid' }),
    reference: z
      .string()
      .check(
        z.trim(),
        z.minLength(4, REPORT_MESSAGES.reference),
        z.maxLength(100, 'Use at most 100 characters'),
        z.regex(/^[A-Za-z0-9][A-Za-z0-9 /-]*$/, REPORT_MESSAGES.referenceChars),
      ),
  })
}
export type ReportForm = z.infer<ReturnType<typeof reportFormSchema>>

/** What the form holds while it is filled in: the amount is empty until typed. */
export type ReportFormValues = Omit<ReportForm, 'amount' | 'paymentOption'> & {
  amount: number | string
  paymentOption: string
}

/** The periods a child's fee can be reported for: the fee year of today, by their fee type. */
export function reportPeriods(child: ChildDue, today: string): FeePeriod[] {
  return periodOptions(child.feeType, feeYearOf(today))
}

/** The amount to suggest for a child and period: what is left of the current one, else its fee. */
export function suggestedAmount(
  child: ChildDue,
  period: Pick<FeePeriod, 'key' | 'months'>,
): number {
  if (period.key === child.period.key && child.toPay > 0) return child.toPay
  return child.feeTariffAmount > 0 ? totalFee(child.feeTariffAmount, period) : 0
}

/** The form as it opens: the whole due when several children owe, else the child who owes. */
export function reportInitialValues(due: DueView, today: string): ReportFormValues {
  const owing = due.children.filter((c) => c.toPay > 0)
  const child = owing[0] ?? due.children.find((c) => c.standing !== 'notPaying') ?? due.children[0]
  const all = owing.length > 1
  return {
    target: all ? ALL_CHILDREN : (child?.studentId ?? ''),
    periodKey: all ? ALL_CHILDREN : (child?.period.key ?? ''),
    amount: all ? due.toPay : child ? suggestedAmount(child, child.period) || '' : '',
    paymentDate: today,
    paymentOption: 'UPI',
    reference: '',
  }
}

/** The form's values checked by its rules, or the message of each field they refuse. */
function parseReport(
  values: unknown,
  today: string,
): { ok: true; form: ReportForm } | { ok: false; errors: Record<string, string> } {
  const parsed = reportFormSchema(today).safeParse(values)
  if (parsed.success) return { ok: true, form: parsed.data }
  const errors: Record<string, string> = {}
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message
  return { ok: false, errors }
}

export interface ReportContext {
  familyId: string
  familyName: string
  /** The signed-in guardian, who made the payment. */
  guardianName: string
  due: DueView
  today: string
}

export type ReportResult =
  { ok: true; rows: PaymentRow[] } | { ok: false; errors: Record<string, string> }

const paidPeriod = (p: FeePeriod): PaidPeriod => ({
  key: p.key,
  label: p.label,
  months: p.months,
  start: p.start,
  end: p.end,
})

function rowFor(
  child: ChildDue,
  period: FeePeriod,
  amount: number,
  form: ReportForm,
  ctx: ReportContext,
  id: string,
): PaymentRow {
  return parseRow(payments, {
    id,
    family_id: ctx.familyId,
    student_id: child.studentId,
    kind: 'fee',
    status: 'reported',
    data: {
      paymentType: child.feeType,
      paymentOption: form.paymentOption,
      period: paidPeriod(period),
      feeYear: feeYearOf(period.start),
      receivedFrom: ctx.guardianName,
      amount,
      paymentDate: form.paymentDate,
      studentsFee: child.feeTariffAmount,
      totalFee: child.feeTariffAmount > 0 ? totalFee(child.feeTariffAmount, period) : 0,
      studentName: child.name,
      familyName: ctx.familyName,
      sendEmail: false,
      reference: form.reference,
    },
  })
}

/**
 * The reported payments the form describes: one for the chosen child and period, or, for every
 * child, one per child still to pay for their current period. Input the rules refuse writes
 * nothing and answers the messages per field.
 */
export function reportedRows(
  values: unknown,
  ctx: ReportContext,
  newId: () => string,
): ReportResult {
  const parsed = parseReport(values, ctx.today)
  if (!parsed.ok) return parsed
  const form = parsed.form
  if (form.target === ALL_CHILDREN) {
    const owing = ctx.due.children.filter((c) => c.toPay > 0)
    if (owing.length === 0) return { ok: false, errors: { target: REPORT_MESSAGES.nothingDue } }
    return { ok: true, rows: owing.map((c) => rowFor(c, c.period, c.toPay, form, ctx, newId())) }
  }
  const child = ctx.due.children.find((c) => c.studentId === form.target)
  if (!child) return { ok: false, errors: { target: REPORT_MESSAGES.unknownChild } }
  const period = reportPeriods(child, ctx.today).find((p) => p.key === form.periodKey)
  if (!period) return { ok: false, errors: { periodKey: REPORT_MESSAGES.period } }
  return { ok: true, rows: [rowFor(child, period, form.amount, form, ctx, newId())] }
}

/** Who reports a trip fee: the family and the guardian signed in, on the centre's `today`. */
export type TripReportContext = Omit<ReportContext, 'due'>

/**
 * "I have paid" for one child's field trip fee opens with what is still due, today and UPI. The
 * child and the trip are the form's `target` and `periodKey`, so the form has the same rules.
 */
export function tripReportInitialValues(line: TripFeeLine, today: string): ReportFormValues {
  return {
    target: line.studentId,
    periodKey: line.tripId,
    amount: line.due > 0 ? line.due : '',
    paymentDate: today,
    paymentOption: 'UPI',
    reference: '',
  }
}

/**
 * The reported payment of a trip fee: type Field Trip, naming the trip and counting in its fee
 * year, with no period; at most what is still due. It counts for nothing until the office
 * confirms it in the trip fee dialog.
 */
export function tripReportedRow(
  values: unknown,
  line: TripFeeLine,
  ctx: TripReportContext,
  id: string,
): ReportResult {
  const parsed = parseReport(values, ctx.today)
  if (!parsed.ok) return parsed
  const form = parsed.form
  if (line.familyId !== ctx.familyId)
    return { ok: false, errors: { target: REPORT_MESSAGES.otherFamily } }
  if (form.target !== line.studentId || form.periodKey !== line.tripId)
    return { ok: false, errors: { target: REPORT_MESSAGES.unknownChild } }
  if (line.due <= 0) return { ok: false, errors: { amount: REPORT_MESSAGES.tripPaid } }
  if (form.amount > line.due)
    return {
      ok: false,
      errors: {
        amount: `The fee still due for this trip is ${rupees(line.due)}`,
      },
    }
  const row = parseRow(payments, {
    id,
    family_id: ctx.familyId,
    student_id: line.studentId,
    kind: 'fee',
    status: 'reported',
    data: {
      paymentType: FIELD_TRIP_PAYMENT_TYPE,
      trip: { id: line.tripId, title: line.title },
      paymentOption: form.paymentOption,
      feeYear: line.feeYear,
      receivedFrom: ctx.guardianName,
      amount: form.amount,
      paymentDate: form.paymentDate,
      studentName: line.studentName,
      familyName: ctx.familyName,
      sendEmail: false,
      reference: form.reference,
    },
  })
  return { ok: true, rows: [row] }
}
