import { describe, expect, it } from 'vitest'
import {
  currentPeriods,
  familyDue,
  feeTotals,
  paidInYear,
  paymentSettingsOf,
  paymentsOverview,
  studentFees,
  type PaymentLike,
} from './overview.ts'
import { periodOptions } from './rules.ts'

let n = 0
function fee(
  studentId: string,
  amount: number,
  paymentDate: string,
  periodKey: string,
  over: Partial<PaymentLike> = {},
  feeType: 'Monthly Fee' | 'Term Fee' | 'Session Fee' | 'Yearly Fee' = 'Monthly Fee',
): PaymentLike {
  const feeYear = periodKey.split('/')[0]!
  const period = periodOptions(feeType, feeYear).find((p) => p.key === periodKey)
  if (!period) throw new Error(`no period ${periodKey}`)
  return {
    id: `p${++n}`,
    family_id: 'f1',
    student_id: studentId,
    kind: 'fee',
    status: 'recorded',
    receipt_number: `${feeYear}/${String(n).padStart(4, '0')}`,
    data: {
      paymentType: feeType,
      paymentOption: 'Cash',
      period,
      feeYear,
      receivedFrom: 'Maria',
      amount,
      paymentDate,
      studentsFee: 14500,
    },
    ...over,
  }
}

function contribution(amount: number, paymentDate: string, feeYear: string): PaymentLike {
  return {
    id: `c${++n}`,
    family_id: 'f1',
    student_id: null,
    kind: 'contribution',
    status: 'recorded',
    data: {
      contributionType: 'Monthly',
      paymentOption: 'UPI',
      feeYear,
      receivedFrom: 'João',
      amount,
      paymentDate,
    },
  }
}

describe('paymentSettingsOf (J02)', () => {
  it('is null for a student who has paid nothing', () => {
    expect(paymentSettingsOf([], 's1')).toBeNull()
  })

  it("holds the last payment's fields, the one before, and the fee year's total", () => {
    const payments = [
      fee('s1', 14500, '2026-10-03', '2026-27/month/2026-10'),
      fee('s1', 14000, '2026-11-02', '2026-27/month/2026-11', {}),
      fee('s2', 99999, '2026-11-20', '2026-27/month/2026-11'),
    ]
    expect(paymentSettingsOf(payments, 's1')).toEqual({
      paymentAmount: 14000,
      lastPaymentAmount: 14500,
      paymentType: 'Monthly Fee',
      paymentOption: 'Cash',
      studentsFee: 14500,
      receivedFrom: 'Maria',
      paymentDate: '2026-11-02',
      yearPaymentTotal: 28500,
      academicYear: '2026-27',
    })
  })

  it('leaves out reported and set-aside payments', () => {
    const payments = [
      fee('s1', 14500, '2026-10-03', '2026-27/month/2026-10'),
      fee('s1', 500, '2026-11-02', '2026-27/month/2026-11', { status: 'reported' }),
      fee('s1', 700, '2026-11-05', '2026-27/month/2026-11', { status: 'void' }),
    ]
    expect(paymentSettingsOf(payments, 's1')?.paymentAmount).toBe(14500)
    expect(paidInYear(payments, 's1', '2026-27')).toBe(14500)
  })
})

describe('studentFees (J05, J14, J17, J18)', () => {
  const today = '2026-11-27'

  it.each([
    ['no payment: the month is pending', [], 14500, 'pending', 14500, 0, 14500],
    [
      'paid this month',
      [fee('s1', 14500, '2026-11-02', '2026-27/month/2026-11')],
      14500,
      'paid',
      14500,
      14500,
      0,
    ],
    [
      'paid part of this month',
      [fee('s1', 5000, '2026-11-02', '2026-27/month/2026-11')],
      14500,
      'pending',
      14500,
      5000,
      9500,
    ],
    [
      'paid last month only',
      [fee('s1', 14500, '2026-10-02', '2026-27/month/2026-10')],
      14500,
      'pending',
      14500,
      0,
      14500,
    ],
    ['no fee for the group (J14)', [], 0, 'notPaying', 0, 0, 0],
    [
      'paid ahead: never below 0',
      [fee('s1', 20000, '2026-11-02', '2026-27/month/2026-11')],
      14500,
      'paid',
      14500,
      20000,
      0,
    ],
  ] as const)('%s', (_, payments, monthly, standing, total, paid, pending) => {
    const f = studentFees('s1', monthly, payments as readonly PaymentLike[], today)
    expect([f.standing, f.totalFee, f.totalFeePaid, f.totalFeePending]).toEqual([
      standing,
      total,
      paid,
      pending,
    ])
    expect(f.feeTariffAmount).toBe(monthly)
  })

  it('a student who pays by term owes the term that contains today', () => {
    const payments = [fee('s1', 43500, '2026-06-02', '2026-27/term/1', {}, 'Term Fee')]
    const f = studentFees('s1', 14500, payments, today)
    expect(f.feeType).toBe('Term Fee')
    expect(f.period.label).toBe('Term 2: September to December 2026')
    expect([f.totalFee, f.totalFeePending]).toEqual([58000, 58000])
  })

  it('a yearly payment covers every month of its year', () => {
    const payments = [fee('s1', 174000, '2026-06-02', '2026-27/year', {}, 'Yearly Fee')]
    const f = studentFees('s1', 14500, payments, today)
    expect(f.standing).toBe('paid')
  })

  it("last year's payments do not count towards this year (J18)", () => {
    const payments = [fee('s1', 14500, '2026-05-02', '2025-26/month/2026-05')]
    expect(studentFees('s1', 14500, payments, today).paidThisYear).toBe(0)
    expect(studentFees('s1', 14500, payments, '2026-05-20').paidThisYear).toBe(14500)
  })

  it('counts what the family reported apart, until the office confirms it', () => {
    const payments = [
      fee('s1', 14500, '2026-11-02', '2026-27/month/2026-11', { status: 'reported' }),
    ]
    const f = studentFees('s1', 14500, payments, today)
    expect([f.standing, f.reported, f.totalFeePending]).toEqual(['pending', 14500, 14500])
  })
})

describe('paymentsOverview (J12)', () => {
  it('counts students not paying, pending and paid, with the amounts', () => {
    const payments = [
      fee('paid', 14500, '2026-11-02', '2026-27/month/2026-11'),
      fee('part', 4500, '2026-11-02', '2026-27/month/2026-11'),
    ]
    const o = paymentsOverview(
      [
        { id: 'paid', monthlyFee: 14500 },
        { id: 'part', monthlyFee: 16700 },
        { id: 'none', monthlyFee: 14500 },
        { id: 'free', monthlyFee: 0 },
      ],
      payments,
      '2026-11-27',
    )
    expect(o).toMatchObject({
      totalStudents: 4,
      totalNotPaying: 1,
      totalPending: 2,
      totalPaid: 1,
      totalPendingAmount: 12200 + 14500,
      totalPaidAmount: 14500 + 4500,
    })
    expect(o.pending.map((f) => f.studentId)).toEqual(['part', 'none'])
    expect(o.current).toEqual({
      month: 'November 2026',
      term: 'September to December 2026',
      session: 'June to December 2026',
      year: '2026-27',
    })
  })
})

describe('currentPeriods', () => {
  it.each([
    ['2027-02-10', 'February 2027', 'January to March 2027', 'January to May 2027', '2026-27'],
    ['2027-05-31', 'May 2027', 'April to May 2027', 'January to May 2027', '2026-27'],
    ['2027-06-01', 'June 2027', 'June to August 2027', 'June to December 2027', '2027-28'],
  ])('%s', (today, month, term, session, year) => {
    expect(currentPeriods(today)).toEqual({ month, term, session, year })
  })
})

describe('feeTotals (J13)', () => {
  it('keeps every recorded amount per fee year and per calendar year', () => {
    const payments = [
      fee('s1', 14500, '2026-05-20', '2025-26/month/2026-05'),
      fee('s1', 14500, '2026-06-03', '2026-27/month/2026-06'),
      fee('s2', 16700, '2027-01-04', '2026-27/month/2027-01'),
      fee('s2', 999, '2027-01-05', '2026-27/month/2027-01', { status: 'reported' }),
      contribution(2000, '2026-12-01', '2026-27'),
    ]
    const totals = feeTotals(payments)
    expect(totals.byFeeYear).toEqual([
      {
        year: '2026-27',
        amounts: [14500, 16700, 2000],
        fees: 31200,
        contributions: 2000,
        total: 33200,
      },
      { year: '2025-26', amounts: [14500], fees: 14500, contributions: 0, total: 14500 },
    ])
    expect(totals.byCalendarYear).toEqual([
      { year: '2027', amounts: [16700], fees: 16700, contributions: 0, total: 16700 },
      {
        year: '2026',
        amounts: [14500, 14500, 2000],
        fees: 29000,
        contributions: 2000,
        total: 31000,
      },
    ])
  })
})

describe('familyDue (J30)', () => {
  it("adds up the children's dues for the period", () => {
    const payments = [fee('ines', 14500, '2026-11-02', '2026-27/month/2026-11')]
    const due = familyDue(
      [
        { id: 'tiago', monthlyFee: 16700 },
        { id: 'ines', monthlyFee: 14500 },
      ],
      payments,
      '2026-11-27',
    )
    expect(due.total).toBe(16700)
    expect(due.students.map((s) => [s.studentId, s.totalFeePending])).toEqual([
      ['tiago', 16700],
      ['ines', 0],
    ])
  })
})

describe("a student's admission fee and deposit (issue 40)", () => {
  const admission = (type: 'Admission Fee' | 'Deposit', amount: number): PaymentLike => ({
    id: `adm-${type}`,
    family_id: 'f1',
    student_id: 's1',
    kind: 'fee',
    status: 'recorded',
    receipt_number: '2026-27/0099',
    data: {
      paymentType: type,
      paymentOption: 'UPI',
      feeYear: '2026-27',
      receivedFrom: 'Maria',
      amount,
      paymentDate: '2026-12-20',
    },
  })

  it('pay for no period: the fee type, the year paid and what is due stay the fees’', () => {
    const monthly = fee('s1', 14500, '2026-12-01', '2026-27/term/2', {}, 'Term Fee')
    const payments = [monthly, admission('Admission Fee', 10000), admission('Deposit', 45000)]
    expect(paymentSettingsOf(payments, 's1')).toMatchObject({
      paymentType: 'Term Fee',
      paymentAmount: 14500,
      yearPaymentTotal: 14500,
    })
    expect(paidInYear(payments, 's1', '2026-27')).toBe(14500)
  })
})
