// The payment list dialog (J29): a student's or a family's payments, newest first, each with
// what it paid for, how, and its receipt number once the server has given one.
import type { PaymentLike } from '@sync/rules/fees/overview'
import { isPeriodFee } from '@sync/contract/fee-kinds'
import { amountText, shortDate } from '@sync/rules/text'

export const STATUS_LABELS = {
  reported: 'Reported by the family',
  recorded: 'Recorded',
  void: 'Set aside',
} as const

export interface PaymentListEntry {
  id: string
  date: string
  type: string
  period: string
  amount: string
  option: string
  receipt: string
  /** The receipt's number once the server has given it: it can be downloaded then. */
  receiptNumber: string | null
  status: string
  studentName: string
  note: string | null
  /** A recorded deposit's standing, and whether the office may still return or keep it. */
  deposit: { text: string; held: boolean } | null
}

type DepositLike = { status: 'held' | 'returned' | 'kept'; date?: string; note?: string }

/** Where a recorded deposit stands, in words (issue 40). */
export function depositText(deposit: DepositLike | undefined): string {
  if (!deposit || deposit.status === 'held') return 'Refundable: held by the centre'
  const on = deposit.date ? ` on ${shortDate(deposit.date)}` : ''
  const why = deposit.note?.trim() ? `: ${deposit.note.trim()}` : ''
  return deposit.status === 'returned'
    ? `Returned to the family${on}${why}`
    : `Kept by the centre${on}${why}`
}

/** Where the receipt stands, read after "Receipt:": its number, or when it will have one. */
export function receiptText(p: Pick<PaymentLike, 'status' | 'receipt_number'>): string {
  if (p.receipt_number) return p.receipt_number
  if (p.status === 'recorded') return 'numbered when this device syncs'
  if (p.status === 'reported') return 'Waiting for the office'
  return 'none'
}

export function paymentListOf(
  payments: readonly (PaymentLike & {
    data: { studentName?: string; note?: string; deposit?: DepositLike }
  })[],
  whose: { studentId: string } | { familyId: string },
): PaymentListEntry[] {
  const mine = payments.filter((p) =>
    'studentId' in whose ? p.student_id === whose.studentId : p.family_id === whose.familyId,
  )
  return mine
    .sort(
      (a, b) =>
        b.data.paymentDate.localeCompare(a.data.paymentDate) ||
        (b.receipt_number ?? '').localeCompare(a.receipt_number ?? '') ||
        b.id.localeCompare(a.id),
    )
    .map((p) => ({
      id: p.id,
      date: p.data.paymentDate,
      type:
        p.kind === 'fee'
          ? (p.data.paymentType ?? 'Fee')
          : `${p.data.contributionType ?? ''} contribution`.trim(),
      period:
        p.data.period?.label ??
        p.data.trip?.title ??
        (p.kind === 'fee' && isPeriodFee(p.data.paymentType) ? '' : `Fee year ${p.data.feeYear}`),
      amount: amountText(p.data.amount),
      option: p.data.paymentOption,
      receipt: receiptText(p),
      receiptNumber: p.status === 'recorded' ? (p.receipt_number ?? null) : null,
      status: STATUS_LABELS[p.status],
      studentName: p.data.studentName ?? '',
      note: p.data.note ?? null,
      deposit:
        p.data.paymentType === 'Deposit' && p.status === 'recorded'
          ? {
              text: depositText(p.data.deposit),
              held: (p.data.deposit?.status ?? 'held') === 'held',
            }
          : null,
    }))
}
