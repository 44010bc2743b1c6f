// The receipt e-mail of a recorded payment (J06, J10, J27): written by the server (the outbox
// dispatcher, just before it sends it) from the centre's receipt template and the payment itself,
// never from text a device sent, and addressed by the database to the family's guardians.
import type { PaymentData } from '../../contract/collections/payments.ts'
import {
  fillTemplate,
  templateFor,
  type StoredTemplate,
  type TemplateText,
} from '../messaging/templates.ts'
import { amountText, longDate } from '../text.ts'
import { yearlyFee } from './rules.ts'

/** Who signs a receipt e-mail and where it points: filled by the server, never by a device. */
export interface ReceiptSignature {
  centreName: string
  senderName: string
  appLink: string
}

export type ReceiptKind = 'fee' | 'contribution'

/** The template a receipt is written from. */
export function receiptTemplateName(kind: ReceiptKind): 'feeReceipt' | 'contributionReceipt' {
  return kind === 'fee' ? 'feeReceipt' : 'contributionReceipt'
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined
const amountOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined
const fee = (value: number | undefined) => (value === undefined ? undefined : amountText(value))

/**
 * The values of the receipt template's placeholders, read from the payment as the server keeps
 * it. A value the payment lacks is left out, so filling a template that needs it names it.
 */
export function receiptValues(
  kind: ReceiptKind,
  data: Partial<PaymentData>,
  signature: ReceiptSignature,
): Record<string, string | undefined> {
  const common = {
    ...signature,
    receivedFrom: text(data.receivedFrom),
    amount: fee(amountOf(data.amount)),
    paymentOption: text(data.paymentOption),
    paymentDate: text(data.paymentDate) && longDate(text(data.paymentDate)!),
  }
  if (kind === 'contribution')
    return {
      ...common,
      contributionType: text(data.contributionType),
      familyName: text(data.familyName),
    }
  const yearTotal = amountOf(data.yearPaymentTotal)
  const monthly = amountOf(data.studentsFee)
  return {
    ...common,
    studentName: text(data.studentName),
    feeType: text(data.paymentType),
    // A trip fee pays for its trip, which the receipt names where a period would be.
    period: text(data.period?.label ?? data.trip?.title),
    yearTotal: fee(yearTotal),
    pending:
      yearTotal === undefined || monthly === undefined
        ? undefined
        : fee(Math.max(yearlyFee(monthly) - yearTotal, 0)),
  }
}

/**
 * The receipt e-mail: the centre's own version of the receipt template (the default when it has
 * none it can fill), filled from the payment, its subject naming the receipt's number.
 */
export function receiptEmail(input: {
  kind: ReceiptKind
  number: string
  data: Partial<PaymentData>
  /** The centre's own version of the template, if it has one. */
  stored: TemplateText | null
  signature: ReceiptSignature
}): { subject: string; html: string } {
  const name = receiptTemplateName(input.kind)
  const stored: StoredTemplate[] = input.stored ? [{ name, ...input.stored }] : []
  const filled = fillTemplate(
    templateFor(name, stored),
    receiptValues(input.kind, input.data, input.signature),
  )
  return {
    subject: `${filled.subject} · Receipt ${input.number}`.replace(/[\r\n]+/g, ' ').slice(0, 998),
    html: filled.html,
  }
}
