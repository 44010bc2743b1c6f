import { describe, expect, it } from 'vitest'
import type { PaymentLike } from '@sync/rules/fees/overview'
import { familyDue, paidInYear, studentFees } from '@sync/rules/fees/overview'
import { ledgerOf } from './accounting'
import { tripFeeLines, tripFeePaymentRow, type TripLike } from './trip-fees'

const trip = (id: string, extra: Partial<TripLike['data']> = {}, status = 'pending'): TripLike => ({
  id,
  status,
  group_ids: ['rg-jaul'],
  data: {
    title: `Trip ${id}`,
    fee: 450,
    startDate: '2026-12-04',
    endDate: '2026-12-05',
    academicYear: '2026-27',
    studentIds: [],
    ...extra,
  },
})

const students = [
  { id: 'st-tiago', name: 'Tiago', family_id: 'fam-f', group_id: 'rg-jaul' },
  { id: 'st-ira', name: 'Ira', family_id: 'fam-n', group_id: 'rg-jaul' },
  { id: 'st-ines', name: 'Inês', family_id: 'fam-f', group_id: 'rg-tanni' },
  { id: 'st-gone', name: 'Gone', family_id: 'fam-f', group_id: 'rg-jaul', status: 'terminated' },
]

const family = { id: 'fam-f', name: 'Fernandes', guardianNames: ['Maria'], emails: ['m@x.in'] }

const tripPayment = (
  id: string,
  tripId: string,
  studentId: string,
  amount: number,
  status: PaymentLike['status'] = 'recorded',
): PaymentLike => ({
  id,
  family_id: 'fam-f',
  student_id: studentId,
  kind: 'fee',
  status,
  receipt_number: status === 'recorded' ? `2026-27/${id}` : null,
  data: {
    paymentType: 'Field Trip',
    trip: { id: tripId, title: `Trip ${tripId}` },
    paymentOption: 'Cash',
    feeYear: '2026-27',
    receivedFrom: 'Maria',
    amount,
    paymentDate: '2026-11-20',
  },
})

describe('tripFeeLines', () => {
  it('owes the fee for each student who goes: those the trip names, else its groups’ students', () => {
    const lines = tripFeeLines(
      [trip('b', { startDate: '2027-01-10' }), trip('a', { studentIds: ['st-ines'] })],
      students,
      [],
    )
    expect(lines.map((l) => [l.tripId, l.studentName, l.due, l.standing])).toEqual([
      ['a', 'Inês', 450, 'due'],
      ['b', 'Ira', 450, 'due'],
      ['b', 'Tiago', 450, 'due'],
    ])
  })

  it('leaves out free and archived trips', () => {
    expect(tripFeeLines([trip('f', { fee: 0 }), trip('x', {}, 'archived')], students, [])).toEqual(
      [],
    )
  })

  it('is paid once recorded payments of the trip cover the fee; a report waits; a set-aside one is nothing', () => {
    const payments = [
      tripPayment('p1', 'a', 'st-tiago', 200),
      tripPayment('p2', 'a', 'st-tiago', 250),
      tripPayment('p3', 'a', 'st-ira', 450, 'reported'),
      tripPayment('p4', 'other', 'st-ira', 450),
    ]
    const lines = tripFeeLines([trip('a')], students, payments)
    expect(lines.map((l) => [l.studentName, l.paid, l.due, l.standing, l.receipts])).toEqual([
      ['Ira', 0, 450, 'reported', []],
      ['Tiago', 450, 0, 'paid', ['2026-27/p1', '2026-27/p2']],
    ])
    const voided = tripFeeLines([trip('a')], students, [
      { ...tripPayment('p5', 'a', 'st-tiago', 450), status: 'void' },
    ])
    expect(voided.find((l) => l.studentId === 'st-tiago')?.standing).toBe('due')
  })
})

describe('a recorded trip fee', () => {
  const [line] = tripFeeLines([trip('a')], students, []).filter((l) => l.studentId === 'st-tiago')
  const row = tripFeePaymentRow({
    id: 'pay-1',
    line: line!,
    family,
    values: {
      paymentOption: 'UPI',
      receivedFrom: ' Maria ',
      amount: 450,
      paymentDate: '2026-11-21',
      reference: '',
      sendEmail: true,
    },
  })

  it('is a Field Trip payment naming the trip, in the trip’s fee year, with no period', () => {
    expect(row).toMatchObject({
      family_id: 'fam-f',
      student_id: 'st-tiago',
      kind: 'fee',
      status: 'recorded',
      data: {
        paymentType: 'Field Trip',
        trip: { id: 'a', title: 'Trip a' },
        feeYear: '2026-27',
        receivedFrom: 'Maria',
        amount: 450,
      },
    })
    expect(row.data.period).toBeUndefined()
  })

  it('counts in no month’s fee nor the fee year’s fees, and Accounting lists it by the trip', () => {
    const p = { ...row, receipt_number: '2026-27/0009' } as PaymentLike
    expect(paidInYear([p], 'st-tiago', '2026-27')).toBe(0)
    expect(studentFees('st-tiago', 16700, [p], '2026-12-04').totalFeePaid).toBe(0)
    expect(familyDue([{ id: 'st-tiago', monthlyFee: 16700 }], [p], '2026-12-04').total).toBe(16700)
    expect(
      ledgerOf([{ ...p, data: { ...p.data, familyName: 'Fernandes' } }], { feeYear: '2026-27' }),
    ).toEqual([expect.objectContaining({ type: 'Field Trip', period: 'Trip a', amount: 450 })])
  })

  it('is refused for another family, and e-mailed only where there is an address', () => {
    const values = {
      paymentOption: 'Cash' as const,
      receivedFrom: 'Maria',
      amount: 450,
      paymentDate: '2026-11-21',
      reference: '',
      sendEmail: true,
    }
    expect(() =>
      tripFeePaymentRow({ id: 'x', line: line!, family: { ...family, id: 'fam-n' }, values }),
    ).toThrow('The student is not a child of this family')
    expect(() =>
      tripFeePaymentRow({ id: 'x', line: line!, family: { ...family, emails: [] }, values }),
    ).toThrow(/no e-mail address/)
  })
})
