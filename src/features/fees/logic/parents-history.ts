// The family's payments as the parents' Payments pane lists them: newest first, each with what
// it paid for and where it stands with the centre.
import type { PaymentLike } from '@sync/rules/fees/overview'

export interface HistoryRow extends PaymentLike {
  data: PaymentLike['data'] & { studentName?: string; note?: string; reference?: string }
}

export interface PaidItem {
  id: string
  date: string
  /** The child a fee was for, or 'Contribution'. */
  who: string
  /** 'Monthly Fee · November 2026', 'Monthly contribution'. */
  what: string
  amount: number
  option: string
  status: PaymentLike['status']
  statusText: string
  receiptNumber: string | null
  reference: string | null
  note: string | null
}

export const STATUS_TEXT: Record<PaymentLike['status'], string> = {
  reported: 'Waiting for the centre to confirm',
  recorded: 'Received',
  void: 'Set aside by the centre',
}

/** The payments, newest first (payment date, then receipt number, then when they were made). */
export function paidItems(rows: readonly HistoryRow[], names: ReadonlyMap<string, string>) {
  return [...rows]
    .sort(
      (a, b) =>
        b.data.paymentDate.localeCompare(a.data.paymentDate) ||
        (b.receipt_number ?? '').localeCompare(a.receipt_number ?? '') ||
        b.id.localeCompare(a.id),
    )
    .map((row): PaidItem => ({
      id: row.id,
      date: row.data.paymentDate,
      who:
        row.kind === 'contribution'
          ? 'Contribution'
          : (row.data.studentName ?? (row.student_id && names.get(row.student_id)) ?? 'Fee'),
      what:
        row.kind === 'contribution'
          ? row.data.contributionType && row.data.contributionType !== 'None'
            ? `${row.data.contributionType} contribution`
            : 'Contribution'
          : [row.data.paymentType ?? 'Fee', row.data.period?.label ?? row.data.trip?.title]
              .filter(Boolean)
              .join(' · '),
      amount: row.data.amount,
      option: row.data.paymentOption,
      status: row.status,
      statusText: STATUS_TEXT[row.status],
      receiptNumber: row.status === 'recorded' ? (row.receipt_number ?? null) : null,
      reference: row.data.reference || null,
      note: row.data.note || null,
    }))
}
