// The Accounting pane's payments (J13, issue 40): each recorded payment of a fee year or a
// calendar year with who paid and what for, and the same list as a CSV file an accountant opens
// in a spreadsheet.
import type { PaymentLike } from '@sync/rules/fees/overview'
import { calendarYearOf } from '@sync/rules/fees/rules'

/** Which year's payments: a fee year ('2026-27', June to May) or a calendar year ('2026'). */
export type LedgerYear = { feeYear: string } | { calendarYear: string }

export interface LedgerEntry {
  id: string
  /** The day it was paid, ISO (2026-11-12). */
  date: string
  receipt: string
  family: string
  student: string
  paidBy: string
  /** The fee type ('Monthly Fee') or the contribution ('Annual contribution'). */
  type: string
  period: string
  feeYear: string
  method: string
  reference: string
  amount: number
}

type LedgerPayment = PaymentLike & { data: { familyName?: string; studentName?: string } }

const inYear = (p: PaymentLike, year: LedgerYear) =>
  'feeYear' in year
    ? p.data.feeYear === year.feeYear
    : calendarYearOf(p.data.paymentDate) === year.calendarYear

/** The year's recorded payments, oldest first (by date, then receipt), as the books list them. */
export function ledgerOf(payments: readonly LedgerPayment[], year: LedgerYear): LedgerEntry[] {
  return payments
    .filter((p) => p.status === 'recorded' && inYear(p, year))
    .sort(
      (a, b) =>
        a.data.paymentDate.localeCompare(b.data.paymentDate) ||
        Number(!a.receipt_number) - Number(!b.receipt_number) ||
        (a.receipt_number ?? '').localeCompare(b.receipt_number ?? '') ||
        a.id.localeCompare(b.id),
    )
    .map((p) => ({
      id: p.id,
      date: p.data.paymentDate,
      receipt: p.receipt_number ?? '',
      family: p.data.familyName ?? '',
      student: p.data.studentName ?? '',
      paidBy: p.data.receivedFrom,
      type:
        p.kind === 'fee'
          ? (p.data.paymentType ?? 'Fee')
          : `${p.data.contributionType ?? ''} contribution`.trim(),
      period: p.data.period?.label ?? p.data.trip?.title ?? '',
      feeYear: p.data.feeYear,
      method: p.data.paymentOption,
      reference: p.data.reference ?? '',
      amount: p.data.amount,
    }))
}

export const LEDGER_COLUMNS = [
  'Date',
  'Receipt',
  'Family',
  'Student',
  'Paid by',
  'For',
  'Period',
  'Fee year',
  'Method',
  'Reference',
  'Amount (INR)',
] as const

/**
 * A text cell: quoted when it holds a comma, a quote or a line break (quotes doubled, RFC 4180),
 * and a cell a spreadsheet would run as a formula ('=', '+', '-', '@' first: a name a family
 * typed) starts with an apostrophe, so it shows as typed and runs nothing.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/**
 * The payments as a CSV file: UTF-8 with a byte-order mark (so Excel reads ₹ and names such as
 * Inês), lines ending CRLF, dates ISO, the amount a plain number with two decimals.
 */
export function ledgerCsv(entries: readonly LedgerEntry[]): string {
  const lines = [
    LEDGER_COLUMNS.join(','),
    ...entries.map((e) =>
      [
        e.date,
        e.receipt,
        e.family,
        e.student,
        e.paidBy,
        e.type,
        e.period,
        e.feeYear,
        e.method,
        e.reference,
      ]
        .map(csvCell)
        .concat(e.amount.toFixed(2))
        .join(','),
    ),
  ]
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

/** The file's name: 'payments-fee-year-2026-27.csv', 'payments-2026.csv'. */
export function ledgerFileName(year: LedgerYear): string {
  return 'feeYear' in year
    ? `payments-fee-year-${year.feeYear}.csv`
    : `payments-${year.calendarYear}.csv`
}
