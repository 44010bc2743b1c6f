import * as z from 'zod/mini'
import { defineCollection, type AppRole } from '../schema.ts'
import { ACADEMIC_YEAR_PATTERN, DATE_PATTERN } from '../constants.ts'
import {
  CONTRIBUTION_TYPES,
  DEPOSIT_STATUSES,
  PAYMENT_OPTIONS,
  PAYMENT_TYPES,
} from '../fee-kinds.ts'

// A payment to the centre (operations.md §3): a student's fee, or a family's contribution. The
// office records payments; a guardian reports one they made (by UPI or bank transfer) and it
// waits, counting for nothing, until the office confirms it. The server numbers the receipt of a
// recorded payment (without gaps, per fee year) and queues its e-mail once.

/** The most a single payment can be: a crore of rupees. */
export const MAX_PAYMENT = 1_00_00_000

const amount = z
  .number()
  .check(
    z.gt(0, 'Enter an amount above 0'),
    z.lte(MAX_PAYMENT, 'An amount cannot be above ₹1,00,00,000'),
  )

const isoDate = z.string().check(z.regex(DATE_PATTERN, 'Enter a date'))

/** The period a fee pays for, as `periodOptions` offers it. */
export const paidPeriodSchema = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(40)),
  label: z.string().check(z.minLength(1), z.maxLength(80)),
  months: z.number().check(z.int(), z.minimum(1), z.maximum(12)),
  start: isoDate,
  end: isoDate,
})
export type PaidPeriod = z.infer<typeof paidPeriodSchema>

/**
 * A receipt e-mail as devices wrote it before the server wrote receipts itself. The server keeps
 * none now (a payment arrives without it): the receipt goes to the family's guardians, written
 * from the centre's template by the server. Kept so rows recorded earlier still read.
 */
export const receiptEmailSchema = z.object({
  to: z
    .array(z.string().check(z.email('Enter a valid e-mail address'), z.maxLength(320)))
    .check(z.minLength(1, 'The family has no e-mail address'), z.maxLength(20)),
  subject: z.string().check(z.minLength(1), z.maxLength(300)),
  html: z.string().check(z.minLength(1), z.maxLength(20_000)),
})
export type ReceiptEmail = z.infer<typeof receiptEmailSchema>

/**
 * A deposit's standing (issue 40): held until the office returns it to the family or keeps it when
 * the child leaves, on the day it did so, with a note.
 */
export const depositSchema = z.object({
  status: z.enum(DEPOSIT_STATUSES),
  date: z.optional(isoDate),
  note: z.optional(z.string().check(z.maxLength(500, 'Use at most 500 characters'))),
})
export type DepositState = z.infer<typeof depositSchema>

/** The field trip a trip fee pays for (issue 34): its id and its title as the receipt prints it. */
export const paidTripSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  title: z.string().check(z.minLength(1), z.maxLength(200)),
})
export type PaidTrip = z.infer<typeof paidTripSchema>

export const paymentDataSchema = z.object({
  /** A fee's type (J03), or the admission fee or deposit (H37); absent on contributions. */
  paymentType: z.optional(z.enum(PAYMENT_TYPES)),
  /** A contribution's plan (J11); absent on fees. */
  contributionType: z.optional(z.enum(CONTRIBUTION_TYPES)),
  paymentOption: z.enum(PAYMENT_OPTIONS),
  /** The field trip a Field Trip payment pays for (only on those). */
  trip: z.optional(paidTripSchema),
  /** A fee's period (J07–J09). */
  period: z.optional(paidPeriodSchema),
  /** The fee year the payment counts in ('2026-27', J23): the period's, else the payment date's. */
  feeYear: z.string().check(z.regex(ACADEMIC_YEAR_PATTERN, 'Not a fee year')),
  receivedFrom: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter who paid'),
      z.maxLength(200, 'Use at most 200 characters'),
    ),
  amount,
  paymentDate: isoDate,
  /** The student's monthly fee when the payment was recorded (J06 studentsFee). */
  studentsFee: z.optional(z.number().check(z.minimum(0))),
  /** What the period costs (J05 totalFee). */
  totalFee: z.optional(z.number().check(z.minimum(0))),
  /** Paid towards the fee year with this payment (J02, J06). */
  yearPaymentTotal: z.optional(z.number().check(z.minimum(0))),
  /** Names as the receipt prints them. */
  studentName: z.optional(z.string().check(z.maxLength(200))),
  familyName: z.string().check(z.minLength(1), z.maxLength(200)),
  /** Whether the receipt is e-mailed (J06, on by default); the server writes and sends it. */
  sendEmail: z.boolean(),
  email: z.optional(receiptEmailSchema),
  /** A guardian's reference for a payment they report (the UPI transaction number, say). */
  reference: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Use at most 100 characters'))),
  /**
   * A fee paid in parts: recorded although the same student's fee of the same type and period
   * is recorded already (the server refuses a second one otherwise, issue 30).
   */
  instalment: z.optional(z.boolean()),
  /** Why the office set a payment aside. */
  note: z.optional(z.string().check(z.maxLength(500))),
  /** A deposit's standing: held, returned or kept (only on a Deposit). */
  deposit: z.optional(depositSchema),
})
export type PaymentData = z.infer<typeof paymentDataSchema>

export const PAYMENT_KINDS = ['fee', 'contribution'] as const
/** reported: a guardian says they paid, waiting; recorded: the office has it; void: set aside. */
export const PAYMENT_STATUSES = ['reported', 'recorded', 'void'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** The office and the family's guardians receive a family's payments. */
export const PAYMENT_ROLES: readonly AppRole[] = [
  'admin',
  'administration',
  'admission',
  'guardian',
]

export const payments = defineCollection({
  name: 'payments',
  row: z.object({
    id: z.string(),
    family_id: z.string(),
    /**
     * The student a fee is for; none for a contribution, nor for an admission fee or deposit
     * paid before the child was a student.
     */
    student_id: z.nullable(z.string()),
    kind: z.enum(PAYMENT_KINDS),
    status: z.enum(PAYMENT_STATUSES),
    /** '2026-27/0007', given by the server when the payment is recorded. */
    receipt_number: z.optional(z.nullable(z.string())),
    data: paymentDataSchema,
    updated_at: z.optional(z.string()),
    updated_by: z.optional(z.nullable(z.string())),
  }),
  serverColumns: ['receipt_number', 'updated_at', 'updated_by'],
  roles: PAYMENT_ROLES,
  indexes: ['family_id'],
  // 1: admission fees and deposits, with a deposit's standing (nothing to convert).
  // 2: field trip fees, naming their trip (nothing to convert: older rows have none).
  version: 2,
  migrationStrategies: {
    1: (doc: Record<string, unknown>) => doc,
    2: (doc: Record<string, unknown>) => doc,
  },
})
