// What a family owes now, as the parents' Payments pane shows it (J05, J30, J32): each child's
// fee for the period that contains today, from the monthly fees the server answers (families do
// not receive the centre's tariffs) and the family's payments on the device. The server's answer
// is kept on the device, so the pane still knows the fees offline.
import * as z from 'zod/mini'
import { familyDue, type PaymentLike, type StudentFees } from '@sync/rules/fees/overview'
import { feeWindowOf, type FeeWindow } from '@sync/rules/fees/rules'

/** A child's monthly fee, as `family_fees()` answers it. */
export interface FamilyFee {
  studentId: string
  name: string
  monthlyFee: number
  /** When the child's fees run (open at both ends from an older server). */
  feeWindow?: FeeWindow
}

const when = z.optional(z.nullable(z.string().check(z.maxLength(40))))

const feeAnswer = z.array(
  z.object({
    student_id: z.string().check(z.minLength(1)),
    name: z.string(),
    // PostgreSQL numerics may arrive as numbers or as their text.
    monthly_fee: z.union([z.number(), z.string().check(z.regex(/^\d+(\.\d+)?$/))]),
    start_date: when,
    enrolled_at: when,
    terminated_at: when,
  }),
)

/** The children's monthly fees from the server's answer, or null when it is not one. */
export function familyFeesOf(answer: unknown): FamilyFee[] | null {
  const parsed = feeAnswer.safeParse(answer)
  if (!parsed.success) return null
  return parsed.data.map((row) => ({
    studentId: row.student_id,
    name: row.name,
    monthlyFee: Number(row.monthly_fee),
    feeWindow: feeWindowOf({
      startDate: row.start_date,
      enrolledAt: row.enrolled_at,
      terminatedAt: row.terminated_at,
    }),
  }))
}

/**
 * Where a family's fees are kept on the device. The `app.sync.` prefix puts them with the rest of
 * the synced data, which signing out deletes.
 */
export const FEES_CACHE_PREFIX = 'app.sync.familyFees.'

export interface FeesCache {
  /** When the server gave these fees (an ISO timestamp). */
  fetchedAt: string
  fees: FamilyFee[]
}

const cacheSchema = z.object({
  fetchedAt: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T/)),
  fees: z.array(
    z.object({
      studentId: z.string().check(z.minLength(1)),
      name: z.string(),
      monthlyFee: z.number().check(z.minimum(0)),
      feeWindow: z.optional(z.object({ from: z.nullable(z.string()), to: z.nullable(z.string()) })),
    }),
  ),
})

/** The fees this device last received for the family, or null (none, or not readable). */
export function readFeesCache(
  storage: Pick<Storage, 'getItem'>,
  familyId: string,
): FeesCache | null {
  try {
    const raw = storage.getItem(FEES_CACHE_PREFIX + familyId)
    if (!raw) return null
    const parsed = cacheSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Keeps the fees the server just gave, for the next visit offline. */
export function writeFeesCache(
  storage: Pick<Storage, 'setItem'>,
  familyId: string,
  fees: readonly FamilyFee[],
  now: Date,
): FeesCache {
  const cache = { fetchedAt: now.toISOString(), fees: [...fees] }
  try {
    storage.setItem(FEES_CACHE_PREFIX + familyId, JSON.stringify(cache))
  } catch {
    // A full storage only costs the offline copy; the pane shows what it just received.
  }
  return cache
}

export interface ChildDue extends StudentFees {
  name: string
  /** Still to pay: due, less what the family reported and the centre has not confirmed yet. */
  toPay: number
}

export interface DueView {
  children: ChildDue[]
  /** Due for the current periods (totalFeePending summed). */
  total: number
  /** What is left to pay once reported payments are confirmed. */
  toPay: number
  /** The periods the due is for, as one label ('November 2026'). */
  periodLabel: string
  /** Whether any child has a fee at all. */
  anyFee: boolean
}

/** Each child's fee for the period containing `today`, and the family's total. */
export function dueView(
  fees: readonly FamilyFee[],
  payments: readonly PaymentLike[],
  today: string,
): DueView {
  const due = familyDue(
    fees.map((f) => ({ id: f.studentId, monthlyFee: f.monthlyFee, feeWindow: f.feeWindow })),
    payments,
    today,
  )
  const children = due.students
    .map((s, i) => ({
      ...s,
      name: fees[i]!.name,
      toPay: Math.max(s.totalFeePending - s.reported, 0),
    }))
    .filter((c) => c.outside !== 'left')
  const paying = children.filter((c) => c.standing !== 'notPaying')
  const labels = [...new Set((paying.length ? paying : children).map((c) => c.period.label))]
  return {
    children,
    total: due.total,
    toPay: children.reduce((sum, c) => sum + c.toPay, 0),
    periodLabel: labels.join(' and '),
    anyFee: paying.length > 0,
  }
}
