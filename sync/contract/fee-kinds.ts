// The kinds of payment (operations.md §9), apart from the fee rules so that the payments record's
// schema, which every device loads first, carries only these lists.

/** The fee types a payment is recorded under (J03). */
export const FEE_TYPES = ['Session Fee', 'Term Fee', 'Monthly Fee', 'Yearly Fee'] as const
export type FeeType = (typeof FEE_TYPES)[number]

/**
 * What a family pays once, at admission (H37): the admission fee, and the deposit the centre
 * holds until the child leaves. Recorded for the family, before the child is a student.
 */
export const ADMISSION_PAYMENT_TYPES = ['Admission Fee', 'Deposit'] as const
export type AdmissionPaymentType = (typeof ADMISSION_PAYMENT_TYPES)[number]

/**
 * A field trip's fee, paid for each student who goes, naming the trip (issue 34, N13): not a fee
 * of a period, so it counts in no month's or term's fee.
 */
export const FIELD_TRIP_PAYMENT_TYPE = 'Field Trip'

/** Every type a fee payment is recorded under. */
export const PAYMENT_TYPES = [
  ...FEE_TYPES,
  ...ADMISSION_PAYMENT_TYPES,
  FIELD_TRIP_PAYMENT_TYPE,
] as const
export type PaymentType = (typeof PAYMENT_TYPES)[number]

/** Whether a payment's type is a fee of a period (monthly, term, session, yearly). */
export const isPeriodFee = (type: PaymentType | undefined): type is FeeType =>
  (FEE_TYPES as readonly string[]).includes(type ?? '')

/**
 * Where a deposit stands: held by the centre (refundable), returned to the family, or kept by the
 * centre when the child left.
 */
export const DEPOSIT_STATUSES = ['held', 'returned', 'kept'] as const
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number]

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
