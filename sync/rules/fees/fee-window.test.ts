// Fees run from the enrolment's start to a termination's end (issue 40), whole months: the month
// a child starts is charged in full, and so is the month their enrolment ends.
import { describe, expect, it } from 'vitest'
import { familyDue, paymentsOverview, studentFees, type PaymentLike } from './overview.ts'
import {
  OPEN_FEE_WINDOW,
  chargedMonths,
  defaultPeriod,
  feeWindowOf,
  periodOptions,
  type FeeType,
  type FeeWindow,
} from './rules.ts'

const period = (feeType: FeeType, feeYear: string, index: number) =>
  periodOptions(feeType, feeYear)[index]!
const window = (from: string | null, to: string | null = null): FeeWindow => ({ from, to })

describe('feeWindowOf', () => {
  it.each([
    [
      'the first day the office chose',
      { startDate: '2027-01-04', enrolledAt: '2026-11-20T06:00:00.000Z' },
      window('2027-01-04'),
    ],
    [
      'the day of enrolment without one, in the centre’s time',
      { enrolledAt: '2026-11-30T19:00:00.000Z' },
      window('2026-12-01'),
    ],
    [
      'a termination’s day, in the centre’s time',
      { startDate: '2026-06-01', terminatedAt: '2027-02-10T04:00:00Z' },
      window('2026-06-01', '2027-02-10'),
    ],
    ['nothing known: open at both ends', {}, OPEN_FEE_WINDOW],
    [
      'an unreadable date counts as none',
      { startDate: 'soon', enrolledAt: 'yesterday' },
      OPEN_FEE_WINDOW,
    ],
  ])('%s', (_, enrolment, expected) => {
    expect(feeWindowOf(enrolment)).toEqual(expected)
  })
})

describe('chargedMonths: whole months from the start month to the end month', () => {
  it.each([
    // Monthly Fee, fee year 2026-27 (June 2026 is index 0)
    [
      'Monthly Fee',
      '2026-27',
      5,
      window('2027-01-04'),
      0,
      'November 2026 before a 4 January start',
    ],
    [
      'Monthly Fee',
      '2026-27',
      7,
      window('2027-01-04'),
      1,
      'January 2027, the month the child starts, in full',
    ],
    [
      'Monthly Fee',
      '2026-27',
      7,
      window('2027-01-31'),
      1,
      'a start on the last day still charges that month',
    ],
    [
      'Monthly Fee',
      '2026-27',
      6,
      window('2026-06-01', '2026-12-01'),
      1,
      'the month a termination ends, in full',
    ],
    [
      'Monthly Fee',
      '2026-27',
      7,
      window('2026-06-01', '2026-12-31'),
      0,
      'nothing after the termination’s month',
    ],
    ['Monthly Fee', '2026-27', 0, OPEN_FEE_WINDOW, 1, 'an open window charges every month'],
    // Term Fee: terms 1 Jun–Aug, 2 Sep–Dec, 3 Jan–Mar, 4 Apr–May
    ['Term Fee', '2026-27', 2, window('2027-01-04'), 3, 'Jan–Mar from 4 January: all three months'],
    [
      'Term Fee',
      '2026-27',
      2,
      window('2027-02-15'),
      2,
      'Jan–Mar from 15 February: February and March',
    ],
    ['Term Fee', '2026-27', 1, window('2027-01-04'), 0, 'Sep–Dec before a January start'],
    [
      'Term Fee',
      '2026-27',
      1,
      window('2026-06-01', '2026-10-20'),
      2,
      'Sep–Dec ending 20 October: September and October',
    ],
    [
      'Term Fee',
      '2026-27',
      3,
      window('2026-06-01', '2027-04-02'),
      1,
      'Apr–May ending 2 April: April',
    ],
    // Session Fee: 1 Jun–Dec, 2 Jan–May
    ['Session Fee', '2026-27', 0, window('2026-09-10'), 4, 'Jun–Dec from September: four months'],
    ['Session Fee', '2026-27', 1, window('2027-03-01'), 3, 'Jan–May from March: three months'],
    [
      'Session Fee',
      '2026-27',
      1,
      window('2026-06-01', '2027-01-05'),
      1,
      'Jan–May ending in January: one month',
    ],
    [
      'Session Fee',
      '2026-27',
      0,
      window('2026-09-10', '2026-11-30'),
      3,
      'Jun–Dec, September to November',
    ],
    // Yearly Fee: June to May
    ['Yearly Fee', '2026-27', 0, window('2027-01-04'), 5, 'a year from January: January to May'],
    [
      'Yearly Fee',
      '2026-27',
      0,
      window('2025-06-01', '2026-10-31'),
      5,
      'a year ending in October: June to October',
    ],
    ['Yearly Fee', '2026-27', 0, window('2027-06-01'), 0, 'a start after the year: nothing'],
    [
      'Yearly Fee',
      '2026-27',
      0,
      window('2024-06-01', '2026-05-31'),
      0,
      'an end before the year: nothing',
    ],
  ] as const)('%s %s #%i %o → %i (%s)', (feeType, feeYear, index, w, months, _what) => {
    expect(chargedMonths(period(feeType, feeYear, index), w)).toBe(months)
  })
})

let n = 0
function monthly(studentId: string, amount: number, periodKey: string): PaymentLike {
  const p = periodOptions('Monthly Fee', periodKey.split('/')[0]!).find((o) => o.key === periodKey)!
  return {
    id: `w${++n}`,
    family_id: 'f1',
    student_id: studentId,
    kind: 'fee',
    status: 'recorded',
    receipt_number: `2026-27/${String(n).padStart(4, '0')}`,
    data: {
      paymentType: 'Monthly Fee',
      paymentOption: 'UPI',
      period: p,
      feeYear: '2026-27',
      receivedFrom: 'Priya Kamat',
      amount,
      paymentDate: p.start,
      studentsFee: amount,
    },
  }
}

describe('what a student owes for the current period', () => {
  const starts = window('2027-01-04')
  it.each([
    ['2026-11-28', starts, 0, 'notPaying', 'starts'],
    ['2027-01-04', starts, 15600, 'pending', null],
    ['2027-01-31', starts, 15600, 'pending', null],
    ['2026-11-28', window('2026-06-01', '2026-11-02'), 15600, 'pending', null],
    ['2026-12-01', window('2026-06-01', '2026-11-30'), 0, 'notPaying', 'left'],
    ['2026-11-28', OPEN_FEE_WINDOW, 15600, 'pending', null],
  ] as const)('on %s with %o: %i due, %s', (today, w, due, standing, outside) => {
    const fees = studentFees('aarav', 15600, [], today, w)
    expect(fees.totalFeePending).toBe(due)
    expect(fees.standing).toBe(standing)
    expect(fees.outside).toBe(outside)
  })

  it('a term fee paid from a February start costs two months of the tariff', () => {
    const feeType: FeeType = 'Term Fee'
    const term = defaultPeriod(feeType, '2027-02-20')
    expect(term.label).toBe('Term 3: January to March 2027')
    expect(chargedMonths(term, window('2027-02-15'))).toBe(2)
  })

  it('says when a child who has not started yet starts', () => {
    expect(studentFees('meera', 15600, [], '2026-11-28', starts).startsOn).toBe('2027-01-04')
  })
})

describe('the Kamat family in November 2026, enrolled to start on 4 January 2027', () => {
  const students = [
    { id: 'aarav', monthlyFee: 15600, feeWindow: window('2027-01-04') },
    { id: 'meera', monthlyFee: 15600, feeWindow: window('2027-01-04') },
  ]
  it('owe nothing before they start, and a reminder has nothing to say', () => {
    const due = familyDue(students, [], '2026-11-28')
    expect(due.total).toBe(0)
    const overview = paymentsOverview(students, [], '2026-11-28')
    expect(overview.totalPendingAmount).toBe(0)
    expect(overview.pending).toEqual([])
    expect(overview.notPaying.map((f) => [f.studentId, f.startsOn])).toEqual([
      ['aarav', '2027-01-04'],
      ['meera', '2027-01-04'],
    ])
  })

  it('owe January once it comes, and are paid once January is paid', () => {
    expect(familyDue(students, [], '2027-01-10').total).toBe(31200)
    const paid = [monthly('aarav', 15600, '2026-27/month/2027-01')]
    const overview = paymentsOverview(students, paid, '2027-01-10')
    expect(overview.paid.map((f) => f.studentId)).toEqual(['aarav'])
    expect(overview.pending.map((f) => f.studentId)).toEqual(['meera'])
  })

  it('a child whose enrolment ended last month leaves the overview', () => {
    const left = [{ id: 'aarav', monthlyFee: 15600, feeWindow: window('2026-06-01', '2026-10-15') }]
    const overview = paymentsOverview(left, [], '2026-11-28')
    expect(overview.totalStudents).toBe(0)
    expect(familyDue(left, [], '2026-11-28').total).toBe(0)
  })
})
