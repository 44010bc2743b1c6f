// The kinds of payment (operations.md §9), apart from the fee rules so that the payments record's
// schema, which every device loads first, carries only these lists.

/** The fee types a payment is recorded under (J03). */
export const FEE_TYPES = ['Session Fee', 'Term Fee', 'Monthly Fee', 'Yearly Fee'] as const
export type FeeType = (typeof FEE_TYPES)[number]

/** How a payment arrived (J04); a bank transfer to the Indian Bank account is the usual one. */
export const PAYMENT_OPTIONS = [
  'Cash',
  'UPI',
  'Indian Bank Transfer',
  'Federal Bank Transfer',
] as const
export type PaymentOption = (typeof PAYMENT_OPTIONS)[number]
export const DEFAULT_PAYMENT_OPTION: PaymentOption = 'Indian Bank Transfer'

/** A family's contribution plan (J11). */
export const CONTRIBUTION_TYPES = ['Monthly', 'Term', 'Annual', 'None'] as const
export type ContributionType = (typeof CONTRIBUTION_TYPES)[number]
