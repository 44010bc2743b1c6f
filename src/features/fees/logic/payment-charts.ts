// The Payments pane's pictures (issue 38), from the records on the device: what was paid and what
// is still pending for each month of the fee year, and the pending amount by group. Pure
// functions; the pane draws what they return.
import {
  feePaymentsOf,
  type ChargedStudent,
  type PaymentLike,
  type StudentFees,
} from '@sync/rules/fees/overview'
import { OPEN_FEE_WINDOW, chargedMonths, feeYearOf, periodOptions } from '@sync/rules/fees/rules'

/** One student's share of a month's bar. */
export interface MonthShare {
  studentId: string
  amount: number
}

/** A month of the fee year: what was paid towards it and what is still pending for it. */
export interface FeeMonth {
  /** YYYY-MM */
  key: string
  label: string
  paid: number
  pending: number
  /** The students behind each figure, the largest amount first. */
  paidBy: MonthShare[]
  pendingBy: MonthShare[]
}

/**
 * Spreads a payment over the months its period covers, in whole rupees: each month gets an equal
 * part and the first months the rupees left over, so the parts add up to the amount.
 */
export function monthlyParts(amount: number, months: number): number[] {
  const n = Math.max(1, Math.round(months))
  const base = Math.floor(amount / n)
  const left = amount - base * n
  return Array.from({ length: n }, (_, i) => base + (i < left ? 1 : 0))
}

const monthKey = (isoDate: string) => isoDate.slice(0, 7)

const byAmount = (a: MonthShare, b: MonthShare) => b.amount - a.amount

/**
 * Each month of the fee year of `today`, June first (J23). A recorded fee pays for the months of
 * its period, in equal parts (a term's fee is a third to each of its months). A month is pending
 * for a student charged for it (their tariff, inside their enrolment: the first-month rule) by
 * what their payments leave of their tariff, up to the current month: months to come are not
 * pending yet, though what was paid ahead for them shows.
 */
export function feeMonths(
  students: readonly ChargedStudent[],
  payments: readonly PaymentLike[],
  today: string,
): FeeMonth[] {
  const year = feeYearOf(today)
  const months = periodOptions('Monthly Fee', year)
  const current = monthKey(today)
  const rows: FeeMonth[] = months.map((m) => ({
    key: monthKey(m.start),
    label: m.label,
    paid: 0,
    pending: 0,
    paidBy: [],
    pendingBy: [],
  }))
  const index = new Map(rows.map((r, i) => [r.key, i]))
  for (const student of students) {
    const paid = new Array<number>(rows.length).fill(0)
    for (const p of feePaymentsOf(payments, student.id)) {
      const period = p.data.period
      if (!period) continue
      const covered = months.filter((m) => period.start <= m.start && m.end <= period.end)
      if (covered.length === 0) continue
      // A period reaching beyond this fee year (none does today) gives each of its months its part.
      const parts = monthlyParts(p.data.amount, Math.max(period.months, covered.length))
      covered.forEach((m, i) => {
        const at = index.get(monthKey(m.start)) ?? 0
        paid[at] = (paid[at] ?? 0) + (parts[i] ?? 0)
      })
    }
    rows.forEach((row, i) => {
      const amount = paid[i]!
      if (amount > 0) {
        row.paid += amount
        row.paidBy.push({ studentId: student.id, amount })
      }
      if (row.key > current || student.monthlyFee <= 0) return
      const month = months[i]!
      if (chargedMonths(month, student.feeWindow ?? OPEN_FEE_WINDOW) === 0) return
      const pending = Math.max(student.monthlyFee - amount, 0)
      if (pending > 0) {
        row.pending += pending
        row.pendingBy.push({ studentId: student.id, amount: pending })
      }
    })
  }
  for (const row of rows) {
    row.paidBy.sort(byAmount)
    row.pendingBy.sort(byAmount)
  }
  return rows
}

/** A group's pending amount for the current period, with the students who owe it. */
export interface GroupPending {
  group: string
  amount: number
  fees: StudentFees[]
}

/**
 * The pending amount of the current period by group, the group furthest behind first (then by
 * name); students without a group are together under the name `groupOf` gives them.
 */
export function pendingByGroup(
  pending: readonly StudentFees[],
  groupOf: (studentId: string) => string,
): GroupPending[] {
  const groups = new Map<string, GroupPending>()
  for (const fees of pending) {
    if (fees.totalFeePending <= 0) continue
    const group = groupOf(fees.studentId)
    const entry = groups.get(group) ?? { group, amount: 0, fees: [] }
    entry.amount += fees.totalFeePending
    entry.fees.push(fees)
    groups.set(group, entry)
  }
  return [...groups.values()].sort(
    (a, b) => b.amount - a.amount || a.group.localeCompare(b.group, 'en'),
  )
}
