// A field trip's fee in Payments (issue 34, N13; decision "Field trips"): each student who goes on
// a trip with a fee owes it, until a payment of type Field Trip naming the trip is recorded for
// them. Worked out on the device from the trips and the payments, so nothing new is stored for
// what is due. A trip fee is no fee of a period: the monthly and term figures never count it.
import * as z from 'zod/mini'
import type { PaymentData } from '@sync/contract/collections/payments'
import { FIELD_TRIP_PAYMENT_TYPE } from '@sync/contract/fee-kinds'
import type { PaymentLike } from '@sync/rules/fees/overview'
import {
  amountField,
  paymentDateField,
  paymentOptionField,
  receivedFromField,
  referenceField,
} from './fee-form'
import type { FeeFamily } from './office-fees'
import { NO_EMAIL_ADDRESS, type NewPayment } from './payment-rows'

/** The fields of a field trip these computations read. */
export interface TripLike {
  id: string
  status: string
  group_ids: readonly string[]
  data: {
    title: string
    fee: number
    startDate: string
    endDate: string
    academicYear: string
    studentIds: readonly string[]
  }
}

export interface TripStudentLike {
  id: string
  name: string
  family_id: string
  group_id: string | null
  status?: string
}

export type TripFeeStanding = 'due' | 'reported' | 'paid'

/** One student's fee for one trip. */
export interface TripFeeLine {
  key: string
  tripId: string
  title: string
  startDate: string
  endDate: string
  /** The fee year the payment counts in: the trip's academic year. */
  feeYear: string
  studentId: string
  studentName: string
  familyId: string
  fee: number
  /** Recorded towards it. */
  paid: number
  /** Still to pay (0 once paid). */
  due: number
  /** The receipts of what is recorded. */
  receipts: string[]
  standing: TripFeeStanding
}

/** Who goes: the students the trip names; when it names none, every student of its groups. */
export function tripStudents<S extends TripStudentLike>(
  trip: TripLike,
  students: readonly S[],
): S[] {
  const current = students.filter((s) => s.status !== 'terminated')
  return trip.data.studentIds.length
    ? current.filter((s) => trip.data.studentIds.includes(s.id))
    : current.filter((s) => s.group_id !== null && trip.group_ids.includes(s.group_id))
}

const paysTrip = (p: PaymentLike, tripId: string, studentId: string) =>
  p.kind === 'fee' &&
  p.data.paymentType === FIELD_TRIP_PAYMENT_TYPE &&
  p.data.trip?.id === tripId &&
  p.student_id === studentId

/**
 * The trip fees of the trips with a fee that are not archived, for the students this device
 * holds: what each owes, has paid and has reported; the soonest trip first, then by name.
 */
export function tripFeeLines(
  trips: readonly TripLike[],
  students: readonly TripStudentLike[],
  payments: readonly PaymentLike[],
): TripFeeLine[] {
  return trips
    .filter((t) => t.status !== 'archived' && t.data.fee > 0)
    .sort(
      (a, b) =>
        a.data.startDate.localeCompare(b.data.startDate) ||
        a.data.title.localeCompare(b.data.title),
    )
    .flatMap((trip) =>
      tripStudents(trip, students)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((s): TripFeeLine => {
          const mine = payments.filter((p) => paysTrip(p, trip.id, s.id))
          const recorded = mine.filter((p) => p.status === 'recorded')
          const paid = recorded.reduce((sum, p) => sum + p.data.amount, 0)
          const due = Math.max(trip.data.fee - paid, 0)
          return {
            key: `${trip.id}/${s.id}`,
            tripId: trip.id,
            title: trip.data.title,
            startDate: trip.data.startDate,
            endDate: trip.data.endDate,
            feeYear: trip.data.academicYear,
            studentId: s.id,
            studentName: s.name,
            familyId: s.family_id,
            fee: trip.data.fee,
            paid,
            due,
            receipts: recorded.flatMap((p) => (p.receipt_number ? [p.receipt_number] : [])),
            standing:
              due === 0 ? 'paid' : mine.some((p) => p.status === 'reported') ? 'reported' : 'due',
          }
        }),
    )
}

export const TRIP_FEE_STANDING_TEXT: Record<TripFeeStanding, string> = {
  due: 'Due',
  reported: 'Waiting for the office to confirm',
  paid: 'Paid',
}

/** The trip fee dialog's form: how and when it was paid, by whom, and whether it is e-mailed. */
export const tripFeeFormSchema = z.object({
  paymentOption: paymentOptionField,
  receivedFrom: receivedFromField,
  amount: amountField,
  paymentDate: paymentDateField,
  reference: referenceField,
  sendEmail: z.boolean(),
})
export type TripFeeFormValues = z.infer<typeof tripFeeFormSchema>
export type TripFeeFormInput = Omit<TripFeeFormValues, 'amount' | 'paymentOption'> & {
  amount: number | ''
  paymentOption: TripFeeFormValues['paymentOption'] | ''
}

/** The dialog's first values: what is still due, today, the first guardian, no way chosen yet. */
export function tripFeeFormDefaults(
  line: TripFeeLine,
  family: FeeFamily,
  today: string,
): TripFeeFormInput {
  return {
    paymentOption: '',
    receivedFrom: family.guardianNames[0] ?? '',
    amount: line.due > 0 ? line.due : '',
    paymentDate: today,
    reference: '',
    sendEmail: family.emails.length > 0,
  }
}

/**
 * A student's trip fee, recorded by the office: a payment of type Field Trip naming the trip,
 * counting in the trip's fee year, with no period (so no month's or term's fee counts it).
 */
export function tripFeePaymentRow(input: {
  id: string
  line: TripFeeLine
  family: FeeFamily
  values: TripFeeFormValues
}): NewPayment {
  const { line, family, values } = input
  if (family.id !== line.familyId) throw new Error('The student is not a child of this family')
  if (values.sendEmail && family.emails.length === 0) throw new Error(NO_EMAIL_ADDRESS)
  const reference = values.reference.trim()
  const data: PaymentData = {
    ...(reference ? { reference } : {}),
    paymentType: FIELD_TRIP_PAYMENT_TYPE,
    trip: { id: line.tripId, title: line.title },
    paymentOption: values.paymentOption,
    feeYear: line.feeYear,
    receivedFrom: values.receivedFrom.trim(),
    amount: values.amount,
    paymentDate: values.paymentDate,
    studentName: line.studentName,
    familyName: family.name,
    sendEmail: values.sendEmail,
  }
  return {
    id: input.id,
    family_id: family.id,
    student_id: line.studentId,
    kind: 'fee',
    status: 'recorded',
    data,
  }
}
