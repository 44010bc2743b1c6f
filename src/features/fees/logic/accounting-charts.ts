// The Accounting pane's picture (issue 38, J13): a fee year's income per month by fee type, with
// the contributions, beside the same months of the year before. Pure functions over the
// recorded payments on the device; the pane draws what they return.
import type { PaymentLike } from '@sync/rules/fees/overview'
import { periodOptions } from '@sync/rules/fees/rules'

/** What income is counted by: each fee type, the admission payments and the contributions. */
export const INCOME_KINDS = [
  'Monthly Fee',
  'Term Fee',
  'Session Fee',
  'Yearly Fee',
  'Admission Fee',
  'Deposit',
  'Field Trip',
  'Contributions',
] as const
export type IncomeKind = (typeof INCOME_KINDS)[number]

const PERIOD_KIND: Record<string, IncomeKind> = {
  month: 'Monthly Fee',
  term: 'Term Fee',
  session: 'Session Fee',
  year: 'Yearly Fee',
}

/** The kind a payment counts under; a fee without a type by the period it pays for. */
export function incomeKindOf(p: PaymentLike): IncomeKind {
  if (p.kind === 'contribution') return 'Contributions'
  const type = p.data.paymentType
  if (type) return type
  const part = p.data.period?.key.split('/')[1]
  return (part && PERIOD_KIND[part]) || 'Monthly Fee'
}

/** A month of the year: its income by kind (in INCOME_KINDS' order), this year and the one before. */
export interface IncomeMonth {
  key: string
  label: string
  thisYear: number[]
  lastYear: number[]
}

/** The fee year before one: '2026-27' → '2025-26'. */
export function yearBefore(feeYear: string): string {
  const start = Number(feeYear.slice(0, 4)) - 1
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`
}

const zeros = () => INCOME_KINDS.map(() => 0)

/**
 * A fee year's recorded payments (those the year's totals count: J13, J23) by the month they were
 * paid, June first, and by kind. A payment of the year paid before its June (a fee paid ahead) or
 * after its May is in a row of its own, shown only when there is one, so the rows add up to the
 * year's total.
 */
function monthsOf(payments: readonly PaymentLike[], feeYear: string) {
  const months = periodOptions('Monthly Fee', feeYear)
  const rows = months.map((m) => ({ key: m.start.slice(0, 7), label: m.label, income: zeros() }))
  const before = { key: 'before', label: 'Paid before June', income: zeros() }
  const after = { key: 'after', label: 'Paid after May', income: zeros() }
  const index = new Map(rows.map((r, i) => [r.key, i]))
  for (const p of payments) {
    if (p.status !== 'recorded' || p.data.feeYear !== feeYear) continue
    const month = p.data.paymentDate.slice(0, 7)
    const at = index.get(month)
    const row = at !== undefined ? rows[at]! : month < rows[0]!.key ? before : after
    row.income[INCOME_KINDS.indexOf(incomeKindOf(p))]! += p.data.amount
  }
  return { rows, before, after }
}

const some = (income: readonly number[]) => income.some((n) => n > 0)

/**
 * The year's income per month by kind, each month beside the same month of the year before, and
 * the kinds either year has (the chart's legend).
 */
export function incomeByMonth(
  payments: readonly PaymentLike[],
  feeYear: string,
): { rows: IncomeMonth[]; kinds: IncomeKind[] } {
  const now = monthsOf(payments, feeYear)
  const then = monthsOf(payments, yearBefore(feeYear))
  const rows: IncomeMonth[] = []
  if (some(now.before.income) || some(then.before.income))
    rows.push({ ...now.before, thisYear: now.before.income, lastYear: then.before.income })
  now.rows.forEach((r, i) =>
    rows.push({ key: r.key, label: r.label, thisYear: r.income, lastYear: then.rows[i]!.income }),
  )
  if (some(now.after.income) || some(then.after.income))
    rows.push({ ...now.after, thisYear: now.after.income, lastYear: then.after.income })
  const kinds = INCOME_KINDS.filter((_, k) =>
    rows.some((r) => (r.thisYear[k] ?? 0) > 0 || (r.lastYear[k] ?? 0) > 0),
  )
  return {
    rows: rows.map(({ key, label, thisYear, lastYear }) => ({ key, label, thisYear, lastYear })),
    kinds,
  }
}
