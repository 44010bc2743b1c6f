import { describe, expect, it } from 'vitest'
import type { PaymentLike } from '@sync/rules/fees/overview'
import { paymentListOf, receiptText } from './payment-list'

const row = (
  id: string,
  student: string | null,
  date: string,
  extra: Partial<PaymentLike> = {},
  data: Partial<PaymentLike['data']> = {},
): PaymentLike => ({
  id,
  family_id: 'f1',
  student_id: student,
  kind: student ? 'fee' : 'contribution',
  status: 'recorded',
  receipt_number: null,
  data: {
    paymentOption: 'UPI',
    feeYear: '2026-27',
    receivedFrom: 'Maria',
    amount: 14500,
    paymentDate: date,
    ...(student
      ? {
          paymentType: 'Monthly Fee',
          period: { key: 'k', label: 'December 2026', months: 1, start: '', end: '' },
        }
      : { contributionType: 'Monthly' }),
    ...data,
  },
  ...extra,
})

describe('receiptText', () => {
  it.each([
    ['recorded', '2026-27/0007', '2026-27/0007'],
    ['recorded', null, 'numbered when this device syncs'],
    ['reported', null, 'Waiting for the office'],
    ['void', null, 'none'],
    ['void', '2026-27/0003', '2026-27/0003'],
  ] as const)('%s with %s', (status, receipt_number, text) => {
    expect(receiptText({ status, receipt_number })).toBe(text)
  })
})

describe('paymentListOf (J29)', () => {
  const payments = [
    row('a', 's1', '2026-11-01', { receipt_number: '2026-27/0002' }),
    row('b', 's1', '2026-12-01', {}, { amount: 1450000 }),
    row('c', 's2', '2026-12-02'),
    row('d', null, '2026-12-05', { status: 'void', receipt_number: '2026-27/0009' }, {
      note: 'Twice',
    } as never),
    row('e', 's1', '2026-12-01', { receipt_number: '2026-27/0005' }),
    row('f', 's1', '2026-10-10', { family_id: 'f2' }),
  ]
  it("lists a student's payments newest first, with the receipt or when it comes", () => {
    expect(
      paymentListOf(payments, { studentId: 's1' }).map((p) => [p.id, p.amount, p.receipt]),
    ).toEqual([
      ['e', '14,500.00', '2026-27/0005'],
      ['b', '14,50,000.00', 'numbered when this device syncs'],
      ['a', '14,500.00', '2026-27/0002'],
      ['f', '14,500.00', 'numbered when this device syncs'],
    ])
  })
  it("lists a family's fees and contributions, with types, periods and statuses", () => {
    const list = paymentListOf(payments, { familyId: 'f1' })
    expect(list.map((p) => p.id)).toEqual(['d', 'c', 'e', 'b', 'a'])
    expect(list[0]).toMatchObject({
      type: 'Monthly contribution',
      period: 'Fee year 2026-27',
      status: 'Set aside',
      note: 'Twice',
    })
    expect(list[1]).toMatchObject({
      type: 'Monthly Fee',
      period: 'December 2026',
      option: 'UPI',
      status: 'Recorded',
    })
  })
})

describe('a deposit in the payment list (issue 40)', () => {
  const deposit = (state?: {
    status: 'held' | 'returned' | 'kept'
    date?: string
    note?: string
  }) =>
    row('dep', null, '2026-11-27', { kind: 'fee', receipt_number: '2026-27/0011' }, {
      paymentType: 'Deposit',
      amount: 45000,
      studentName: 'Noor Kamat',
      ...(state ? { deposit: state } : {}),
    } as never)

  it('is refundable while the centre holds it, and can be returned or kept then', () => {
    const [entry] = paymentListOf([deposit({ status: 'held' })], { familyId: 'f1' })
    expect(entry).toMatchObject({
      type: 'Deposit',
      period: 'Fee year 2026-27',
      amount: '45,000.00',
      deposit: { text: 'Refundable: held by the centre', held: true },
    })
  })

  it.each([
    [{ status: 'returned', date: '2027-04-01' }, 'Returned to the family on 1 Apr 2027'],
    [
      { status: 'kept', date: '2027-04-02', note: 'Damage to the library' },
      'Kept by the centre on 2 Apr 2027: Damage to the library',
    ],
  ] as const)('says when it was %j', (state, text) => {
    const [entry] = paymentListOf([deposit(state)], { familyId: 'f1' })
    expect(entry!.deposit).toEqual({ text, held: false })
  })

  it('is not held once set aside, and other payments have no deposit', () => {
    const [voided] = paymentListOf([{ ...deposit({ status: 'held' }), status: 'void' }], {
      familyId: 'f1',
    })
    expect(voided!.deposit).toBeNull()
    expect(paymentListOf([row('x', 's1', '2026-11-01')], { familyId: 'f1' })[0]!.deposit).toBeNull()
  })
})
