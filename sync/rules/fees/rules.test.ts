import { describe, expect, it } from 'vitest'
import {
  CONTRIBUTION_TYPES,
  DEFAULT_DEPOSIT_FEE,
  DEFAULT_PAYMENT_OPTION,
  FEE_SESSIONS,
  FEE_TERMS,
  FEE_TYPES,
  PAYMENT_OPTIONS,
  amountFromYearlyFee,
  calendarYearOf,
  defaultPeriod,
  feeYearOf,
  monthsIn,
  paidTotal,
  pendingFee,
  periodFee,
  periodOptions,
  sessionIndexOf,
  monthlyFeeOf,
  termIndexOf,
  totalFee,
  yearlyFee,
} from './rules'

describe('the fee constants (§9)', () => {
  it('lists the fee types, payment options and contribution types of the spec', () => {
    expect(FEE_TYPES).toEqual(['Session Fee', 'Term Fee', 'Monthly Fee', 'Yearly Fee'])
    expect(PAYMENT_OPTIONS).toEqual([
      'Cash',
      'UPI',
      'Indian Bank Transfer',
      'Federal Bank Transfer',
    ])
    expect(DEFAULT_PAYMENT_OPTION).toBe('Indian Bank Transfer')
    expect(CONTRIBUTION_TYPES).toEqual(['Monthly', 'Term', 'Annual', 'None'])
    expect(DEFAULT_DEPOSIT_FEE).toBe(45000)
  })

  it('has sessions of 5 and 7 months and terms of 3, 2, 3 and 4 months covering the year once', () => {
    expect(FEE_SESSIONS.map(monthsIn)).toEqual([5, 7])
    expect(FEE_TERMS.map(monthsIn)).toEqual([3, 2, 3, 4])
    for (const spans of [FEE_SESSIONS, FEE_TERMS]) {
      const covered = spans.flatMap((s) =>
        Array.from({ length: monthsIn(s) }, (_, i) => s.first + i),
      )
      expect(covered).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    }
  })
})

describe('sessions and terms by month index (J21, J22)', () => {
  it.each([
    [0, 0, 0],
    [2, 0, 0],
    [3, 0, 1],
    [4, 0, 1],
    [5, 1, 2],
    [6, 1, 2],
    [7, 1, 2],
    [8, 1, 3],
    [10, 1, 3],
    [11, 1, 3],
  ])('month index %i is in session %i and term %i', (month, session, term) => {
    expect(sessionIndexOf(month)).toBe(session)
    expect(termIndexOf(month)).toBe(term)
  })

  it('puts February, May, August and November in terms 1 to 4', () => {
    expect([1, 4, 7, 10].map((m) => termIndexOf(m) + 1)).toEqual([1, 2, 3, 4])
  })

  it.each([-1, 12, 1.5, Number.NaN])('refuses the month index %s', (month) => {
    expect(() => sessionIndexOf(month)).toThrow(RangeError)
    expect(() => termIndexOf(month)).toThrow(RangeError)
  })
})

describe('the fee year (J23) and the calendar year (J13)', () => {
  it.each([
    ['2026-05-31', '2025-26', '2026'],
    ['2026-06-01', '2026-27', '2026'],
    ['2025-12-31', '2025-26', '2025'],
    ['2026-01-01', '2025-26', '2026'],
    ['2099-07-15', '2099-00', '2099'],
  ])('%s is in fee year %s and calendar year %s', (date, feeYear, calendarYear) => {
    expect(feeYearOf(date)).toBe(feeYear)
    expect(calendarYearOf(date)).toBe(calendarYear)
  })

  it.each(['2026-13-01', '26-01-01', '', '2026-00-10'])('refuses the date %j', (date) => {
    expect(() => feeYearOf(date)).toThrow(/YYYY-MM-DD/)
  })
})

describe('fee amounts (J14–J17, J19)', () => {
  it('makes the yearly fee twelve monthly tariffs', () => {
    expect(yearlyFee(14500)).toBe(174000)
    expect(yearlyFee(16700)).toBe(200400)
    expect(yearlyFee(0)).toBe(0)
  })

  it('makes a session or term fee the tariff times its months', () => {
    expect(periodFee(14500, FEE_SESSIONS[0]!)).toBe(72500)
    expect(periodFee(14500, FEE_TERMS[1]!)).toBe(29000)
    expect(periodFee(16700, FEE_SESSIONS[1]!)).toBe(116900)
  })

  it('rounds the monthly amount of a yearly fee before multiplying', () => {
    expect(amountFromYearlyFee(200000, FEE_TERMS[0]!)).toBe(50001)
    expect(amountFromYearlyFee(174000, FEE_SESSIONS[1]!)).toBe(101500)
  })

  it('never charges less than one month', () => {
    expect(totalFee(14500, { months: 0 })).toBe(14500)
    expect(totalFee(14500, { months: 1 })).toBe(14500)
    expect(totalFee(14500, { months: 12 })).toBe(174000)
  })

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses the tariff %s', (tariff) => {
    expect(() => yearlyFee(tariff)).toThrow(/rupees/)
    expect(() => totalFee(tariff, { months: 1 })).toThrow(/rupees/)
  })

  // J14: the student's own tariff, else the group's, else 0; an unknown tariff counts as none.
  const groups = new Map([
    ['grp_jaul', { feeTariffId: 'tar_jaul' }],
    ['grp_new', { feeTariffId: null }],
    ['grp_gone', { feeTariffId: 'tar_gone' }],
  ])
  const tariffs = new Map([
    ['tar_jaul', 14500],
    ['tar_own', 12000],
    ['tar_free', 0],
  ])
  it.each([
    ['its own tariff', { fee_tariff_id: 'tar_own', group_id: 'grp_jaul' }, 12000],
    ['its own tariff of nothing', { fee_tariff_id: 'tar_free', group_id: 'grp_jaul' }, 0],
    ["the group's tariff", { fee_tariff_id: null, group_id: 'grp_jaul' }, 14500],
    [
      "the group's, when its own is unknown",
      { fee_tariff_id: 'tar_gone', group_id: 'grp_jaul' },
      14500,
    ],
    ['0 for a group without a fee', { fee_tariff_id: null, group_id: 'grp_new' }, 0],
    ['0 for a group whose tariff is unknown', { fee_tariff_id: null, group_id: 'grp_gone' }, 0],
    ['0 without a group', { fee_tariff_id: null, group_id: null }, 0],
    ['0 for a group that is not known', { group_id: 'grp_other' }, 0],
  ])('a student pays %s', (_case, student, fee) => {
    expect(monthlyFeeOf(student, groups, tariffs)).toBe(fee)
  })
})

describe('the paid total (J18)', () => {
  it('counts the last payment of the same fee year only', () => {
    expect(paidTotal({ yearPaymentTotal: 29000, academicYear: '2025-26' }, '2025-26')).toBe(29000)
    expect(paidTotal({ yearPaymentTotal: 29000, academicYear: '2024-25' }, '2025-26')).toBe(0)
    expect(paidTotal(null, '2025-26')).toBe(0)
    expect(paidTotal({ academicYear: '2025-26' }, '2025-26')).toBe(0)
  })

  it('never shows a negative pending fee', () => {
    expect(pendingFee(174000, 29000)).toBe(145000)
    expect(pendingFee(14500, 29000)).toBe(0)
  })
})

describe('payment periods per fee type (J07–J09)', () => {
  it('offers the twelve months of the fee year, June first', () => {
    const months = periodOptions('Monthly Fee', '2025-26')
    expect(months.map((p) => p.label)).toEqual([
      'June 2025',
      'July 2025',
      'August 2025',
      'September 2025',
      'October 2025',
      'November 2025',
      'December 2025',
      'January 2026',
      'February 2026',
      'March 2026',
      'April 2026',
      'May 2026',
    ])
    expect(months.every((p) => p.months === 1)).toBe(true)
    expect(months[8]).toMatchObject({ start: '2026-02-01', end: '2026-02-28' })
  })

  it('offers four terms and two sessions in the order the year runs', () => {
    expect(periodOptions('Term Fee', '2025-26').map((p) => [p.label, p.months])).toEqual([
      ['Term 1: June to August 2025', 3],
      ['Term 2: September to December 2025', 4],
      ['Term 3: January to March 2026', 3],
      ['Term 4: April to May 2026', 2],
    ])
    expect(periodOptions('Session Fee', '2025-26').map((p) => [p.label, p.months])).toEqual([
      ['Session 1: June to December 2025', 7],
      ['Session 2: January to May 2026', 5],
    ])
  })

  it('offers the whole year for a yearly fee', () => {
    expect(periodOptions('Yearly Fee', '2027-28')).toEqual([
      {
        key: '2027-28/year',
        label: 'Year 2027-28: June 2027 to May 2028',
        months: 12,
        start: '2027-06-01',
        end: '2028-05-31',
      },
    ])
  })

  it('covers every day of the fee year exactly once for each fee type', () => {
    for (const type of FEE_TYPES) {
      const periods = periodOptions(type, '2027-28')
      expect(periods[0]!.start).toBe('2027-06-01')
      expect(periods.at(-1)!.end).toBe('2028-05-31')
      expect(periods.reduce((sum, p) => sum + p.months, 0)).toBe(12)
      expect(new Set(periods.map((p) => p.key)).size).toBe(periods.length)
      for (let i = 1; i < periods.length; i++) {
        const dayAfter = new Date(`${periods[i - 1]!.end}T00:00:00Z`)
        dayAfter.setUTCDate(dayAfter.getUTCDate() + 1)
        expect(periods[i]!.start).toBe(dayAfter.toISOString().slice(0, 10))
      }
    }
    expect(periodOptions('Monthly Fee', '2027-28')[8]!.end).toBe('2028-02-29')
  })

  it.each([
    ['Monthly Fee', '2026-03-14', 'March 2026'],
    ['Term Fee', '2026-03-14', 'Term 3: January to March 2026'],
    ['Term Fee', '2026-05-31', 'Term 4: April to May 2026'],
    ['Session Fee', '2026-06-01', 'Session 1: June to December 2026'],
    ['Yearly Fee', '2026-05-31', 'Year 2025-26: June 2025 to May 2026'],
  ] as const)('preselects for a %s on %s the period %s', (type, today, label) => {
    const period = defaultPeriod(type, today)
    expect(period.label).toBe(label)
    expect(period.start <= today && today <= period.end).toBe(true)
  })

  it.each(['2025-2026', '2025-27', 'next year'])('refuses the fee year %j', (year) => {
    expect(() => periodOptions('Term Fee', year)).toThrow(/fee year/)
  })
})
