import { describe, expect, it } from 'vitest'
import { pendingForPeriod, periodChoices, yearTotalWith } from './cover.ts'
import type { PaymentLike } from './overview.ts'

const month = (ym: string) => {
  const [y, m] = ym.split('-').map(Number) as [number, number]
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  const feeYear =
    m >= 6
      ? `${y}-${String((y + 1) % 100).padStart(2, '0')}`
      : `${y - 1}-${String(y % 100).padStart(2, '0')}`
  return {
    key: `${feeYear}/month/${ym}`,
    label: ym,
    months: 1,
    start: `${ym}-01`,
    end: `${ym}-${last}`,
  }
}

const fee = (
  id: string,
  amount: number,
  period: ReturnType<typeof month>,
  extra: Partial<PaymentLike> = {},
): PaymentLike => ({
  id,
  family_id: 'f1',
  student_id: 's1',
  kind: 'fee',
  status: 'recorded',
  data: {
    paymentType: 'Monthly Fee',
    paymentOption: 'UPI',
    period,
    feeYear: period.key.slice(0, 7),
    receivedFrom: 'Maria Fernandes',
    amount,
    paymentDate: period.start,
  },
  ...extra,
})

describe('pendingForPeriod and yearTotalWith', () => {
  const dec = month('2026-12')
  const payments = [
    fee('p1', 16700, month('2026-06')),
    fee('p2', 5000, dec),
    fee('p3', 16700, month('2025-12')),
  ]
  it('a year payment covers the month', () => {
    const yearly = periodChoices('Yearly Fee', '2026-12-03')[0]!
    const c = [
      fee('y', 200400, month('2026-06'), { data: { ...payments[0]!.data, period: yearly } }),
    ]
    expect(pendingForPeriod(c, 's1', 16700, { ...dec })).toBe(0)
  })
  it.each([
    ['the month less what is paid', 16700, 11700],
    ['nothing without a fee', 0, 0],
  ])('%s', (_, monthly, pending) => {
    expect(pendingForPeriod(payments, 's1', monthly, dec)).toBe(pending)
  })
  it.each([
    [1000, 16700 + 5000 + 1000],
    ['' as const, 16700 + 5000],
    [-3, 16700 + 5000],
  ])('adds %s to what the fee year has received, not last year', (amount, total) => {
    expect(yearTotalWith(payments, 's1', dec, amount)).toBe(total)
  })
})
