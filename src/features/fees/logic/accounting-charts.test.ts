import { describe, expect, it } from 'vitest'
import type { PaymentLike } from '@sync/rules/fees/overview'
import { INCOME_KINDS, incomeByMonth, incomeKindOf, yearBefore } from './accounting-charts'

let n = 0
function paid(
  amount: number,
  paymentDate: string,
  feeYear: string,
  over: Partial<PaymentLike['data']> & {
    kind?: PaymentLike['kind']
    status?: PaymentLike['status']
  } = {},
): PaymentLike {
  const { kind = 'fee', status = 'recorded', ...data } = over
  return {
    id: `p${++n}`,
    family_id: 'f1',
    student_id: kind === 'fee' ? 's1' : null,
    kind,
    status,
    data: {
      paymentType: kind === 'fee' ? 'Monthly Fee' : undefined,
      paymentOption: 'Cash',
      feeYear,
      receivedFrom: 'Maria',
      amount,
      paymentDate,
      ...data,
    },
  }
}

const at = (kind: (typeof INCOME_KINDS)[number]) => INCOME_KINDS.indexOf(kind)

describe('incomeKindOf', () => {
  it('names the fee type, the contributions, and a fee without a type by its period', () => {
    expect(incomeKindOf(paid(1, '2026-07-01', '2026-27', { paymentType: 'Deposit' }))).toBe(
      'Deposit',
    )
    expect(incomeKindOf(paid(1, '2026-07-01', '2026-27', { paymentType: 'Field Trip' }))).toBe(
      'Field Trip',
    )
    expect(incomeKindOf(paid(1, '2026-07-01', '2026-27', { kind: 'contribution' }))).toBe(
      'Contributions',
    )
    const period = {
      key: '2026-27/term/2',
      label: 'Term 2',
      months: 4,
      start: '2026-09-01',
      end: '2026-12-31',
    }
    expect(incomeKindOf(paid(1, '2026-07-01', '2026-27', { paymentType: undefined, period }))).toBe(
      'Term Fee',
    )
  })
})

describe('yearBefore', () => {
  it.each([
    ['2026-27', '2025-26'],
    ['2000-01', '1999-00'],
  ])('%s → %s', (year, before) => expect(yearBefore(year)).toBe(before))
})

describe('incomeByMonth', () => {
  it("puts each recorded payment of the year in the month it was paid, by kind, beside last year's", () => {
    const payments = [
      paid(14500, '2026-06-05', '2026-27'),
      paid(43500, '2026-06-20', '2026-27', { paymentType: 'Term Fee' }),
      paid(2000, '2026-07-01', '2026-27', { kind: 'contribution' }),
      paid(45000, '2027-05-31', '2026-27', { paymentType: 'Deposit' }),
      paid(13000, '2025-06-10', '2025-26'),
      // Not counted: reported, void, another year.
      paid(999, '2026-06-05', '2026-27', { status: 'reported' }),
      paid(999, '2026-06-05', '2026-27', { status: 'void' }),
      paid(999, '2026-06-05', '2024-25'),
    ]
    const { rows, kinds } = incomeByMonth(payments, '2026-27')
    expect(rows.map((r) => r.label)).toEqual([
      'June 2026',
      'July 2026',
      'August 2026',
      'September 2026',
      'October 2026',
      'November 2026',
      'December 2026',
      'January 2027',
      'February 2027',
      'March 2027',
      'April 2027',
      'May 2027',
    ])
    expect(rows[0]!.thisYear[at('Monthly Fee')]).toBe(14500)
    expect(rows[0]!.thisYear[at('Term Fee')]).toBe(43500)
    expect(rows[0]!.lastYear[at('Monthly Fee')]).toBe(13000)
    expect(rows[1]!.thisYear[at('Contributions')]).toBe(2000)
    expect(rows[11]!.thisYear[at('Deposit')]).toBe(45000)
    expect(kinds).toEqual(['Monthly Fee', 'Term Fee', 'Deposit', 'Contributions'])
    const total = rows.flatMap((r) => r.thisYear).reduce((a, b) => a + b, 0)
    expect(total).toBe(14500 + 43500 + 2000 + 45000)
  })

  it('gives a fee of the year paid ahead, before its June, a row of its own', () => {
    const { rows } = incomeByMonth([paid(14500, '2026-05-20', '2026-27')], '2026-27')
    expect(rows[0]!.label).toBe('Paid before June')
    expect(rows[0]!.thisYear[at('Monthly Fee')]).toBe(14500)
    expect(rows).toHaveLength(13)
  })

  it('is twelve empty months without payments', () => {
    const { rows, kinds } = incomeByMonth([], '2026-27')
    expect(rows).toHaveLength(12)
    expect(kinds).toEqual([])
  })
})
