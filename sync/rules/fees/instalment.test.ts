import { describe, expect, it } from 'vitest'
import { asInstalment, periodAlreadyRecorded } from './instalment.ts'

describe('a fee recorded twice', () => {
  it.each([
    [
      'November 2026 (Monthly Fee) for Tiago Fernandes is already recorded by Savio Pereira on 28 Nov 2026, receipt 2026-27/0005: keep both as two instalments, or drop yours.',
      true,
    ],
    ['Only the office can change a payment.', false],
    ['A payment says how it was made: keep both as two instalments', false],
  ])('%s is the server saying the period is paid: %s', (reason, expected) => {
    expect(periodAlreadyRecorded(reason)).toBe(expected)
  })

  it('is recorded again as a new instalment, without what the server writes', () => {
    const mine = {
      id: 'pay-1',
      family_id: 'fam-1',
      student_id: 'st-1',
      kind: 'fee',
      status: 'reported',
      receipt_number: '2026-27/0009',
      updated_at: '2026-11-28T10:00:00Z',
      updated_by: 'someone',
      _deleted: true,
      data: { amount: 8000, sendEmail: true },
    }
    expect(asInstalment(mine, 'pay-2')).toEqual({
      id: 'pay-2',
      family_id: 'fam-1',
      student_id: 'st-1',
      kind: 'fee',
      status: 'recorded',
      data: { amount: 8000, sendEmail: true, instalment: true },
    })
  })
})
