// Enrolling a child and ending an enrolment (I17–I20), and archiving a family (I15, I16), as the
// office does them from the Families pane. The dialogs check their input with these schemas;
// the new and changed records are built here and written on the device, and the sync engine
// sends them through `sync_push`, where the families' and students' guards and policies hold.
import * as z from 'zod/mini'
import { DATE_PATTERN } from '../../contract/constants.ts'
import type { FAMILY_STATUSES } from '../../contract/collections/families.ts'
import type { Enrolment, StudentData } from '../../contract/collections/students.ts'
import { DEFAULT_DEPOSIT_FEE } from '../fees/rules.ts'
import { DEFAULT_NATIONALITY, GENDERS } from './profile.ts'

type FamilyStatus = (typeof FAMILY_STATUSES)[number]

export const ENROLMENT_MESSAGES = {
  enrolled: 'Success! Student enrolled',
  terminated: 'Success! Students enrollment terminated',
  archived: 'Family archived',
  restored: 'Family restored',
  stillEnrolled:
    'This family still has enrolled children: end their enrolment before archiving the family.',
} as const

/** A YYYY-MM-DD that names a day of the calendar (not 2026-02-30). */
function realDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

const name = (missing: string) =>
  z.string().check(z.trim(), z.minLength(1, missing), z.maxLength(100))
const fee = (missing: string) =>
  z
    .number({ error: missing })
    .check(z.minimum(0, 'A fee cannot be negative'), z.maximum(10_000_000, 'This fee is too large'))

/** The enrol student dialog (I17). */
export const enrolFormSchema = z
  .object({
    firstName: name('Enter the first name'),
    lastName: name('Enter the last name'),
    dob: z
      .string()
      .check(
        z.regex(DATE_PATTERN, 'Enter the date of birth'),
        z.maxLength(10, 'Enter the date of birth'),
      ),
    nationality: name('Enter the nationality'),
    gender: z.enum(GENDERS, { error: 'Choose a gender' }),
    groupId: z.string().check(z.minLength(1, 'Choose a group')),
    trial: z.boolean(),
    admissionFee: fee('Enter the admission fee (0 if there is none)'),
    depositFee: fee('Enter the deposit (0 if there is none)'),
    feeTariffId: z.string().check(z.minLength(1, 'Choose a fee tariff')),
    /** The child's first day at the centre: their fees run from its month (issue 40). */
    startDate: z.string().check(z.refine(realDate, 'Choose the first day at the centre')),
  })
  .check(
    z.refine((v) => !DATE_PATTERN.test(v.dob) || realDate(v.dob), {
      message: 'Enter the date of birth',
      path: ['dob'],
    }),
    z.refine((v) => !realDate(v.dob) || v.dob <= new Date().toISOString().slice(0, 10), {
      message: 'The date of birth cannot be in the future',
      path: ['dob'],
    }),
  )
export type EnrolFormValues = z.infer<typeof enrolFormSchema>

/**
 * What the enrol dialog shows first (I17): nationality Indian, the usual deposit (J26), and no
 * first day: the office chooses it, since the fees run from it.
 */
export function emptyEnrolForm(
  lastName = '',
): Omit<EnrolFormValues, 'gender'> & { gender: string } {
  return {
    firstName: '',
    lastName,
    dob: '',
    nationality: DEFAULT_NATIONALITY,
    gender: '',
    groupId: '',
    trial: false,
    admissionFee: 0,
    depositFee: DEFAULT_DEPOSIT_FEE,
    feeTariffId: '',
    startDate: '',
  }
}

/** The termination notes of the remove student dialog (I19). */
export const terminationSchema = z.object({
  notes: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Write why the enrolment ends'),
      z.maxLength(2000, 'Keep the notes under 2,000 characters'),
    ),
})

export interface StudentRecord {
  id: string
  family_id: string
  contact_id: string | null
  group_id: string | null
  status: 'active' | 'trial' | 'terminated'
  name: string
  fee_tariff_id: string | null
  enrolment: Enrolment
  data: StudentData
}

/** The new student record an enrolment writes (I18); `values` have passed `enrolFormSchema`. */
export function enrolledStudent(
  values: EnrolFormValues,
  familyId: string,
  id: string,
  now: Date,
): StudentRecord {
  const firstName = values.firstName.trim()
  const lastName = values.lastName.trim()
  return {
    id,
    family_id: familyId,
    contact_id: null,
    group_id: values.groupId,
    status: values.trial ? 'trial' : 'active',
    name: `${firstName} ${lastName}`,
    fee_tariff_id: values.feeTariffId,
    enrolment: {
      trial: values.trial,
      admissionFee: values.admissionFee,
      depositFee: values.depositFee,
      enrolledAt: now.toISOString(),
      startDate: values.startDate,
    },
    data: {
      firstName,
      lastName,
      dob: values.dob,
      gender: values.gender,
      nationality: values.nationality.trim(),
    },
  }
}

/** A student whose enrolment ends (I19): they keep their record and group, marked terminated. */
export function terminatedStudent<S extends Pick<StudentRecord, 'status' | 'enrolment'>>(
  student: S,
  notes: string,
  now: Date,
): S {
  return {
    ...student,
    status: 'terminated',
    enrolment: {
      ...student.enrolment,
      terminatedAt: now.toISOString(),
      terminationNotes: notes.trim(),
    },
  }
}

/**
 * A family's status once its children's enrolments change (the `updateStatus` of I18): enrolled
 * while a child is active or on trial, not enrolled once none is (a family still in admission
 * stays there until a child is enrolled); an archived family stays archived.
 */
export function familyStatusAfter(
  current: FamilyStatus,
  studentStatuses: readonly StudentRecord['status'][],
): FamilyStatus {
  if (current === 'archived') return current
  if (studentStatuses.some((s) => s !== 'terminated')) return 'enrolled'
  return current === 'admission' ? 'admission' : 'notEnrolled'
}

/** Whether a family can be archived (I16): only once none of its children is enrolled. */
export function canArchive(studentStatuses: readonly StudentRecord['status'][]): boolean {
  return studentStatuses.every((s) => s === 'terminated')
}

/** The status an archived family returns to (I16): it has no enrolled children. */
export const RESTORED_STATUS: FamilyStatus = 'notEnrolled'
