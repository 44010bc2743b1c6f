import { describe, expect, it } from 'vitest'
import type { PaymentLike } from '@sync/rules/fees/overview'
import { CONTRIBUTION_TYPES } from '@sync/rules/fees/rules'
import {
  contributionFormDefaults,
  contributionFormFromReport,
  contributionFormSchema,
} from './contribution-form'

const valid = {
  familyId: 'f1',
  contributionType: 'Annual',
  amount: 5000,
  paymentDate: '2026-12-03',
  receivedFrom: 'João Fernandes',
  paymentOption: 'Cash',
  reference: '',
  sendEmail: true,
}

describe('contributionFormSchema (J10, J11)', () => {
  it.each(CONTRIBUTION_TYPES)('accepts a %s contribution', (contributionType) => {
    expect(contributionFormSchema.safeParse({ ...valid, contributionType }).success).toBe(true)
  })
  it.each([
    [{ familyId: '' }, 'familyId', 'Choose the family'],
    [{ contributionType: 'Weekly' }, 'contributionType', 'Choose the contribution type'],
    [{ amount: '' }, 'amount', 'Enter the amount'],
    [{ amount: 0 }, 'amount', 'Enter an amount above 0'],
    [{ paymentDate: '2026-13-01' }, 'paymentDate', 'Enter the date the payment was received'],
    [{ receivedFrom: '' }, 'receivedFrom', 'Enter who paid'],
    [{ paymentOption: 'Card' }, 'paymentOption', 'Choose how it was paid'],
  ])('refuses %o', (change, field, message) => {
    const result = contributionFormSchema.safeParse({ ...valid, ...change })
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message)
  })
})

const contribution = (
  type: string,
  date: string,
  status: PaymentLike['status'] = 'recorded',
): PaymentLike => ({
  id: `${type}-${date}`,
  family_id: 'f1',
  student_id: null,
  kind: 'contribution',
  status,
  data: {
    contributionType: type,
    paymentOption: 'UPI',
    feeYear: '2026-27',
    receivedFrom: 'João',
    amount: 2000,
    paymentDate: date,
  },
})

describe('contributionFormDefaults', () => {
  it.each([
    ['no contribution yet: Monthly', [], 'Monthly'],
    [
      'the last contribution’s plan',
      [contribution('Annual', '2026-06-01'), contribution('Term', '2026-09-01')],
      'Term',
    ],
    [
      'a report does not set the plan',
      [contribution('Annual', '2026-06-01'), contribution('Term', '2026-09-01', 'reported')],
      'Annual',
    ],
  ])('%s', (_, payments, type) => {
    expect(
      contributionFormDefaults({
        familyId: 'f1',
        payments,
        today: '2026-12-03',
        payer: 'Maria',
        hasEmail: true,
      }),
    ).toEqual({
      familyId: 'f1',
      contributionType: type,
      amount: '',
      paymentDate: '2026-12-03',
      receivedFrom: 'Maria',
      paymentOption: '',
      reference: '',
      sendEmail: true,
    })
  })
  it('starts a confirmation from the report, the e-mail off without an address', () => {
    expect(
      contributionFormFromReport(contribution('Term', '2026-09-01', 'reported'), false),
    ).toEqual({
      familyId: 'f1',
      contributionType: 'Term',
      amount: 2000,
      paymentDate: '2026-09-01',
      receivedFrom: 'João',
      paymentOption: 'UPI',
      reference: '',
      sendEmail: false,
    })
  })
})
