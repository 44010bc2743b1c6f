import { describe, expect, it } from 'vitest'
import type { PaymentLike } from '@sync/rules/fees/overview'
import { FEE_TYPES, PAYMENT_OPTIONS } from '@sync/rules/fees/rules'
import {
  feeFormDefaults,
  feeFormFromReport,
  feeFormSchema,
  withFeeType,
  withPeriod,
  type FeeFormContext,
} from './fee-form'
import { periodChoices } from '@sync/rules/fees/cover'

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

const ctx = (payments: PaymentLike[], extra: Partial<FeeFormContext> = {}): FeeFormContext => ({
  studentId: 's1',
  monthlyFee: 16700,
  payments,
  today: '2026-12-03',
  payer: 'Maria Fernandes',
  hasEmail: true,
  ...extra,
})

const valid = {
  paymentType: 'Monthly Fee',
  paymentOption: 'Indian Bank Transfer',
  periodKey: '2026-27/month/2026-12',
  receivedFrom: 'Maria Fernandes',
  paymentAmount: 16700,
  paymentDate: '2026-12-03',
  reference: '',
  sendEmail: true,
}

describe('feeFormSchema', () => {
  it('accepts a complete payment', () => {
    expect(feeFormSchema.safeParse(valid).success).toBe(true)
  })
  it.each([
    ['an empty amount', { paymentAmount: '' }, 'paymentAmount', 'Enter the amount'],
    ['an amount of 0', { paymentAmount: 0 }, 'paymentAmount', 'Enter an amount above 0'],
    ['a negative amount', { paymentAmount: -5 }, 'paymentAmount', 'Enter an amount above 0'],
    [
      'more than a crore',
      { paymentAmount: 1_00_00_001 },
      'paymentAmount',
      'An amount cannot be above ₹1,00,00,000',
    ],
    ['no payer', { receivedFrom: '   ' }, 'receivedFrom', 'Enter who paid'],
    [
      'a long payer',
      { receivedFrom: 'x'.repeat(201) },
      'receivedFrom',
      'Use at most 200 characters',
    ],
    ['no date', { paymentDate: '' }, 'paymentDate', 'Enter the date the payment was received'],
    [
      'a date that does not exist',
      { paymentDate: '2026-02-30' },
      'paymentDate',
      'Enter the date the payment was received',
    ],
    ['no period', { periodKey: '' }, 'periodKey', 'Choose the period the payment is for'],
    ['an unknown fee type', { paymentType: 'Daily Fee' }, 'paymentType', 'Choose the fee type'],
    ['an unknown option', { paymentOption: 'Cheque' }, 'paymentOption', 'Choose how it was paid'],
    ['no way of payment chosen', { paymentOption: '' }, 'paymentOption', 'Choose how it was paid'],
    ['a long reference', { reference: 'x'.repeat(101) }, 'reference', 'Use at most 100 characters'],
  ])('refuses %s in words under its field', (_, change, field, message) => {
    const result = feeFormSchema.safeParse({ ...valid, ...change })
    expect(result.success).toBe(false)
    const issue = result.error?.issues.find((i) => i.path[0] === field)
    expect(issue?.message).toBe(message)
  })
})

describe('feeFormDefaults (J04, J06, J07)', () => {
  it.each([
    ['nothing paid: the whole month is due', [], 'Monthly Fee', '2026-27/month/2026-12', 16700],
    [
      'part of the month paid: the rest is due',
      [fee('p1', 6700, month('2026-12'))],
      'Monthly Fee',
      '2026-27/month/2026-12',
      10000,
    ],
    [
      'the month paid: no amount is offered',
      [fee('p1', 16700, month('2026-12'))],
      'Monthly Fee',
      '2026-27/month/2026-12',
      '',
    ],
    [
      'a reported or set-aside payment does not count',
      [
        fee('p1', 16700, month('2026-12'), { status: 'reported' }),
        fee('p2', 16700, month('2026-12'), { status: 'void' }),
      ],
      'Monthly Fee',
      '2026-27/month/2026-12',
      16700,
    ],
    [
      'a student who pays by term: the term that contains today',
      [
        fee('p1', 50100, month('2026-06'), {
          data: { ...fee('x', 1, month('2026-06')).data, paymentType: 'Term Fee' },
        }),
      ],
      'Term Fee',
      '2026-27/term/2',
      16700 * 4,
    ],
  ])('%s', (_, payments, type, periodKey, amount) => {
    // No way of payment is preselected: the person chooses it (issue 40).
    expect(feeFormDefaults(ctx(payments))).toEqual({
      paymentType: type,
      paymentOption: '',
      periodKey,
      receivedFrom: 'Maria Fernandes',
      paymentAmount: amount,
      paymentDate: '2026-12-03',
      reference: '',
      sendEmail: true,
    })
  })
  it('leaves the e-mail off when the family has no address', () => {
    expect(feeFormDefaults(ctx([], { hasEmail: false })).sendEmail).toBe(false)
  })
  it('offers no amount when the student has no fee (J14)', () => {
    expect(feeFormDefaults(ctx([], { monthlyFee: 0 })).paymentAmount).toBe('')
  })
})

describe('switching the fee type (J08)', () => {
  it.each([
    ['Monthly Fee', '2026-27/month/2026-12', 16700, 12],
    ['Term Fee', '2026-27/term/2', 16700 * 4, 4],
    ['Session Fee', '2026-27/session/1', 16700 * 7, 2],
    ['Yearly Fee', '2026-27/year', 16700 * 12, 1],
  ] as const)('%s: its periods, the one with today, and its fee', (type, key, amount, count) => {
    const c = ctx([])
    const next = withFeeType(c, feeFormDefaults(c), type)
    expect(next.periodKey).toBe(key)
    expect(next.paymentAmount).toBe(amount)
    expect(periodChoices(type, c.today)).toHaveLength(count)
  })
  it('choosing another period offers what is due for it', () => {
    const c = ctx([fee('p1', 16700, month('2027-01'))])
    const jan = periodChoices('Monthly Fee', c.today).find((p) => p.key.endsWith('2027-01'))!
    const feb = periodChoices('Monthly Fee', c.today).find((p) => p.key.endsWith('2027-02'))!
    expect(withPeriod(c, feeFormDefaults(c), jan).paymentAmount).toBe('')
    expect(withPeriod(c, feeFormDefaults(c), feb).paymentAmount).toBe(16700)
  })
  it('offers every fee type', () => {
    for (const type of FEE_TYPES)
      expect(periodChoices(type, '2026-12-03').length).toBeGreaterThan(0)
    expect(PAYMENT_OPTIONS).toContain('Indian Bank Transfer')
  })
})

describe('feeFormFromReport', () => {
  it('starts from what the family reported, in another year too', () => {
    const report = fee('r1', 12000, month('2026-05'), {
      status: 'reported',
      data: {
        ...fee('x', 12000, month('2026-05')).data,
        paymentOption: 'UPI',
        receivedFrom: 'João',
      },
    })
    const c = ctx([report])
    const input = feeFormFromReport(c, report)
    expect(input).toMatchObject({
      paymentType: 'Monthly Fee',
      paymentOption: 'UPI',
      periodKey: '2025-26/month/2026-05',
      receivedFrom: 'João',
      paymentAmount: 12000,
      paymentDate: '2026-05-01',
    })
    expect(periodChoices('Monthly Fee', c.today, report.data.period)[0]!.key).toBe(
      '2025-26/month/2026-05',
    )
  })
})
