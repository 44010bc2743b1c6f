import * as z from 'zod/mini'
import { defineCollection, type AppRole } from '../schema.ts'

// The family record (core.md §3, operations.md §3): who the guardians are, the forms and legal
// guardian documents, the emergency contacts. Its children are rows of `students`.

const text = z.optional(z.nullable(z.string()))

/** One identity document of a guardian or child (core.md §3, I10). */
export const identityProofSchema = z.object({
  fileName: text,
  fileURL: text,
  identityProofType: z.optional(z.nullable(z.enum(['ID Proof', 'Visa Proof']))),
  /** Which document it is (Passport, Aadhaar Card …). */
  identityProofSelection: text,
  hasExpiryDate: z.optional(z.nullable(z.boolean())),
  expiryDate: text,
  uploaded_At: text,
  personName: text,
})
export type IdentityProofRecord = z.infer<typeof identityProofSchema>

/** Allergies, vaccinations and blood group (I09). */
export const medicalInfoSchema = z.object({
  fAllergies: text,
  allergies: text,
  fVacinations: text,
  vacinations: text,
  bloodGroup: text,
})

/** A file the family uploaded: a form or a legal guardian document. */
export const uploadedFileSchema = z.object({
  fileName: text,
  fileURL: text,
  uploaded_At: text,
})

export const guardianSchema = z.object({
  parentUUID: z.string().check(z.minLength(1), z.maxLength(100)),
  /** The family contact this guardian's account connects from (connect-account). */
  contactId: text,
  firstName: z.string().check(z.maxLength(100)),
  lastName: z.optional(z.string().check(z.maxLength(100))),
  email: text,
  prefix: text,
  mobile: text,
  whatsApp: text,
  address: text,
  dob: text,
  gender: text,
  nationality: text,
  occupation: text,
  jobDescription: text,
  workPlace: text,
  maritalStatus: text,
  medicalInfo: z.optional(medicalInfoSchema),
  identityProof: z.optional(z.array(identityProofSchema)),
  parentsQuestionsOne: text,
  parentsQuestionsTwo: text,
})
export type GuardianRecord = z.infer<typeof guardianSchema>

export const emergencyContactSchema = z.object({
  type: z.enum(["Doctor's Details", 'First Contact Person', 'Second Contact Person']),
  name: z.string().check(z.maxLength(200)),
  relation: text,
  mobilePhone: text,
  officePhone: text,
  residencePhone: text,
  email: text,
  address: text,
})
export type EmergencyContactRecord = z.infer<typeof emergencyContactSchema>

export const familyDataSchema = z.object({
  guardians: z.array(guardianSchema),
  maritalStatus: text,
  forms: z.optional(z.array(uploadedFileSchema)),
  legalGuardianDocuments: z.optional(z.array(uploadedFileSchema)),
  emergencyInfos: z.optional(z.array(emergencyContactSchema)),
  latestMessage: text,
  profileVersion: z.optional(z.number()),
  /** When a guardian finished the profile wizard (its last step). */
  profileCompletedAt: text,
})
export type FamilyData = z.infer<typeof familyDataSchema>

export const FAMILY_STATUSES = ['admission', 'enrolled', 'notEnrolled', 'archived'] as const

/** The office and the family's own guardians receive families; students do not. */
export const FAMILY_ROLES: readonly AppRole[] = ['admin', 'administration', 'admission', 'guardian']

export const families = defineCollection({
  name: 'families',
  row: z.object({
    id: z.string(),
    status: z.enum(FAMILY_STATUSES),
    name: z.string().check(z.trim(), z.minLength(1, 'Enter the family name'), z.maxLength(200)),
    data: familyDataSchema,
    updated_at: z.optional(z.string()),
    updated_by: z.optional(z.nullable(z.string())),
  }),
  serverColumns: ['updated_at', 'updated_by'],
  roles: FAMILY_ROLES,
  indexes: ['status'],
  version: 0,
})
