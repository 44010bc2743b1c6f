// The payment rows the office writes on the device (J06, J10, J27): a fee or a contribution,
// recorded, with whether its receipt is e-mailed. The server numbers the receipt when the row
// arrives, and writes and sends the receipt e-mail itself (to the family's guardians, from the
// centre's template): a device sends no e-mail with the payment.
import type { PaymentData, PaymentStatus } from '@sync/contract/collections/payments'
import type { PaymentRow } from '@sync/engine/database'
import type { PaymentLike } from '@sync/rules/fees/overview'
import type { ContributionFormValues } from './contribution-form'
import { type FeeFormValues } from './fee-form'
import { feeYearOfPeriod, periodChoices, periodTotal, yearTotalWith } from '@sync/rules/fees/cover'
import type { FeeFamily } from './office-fees'

/** A payment row as the device writes it; the server adds the receipt number. */
export type NewPayment = Pick<
  PaymentRow,
  'id' | 'family_id' | 'student_id' | 'kind' | 'status' | 'data'
>

export const NO_EMAIL_ADDRESS =
  'The family has no e-mail address: add one to a guardian to e-mail receipts.'

/** Whether the receipt is e-mailed: only to a family with an address (the server checks it too). */
function sendEmailTo(family: FeeFamily, sendEmail: boolean): boolean {
  if (sendEmail && family.emails.length === 0) throw new Error(NO_EMAIL_ADDRESS)
  return sendEmail
}

/** What a report carried that the office keeps when it confirms it. */
function keptFromReport(report: PaymentLike | undefined): Partial<PaymentData> {
  const data = (report?.data ?? {}) as Partial<PaymentData>
  return {
    ...(data.reference ? { reference: data.reference } : {}),
    ...(data.note ? { note: data.note } : {}),
  }
}

/** The reference the office typed, which replaces a report's; none when left empty. */
function referenceOf(reference: string): Partial<PaymentData> {
  const text = reference.trim()
  return text ? { reference: text } : {}
}

export interface FeeRowInput {
  id: string
  values: FeeFormValues
  student: { id: string; name: string; monthlyFee: number }
  family: FeeFamily
  payments: readonly PaymentLike[]
  today: string
  /** The family's report this payment confirms. */
  report?: PaymentLike
}

/** A student's fee, recorded (J06): the period's fee year, the totals, and whether it is e-mailed. */
export function feePaymentRow(input: FeeRowInput): NewPayment {
  const { values, student, family, payments, report } = input
  const period = periodChoices(values.paymentType, input.today, report?.data.period).find(
    (p) => p.key === values.periodKey,
  )
  if (!period) throw new Error('Choose the period the payment is for')
  const others = payments.filter((p) => p.id !== input.id)
  const yearPaymentTotal = yearTotalWith(others, student.id, period, values.paymentAmount)
  const receivedFrom = values.receivedFrom.trim()
  const data: PaymentData = {
    ...keptFromReport(report),
    ...referenceOf(values.reference),
    paymentType: values.paymentType,
    paymentOption: values.paymentOption,
    period: { ...period },
    feeYear: feeYearOfPeriod(period),
    receivedFrom,
    amount: values.paymentAmount,
    paymentDate: values.paymentDate,
    studentsFee: student.monthlyFee,
    totalFee: periodTotal(student.monthlyFee, period),
    yearPaymentTotal,
    studentName: student.name,
    familyName: family.name,
    sendEmail: sendEmailTo(family, values.sendEmail),
  }
  return {
    id: input.id,
    family_id: family.id,
    student_id: student.id,
    kind: 'fee',
    status: 'recorded',
    data,
  }
}

export interface ContributionRowInput {
  id: string
  values: ContributionFormValues
  family: FeeFamily
  report?: PaymentLike
}

/**
 * A family's contribution, recorded (J10): it counts in the fee year of its date, and its receipt
 * is e-mailed as the contribution receipt.
 */
export function contributionPaymentRow(input: ContributionRowInput): NewPayment {
  const { values, family } = input
  if (values.familyId !== family.id) throw new Error('Choose the family')
  const receivedFrom = values.receivedFrom.trim()
  const data: PaymentData = {
    ...keptFromReport(input.report),
    ...referenceOf(values.reference),
    contributionType: values.contributionType,
    paymentOption: values.paymentOption,
    feeYear: feeYearOfPeriod({ start: values.paymentDate }),
    receivedFrom,
    amount: values.amount,
    paymentDate: values.paymentDate,
    familyName: family.name,
    sendEmail: sendEmailTo(family, values.sendEmail),
  }
  return {
    id: input.id,
    family_id: family.id,
    student_id: null,
    kind: 'contribution',
    status: 'recorded',
    data,
  }
}

/** A payment set aside (void) with the office's reason, which the receipt list shows. */
export function setAsideRow<R extends { status: PaymentStatus; data: PaymentData }>(
  row: R,
  note: string,
): R {
  const reason = note.trim()
  if (!reason) throw new Error('Say why the payment is set aside')
  if (reason.length > 500) throw new Error('Use at most 500 characters')
  return { ...row, status: 'void', data: { ...row.data, note: reason } }
}

/**
 * What the office is told about a payment it saved (J27): that its receipt was generated (and its
 * e-mail queued) only once the server accepted it and numbered the receipt (issue 30: the server
 * may refuse a month recorded twice); until then, that it waits on this device.
 */
export function savedMessage(accepted: boolean, sendEmail: boolean): string {
  if (accepted)
    return sendEmail
      ? 'Payment receipt generated and e-mail queued; it goes out when the mail server takes it'
      : 'Payment recorded'
  return sendEmail
    ? 'Payment saved on this device. Its receipt is numbered and e-mailed when it syncs.'
    : 'Payment saved on this device. Its receipt is numbered when it syncs.'
}

/** How the server answered a payment this device saved, as the device's copy shows it. */
export type ServerAnswer = 'numbered' | 'refused' | 'waiting'

/**
 * The server's answer, read from the device's copy of the payment: numbered once the receipt
 * number came back; refused when the device undid it (a new payment removed, a confirmed report
 * back to waiting); else still waiting.
 */
export function serverAnswerOf(
  doc: { status: PaymentStatus; receipt_number?: string | null; _deleted?: boolean } | null,
): ServerAnswer {
  if (!doc || doc._deleted || doc.status === 'reported') return 'refused'
  if (doc.status === 'recorded' && doc.receipt_number) return 'numbered'
  return 'waiting'
}
