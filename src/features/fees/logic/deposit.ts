// A deposit returned to the family or kept by the centre (issue 40): the office writes it on the
// recorded deposit, on the device (offline too); the server holds it to the same rules.
import type { DepositState, PaymentData, PaymentStatus } from '@sync/contract/collections/payments'
import { isCalendarDate, shortDate } from '@sync/rules/text'

export type DepositOutcome = 'returned' | 'kept'

/** What each action is called, and what its form asks. */
export const DEPOSIT_ACTIONS: Record<DepositOutcome, { button: string; question: string }> = {
  returned: { button: 'Return deposit', question: 'Return the deposit to the family' },
  kept: { button: 'Keep deposit', question: 'Keep the deposit' },
}

/**
 * The deposit returned or kept on `day` (not after `today`, not before it was paid), with the
 * note: why it is kept (needed), or how it went back (optional). Errors in words.
 */
export function settledDeposit<R extends { status: PaymentStatus; data: PaymentData }>(
  row: R,
  outcome: DepositOutcome,
  day: string,
  note: string,
  today: string,
): R {
  if (row.status !== 'recorded' || row.data.paymentType !== 'Deposit')
    throw new Error('Only a recorded deposit is returned or kept.')
  if ((row.data.deposit?.status ?? 'held') !== 'held')
    throw new Error('This deposit is settled already.')
  if (!isCalendarDate(day)) throw new Error('Enter the day')
  if (day < row.data.paymentDate)
    throw new Error(
      `A deposit is returned or kept on or after the day it was paid (${shortDate(row.data.paymentDate)})`,
    )
  if (day > today) throw new Error('The day cannot be after today')
  const text = note.trim()
  if (outcome === 'kept' && !text) throw new Error('Write why the centre keeps the deposit')
  if (text.length > 500) throw new Error('Use at most 500 characters')
  const deposit: DepositState = { status: outcome, date: day, ...(text ? { note: text } : {}) }
  return { ...row, data: { ...row.data, deposit } }
}
