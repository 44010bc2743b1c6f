import * as z from 'zod/mini'
import { defineCollection, type AppRole } from '../schema.ts'

/** The office staff who triage applications: admins, administration and admission (H02). */
export const INQUIRY_ROLES: readonly AppRole[] = ['admin', 'administration', 'admission']

/** The pre-admission pipeline (operations.md §4, H01): the steps an inquiry moves through. */
export const INQUIRY_STATUSES = [
  'initialInquiry',
  'meeting',
  'trial',
  'onHold',
  'notProceeding',
  'admission',
  'enrolled',
] as const
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number]

/** A note with who last edited it and when (H17). */
export const inquiryNoteSchema = z.object({
  text: z.string().check(z.maxLength(5000, 'A note is at most 5000 characters.')),
  edited: z.string(),
  editedBy: z.string(),
})
export type InquiryNote = z.infer<typeof inquiryNoteSchema>

/** A file kept with an inquiry (H12). */
export const inquiryFileSchema = z.object({
  fileURL: z.string(),
  fileName: z.string(),
  fileExtension: z.string(),
  uploadedBy: z.string(),
  uploadedOn: z.string(),
})
export type InquiryFile = z.infer<typeof inquiryFileSchema>

const person = {
  firstName: z.string(),
  middleName: z.optional(z.string()),
  lastName: z.string(),
  dob: z.optional(z.string()),
  gender: z.optional(z.string()),
  nationality: z.optional(z.string()),
}

/**
 * A child of an inquiry (H14). The admission steps add their own fields (trial, fees, group), so
 * unknown fields are kept.
 */
export const inquiryChildSchema = z.looseObject({
  ...person,
  previousSchools: z.optional(
    z.array(z.object({ school: z.string(), grade: z.string(), years: z.string() })),
  ),
  trialStart: z.optional(z.nullable(z.string())),
  trialEnd: z.optional(z.nullable(z.string())),
})

/** A guardian of an inquiry (H15), with the answers to the guardian questions as asked. */
export const inquiryGuardianSchema = z.looseObject({
  ...person,
  about: z.optional(z.string()),
  email: z.string(),
  mobile: z.string(),
  prefix: z._default(z.string(), '+91'),
  whatsApp: z.optional(z.string()),
  address: z.optional(z.string()),
  occupation: z.optional(z.string()),
  jobDescription: z.optional(z.string()),
  workPlace: z.optional(z.string()),
  questions: z.optional(z.array(z.object({ id: z.string(), q: z.string(), a: z.string() }))),
})

/** The most a family or status description holds (the forms say so in words). */
export const DESCRIPTION_MAX = 2000

const description = z.optional(z.string().check(z.maxLength(DESCRIPTION_MAX)))

const notes = {
  /** The office's words about the family (H11), kept on the inquiry's detail. */
  familyDescription: description,
  /**
   * What the current status means for this inquiry (H11): the reason given when the office moved
   * it, or what the step that moved it did ("Trial of Ira in Tanni, 12 Jan – 16 Jan 2027").
   * Written with every change of status, so it never describes an earlier one.
   */
  statusDescription: description,
  nextSteps: z.optional(z.nullable(inquiryNoteSchema)),
  meetingNote: z.optional(z.nullable(inquiryNoteSchema)),
  trialNote: z.optional(z.nullable(inquiryNoteSchema)),
  notes: z.optional(z.nullable(inquiryNoteSchema)),
  files: z.optional(z.array(inquiryFileSchema)),
  facilitators: z.optional(z.array(z.string())),
}

export const inquiryKinds = {
  /** A family's student application and everything the office adds while triaging it (H11). */
  family: z.looseObject({
    maritalStatus: z.string(),
    soleGuardian: z.optional(z.boolean()),
    children: z.array(inquiryChildSchema),
    guardians: z.array(inquiryGuardianSchema),
    meetingDate: z.optional(z.nullable(z.string())),
    meetingStart: z.optional(z.nullable(z.string())),
    meetingEnd: z.optional(z.nullable(z.string())),
    /** The trial steps taken (their ids), one per trial arranged (H11, H27). */
    trialEventIDs: z.optional(z.array(z.string())),
    /** The term the family hopes to start in, before any admission ('Term 1 2027-28'). */
    tentativeAdmissionTerm: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
    /** Whether the family has been given the centre's forms and curriculum (the trial sends them). */
    formsCurriculum: z.optional(z.boolean()),
    ...notes,
  }),
  /** A facilitator's application (G10). */
  facilitator: z.looseObject({
    applicant: z.looseObject({ ...person, email: z.string(), mobile: z.string() }),
    ...notes,
  }),
}

/**
 * Inquiries (operations.md §3, H11, H13): one record per application, replicated to the office's
 * devices so triage works offline. The summary the pane shows (counts per status) is computed
 * from these records on the device, so it cannot drift from them (decision H13).
 */
export const inquiries = defineCollection({
  name: 'inquiries',
  row: z.object({
    id: z.string(),
    kind: z.enum(['family', 'facilitator']),
    status: z.enum(INQUIRY_STATUSES),
    family_name: z.string().check(z.maxLength(200)),
    submitted: z.string(),
    archived: z.boolean(),
    potential: z.boolean(),
    data: z.record(z.string(), z.unknown()),
    updated_at: z.optional(z.string()),
    updated_by: z.optional(z.nullable(z.string())),
    /** The name of who changed it last, written by the server with `updated_by` (issue 30). */
    updated_by_name: z.optional(z.nullable(z.string())),
  }),
  kinds: inquiryKinds,
  serverColumns: ['updated_at', 'updated_by', 'updated_by_name'],
  roles: INQUIRY_ROLES,
  indexes: ['status'],
  // 1: the name of who changed it last. Nothing to convert: it arrives with the next pull.
  version: 1,
  migrationStrategies: { 1: (doc: Record<string, unknown>) => doc },
})
