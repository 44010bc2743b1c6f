import * as z from 'zod/mini'
import { defineCollection, type AppRole } from '../schema.ts'
import { identityProofSchema, medicalInfoSchema } from './families.ts'

// A child of a family, enrolled in a group (core.md §3, operations.md §3): the office enrols and
// terminates; the family keeps the child's profile (data) in the wizard.

const text = z.optional(z.nullable(z.string()))

export const studentDataSchema = z.object({
  firstName: z.string().check(z.maxLength(100)),
  lastName: z.optional(z.string().check(z.maxLength(100))),
  dob: text,
  gender: text,
  nationality: text,
  medicalInfo: z.optional(medicalInfoSchema),
  identityProof: z.optional(z.array(identityProofSchema)),
  questions: text,
})
export type StudentData = z.infer<typeof studentDataSchema>

/** What the office decided at enrolment and termination (operations.md §3, enrol dialog). */
export const enrolmentSchema = z.object({
  trial: z.optional(z.boolean()),
  admissionFee: z.optional(z.number().check(z.minimum(0, 'The admission fee cannot be negative'))),
  depositFee: z.optional(z.number().check(z.minimum(0, 'The deposit cannot be negative'))),
  enrolledAt: text,
  /** The child's first day at the centre, YYYY-MM-DD: their fees run from its month. */
  startDate: text,
  terminatedAt: text,
  terminationNotes: text,
})
export type Enrolment = z.infer<typeof enrolmentSchema>

export const STUDENT_STATUSES = ['active', 'trial', 'terminated'] as const

/** The office, the family's guardians and the student themself receive students. */
export const STUDENT_ROLES: readonly AppRole[] = [
  'admin',
  'administration',
  'admission',
  'guardian',
  'student',
]

export const students = defineCollection({
  name: 'students',
  row: z.object({
    id: z.string(),
    family_id: z.string(),
    /** The family contact the student's own account connects from. */
    contact_id: z.nullable(z.string()),
    group_id: z.nullable(z.string()),
    status: z.enum(STUDENT_STATUSES),
    name: z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(200)),
    fee_tariff_id: z.nullable(z.string()),
    enrolment: enrolmentSchema,
    data: studentDataSchema,
    updated_at: z.optional(z.string()),
    updated_by: z.optional(z.nullable(z.string())),
  }),
  serverColumns: ['updated_at', 'updated_by'],
  roles: STUDENT_ROLES,
  indexes: ['family_id'],
  version: 0,
})
