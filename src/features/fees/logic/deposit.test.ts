import { describe, expect, it } from 'vitest'
import { settledDeposit } from './deposit'

const row = {
  status: 'recorded' as const,
  data: {
    paymentType: 'Deposit' as const,
    paymentOption: 'UPI' as const,
    feeYear: '2026-27',
    receivedFrom: 'Asha Kamat',
    amount: 45000,
    paymentDate: '2026-11-27',
    familyName: 'Kamat',
    sendEmail: false,
    deposit: { status: 'held' as const },
  },
}

describe('returning or keeping a deposit (issue 40)', () => {
  it('returns it on the day given, with an optional note', () => {
    expect(settledDeposit(row, 'returned', '2027-04-01', ' ', '2027-04-02').data.deposit).toEqual({
      status: 'returned',
      date: '2027-04-01',
    })
  })

  it('keeps it with the reason, which it needs', () => {
    expect(
      settledDeposit(row, 'kept', '2027-04-01', ' Damage ', '2027-04-02').data.deposit,
    ).toEqual({ status: 'kept', date: '2027-04-01', note: 'Damage' })
    expect(() => settledDeposit(row, 'kept', '2027-04-01', '', '2027-04-02')).toThrow(
      'Write why the centre keeps the deposit',
    )
  })

  it.each([
    ['2027-02-30', 'Enter the day'],
    ['2026-11-26', 'A deposit is returned or kept on or after the day it was paid (27 Nov 2026)'],
    ['2027-04-03', 'The day cannot be after today'],
  ])('refuses the day %s in words', (day, message) => {
    expect(() => settledDeposit(row, 'returned', day, '', '2027-04-02')).toThrow(message)
  })

  it('settles a deposit once, and nothing else', () => {
    const returned = settledDeposit(row, 'returned', '2027-04-01', '', '2027-04-02')
    expect(() => settledDeposit(returned, 'kept', '2027-04-02', 'x', '2027-04-02')).toThrow(
      'This deposit is settled already.',
    )
    expect(() =>
      settledDeposit(
        { ...row, data: { ...row.data, paymentType: 'Admission Fee' } },
        'returned',
        '2027-04-01',
        '',
        '2027-04-02',
      ),
    ).toThrow('Only a recorded deposit is returned or kept.')
  })
})
