import { describe, expect, it } from 'vitest'
import type { PaymentLike, StudentFees } from '@sync/rules/fees/overview'
import { periodOptions, type FeeType } from '@sync/rules/fees/rules'
import { feeMonths, monthlyParts, pendingByGroup } from './payment-charts'

let n = 0
function fee(
  studentId: string,
  amount: number,
  periodKey: string,
  feeType: FeeType = 'Monthly Fee',
  status: PaymentLike['status'] = 'recorded',
): PaymentLike {
  const feeYear = periodKey.split('/')[0]!
  const period = periodOptions(feeType, feeYear).find((p) => p.key === periodKey)
  if (!period) throw new Error(`no period ${periodKey}`)
  return {
    id: `p${++n}`,
    family_id: 'f1',
    student_id: studentId,
    kind: 'fee',
    status,
    data: {
      paymentType: feeType,
      paymentOption: 'Cash',
      period,
      feeYear,
      receivedFrom: 'Maria',
      amount,
      paymentDate: period.start,
    },
  }
}

const month = (rows: ReturnType<typeof feeMonths>, key: string) => rows.find((r) => r.key === key)!

describe('monthlyParts', () => {
  it.each([
    [300, 3, [100, 100, 100]],
    [100, 3, [34, 33, 33]],
    [5, 1, [5]],
    [0, 2, [0, 0]],
  ])('%i over %i months is %j', (amount, months, parts) => {
    expect(monthlyParts(amount, months)).toEqual(parts)
    expect(parts.reduce((a, b) => a + b, 0)).toBe(amount)
  })
})

describe('feeMonths', () => {
  const today = '2026-08-15'

  it('runs June to May of the fee year of today', () => {
    const rows = feeMonths([], [], today)
    expect(rows.map((r) => r.key)).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
    ])
    expect(rows[0]!.label).toBe('June 2026')
    expect(rows.every((r) => r.paid === 0 && r.pending === 0)).toBe(true)
  })

  it('counts a month paid, a month part-paid and a month unpaid, up to this month only', () => {
    const students = [{ id: 's1', monthlyFee: 14500 }]
    const payments = [
      fee('s1', 14500, '2026-27/month/2026-06'),
      fee('s1', 10000, '2026-27/month/2026-07'),
    ]
    const rows = feeMonths(students, payments, today)
    expect(month(rows, '2026-06')).toMatchObject({ paid: 14500, pending: 0 })
    expect(month(rows, '2026-07')).toMatchObject({ paid: 10000, pending: 4500 })
    expect(month(rows, '2026-08')).toMatchObject({ paid: 0, pending: 14500 })
    expect(month(rows, '2026-09')).toMatchObject({ paid: 0, pending: 0 })
    expect(month(rows, '2026-08').pendingBy).toEqual([{ studentId: 's1', amount: 14500 }])
  })

  it("spreads a term's fee over its months and shows what was paid ahead", () => {
    const students = [{ id: 's1', monthlyFee: 14500 }]
    const payments = [fee('s1', 43500, '2026-27/term/2', 'Term Fee')]
    const rows = feeMonths(students, payments, today)
    for (const key of ['2026-09', '2026-10', '2026-11', '2026-12'])
      expect(month(rows, key).paid).toBe(10875)
    expect(month(rows, '2026-06').pending).toBe(14500)
  })

  it('leaves out reported and void payments, and students not charged', () => {
    const students = [
      { id: 's1', monthlyFee: 14500 },
      { id: 'free', monthlyFee: 0 },
      { id: 'new', monthlyFee: 14500, feeWindow: { from: '2026-08-04', to: null } },
      { id: 'gone', monthlyFee: 14500, feeWindow: { from: null, to: '2026-06-10' } },
    ]
    const payments = [
      fee('s1', 14500, '2026-27/month/2026-06', 'Monthly Fee', 'reported'),
      fee('s1', 14500, '2026-27/month/2026-07', 'Monthly Fee', 'void'),
    ]
    const rows = feeMonths(students, payments, today)
    expect(
      month(rows, '2026-06')
        .pendingBy.map((s) => s.studentId)
        .sort(),
    ).toEqual(['gone', 's1'])
    expect(month(rows, '2026-07').pendingBy.map((s) => s.studentId)).toEqual(['s1'])
    expect(
      month(rows, '2026-08')
        .pendingBy.map((s) => s.studentId)
        .sort(),
    ).toEqual(['new', 's1'])
    expect(rows.reduce((sum, r) => sum + r.paid, 0)).toBe(0)
  })

  it('lists the students of a figure, the largest amount first', () => {
    const students = [
      { id: 'a', monthlyFee: 10000 },
      { id: 'b', monthlyFee: 16700 },
    ]
    const rows = feeMonths(students, [fee('a', 5000, '2026-27/month/2026-06')], today)
    expect(month(rows, '2026-06').pendingBy).toEqual([
      { studentId: 'b', amount: 16700 },
      { studentId: 'a', amount: 5000 },
    ])
    expect(month(rows, '2026-06').pending).toBe(21700)
  })
})

describe('pendingByGroup', () => {
  const pending = (studentId: string, totalFeePending: number) =>
    ({ studentId, totalFeePending }) as StudentFees
  const groups: Record<string, string> = { a: 'Tanni', b: 'Jaul', c: 'Tanni', d: 'Jaul', e: 'Moti' }

  it('adds up each group, the furthest behind first, then by name', () => {
    const rows = pendingByGroup(
      [
        pending('a', 5000),
        pending('b', 14500),
        pending('c', 9500),
        pending('d', 0),
        pending('e', 14500),
      ],
      (id) => groups[id]!,
    )
    expect(rows.map((r) => [r.group, r.amount, r.fees.map((f) => f.studentId)])).toEqual([
      ['Jaul', 14500, ['b']],
      ['Moti', 14500, ['e']],
      ['Tanni', 14500, ['a', 'c']],
    ])
  })

  it('is empty when nothing is pending', () => {
    expect(pendingByGroup([], () => 'x')).toEqual([])
  })
})
