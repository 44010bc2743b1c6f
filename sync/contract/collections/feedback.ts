import * as z from 'zod/mini'
import { defineCollection, STAFF_AND_FACILITATOR_ROLES, type AppRole } from '../schema.ts'

// Feedback per term (core.md §1, operations.md §3 "Feedback"): a facilitator's group feedback for a
// subject (what the group was to cover and what it covered) and their entries about each student.
// Each entry is its own row, so two facilitators writing about one child never overwrite each
// other. Families read only what the centre released (M08): draft → ready → released.

/**
 * The colour a facilitator gives an entry (M04), each with the words that say it, so the colour
 * is never the only way to read it.
 */
export const FEEDBACK_COLOURS = ['green', 'yellow', 'orange', 'red'] as const
export type FeedbackColour = (typeof FEEDBACK_COLOURS)[number]

/** draft: being written; ready: the facilitator is done; released: the family can read it. */
export const FEEDBACK_STATUSES = ['draft', 'ready', 'released'] as const
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number]

const name = z.optional(z.string().check(z.maxLength(200)))

// The messages a person reads are the dialogs' (src/features/feedback/logic/feedback-form.ts);
// these are the limits the server holds too.
const text = (max: number) => z.string().check(z.maxLength(max))

export const feedbackKinds = {
  /** Group feedback (M02): the curriculum projected for the term and what was covered. */
  group: z.object({
    projectedCurriculum: text(5000),
    coveredCurriculum: text(5000),
  }),
  /** Student feedback (M03, M04): one entry by one facilitator about one student. */
  student: z.object({
    title: z.string().check(z.minLength(1), z.maxLength(200)),
    feedback: text(10000),
    /** The group feedback this entry goes with (groupFeedbackUUID). */
    groupFeedbackId: z.nullable(z.string()),
    color: z.enum(FEEDBACK_COLOURS),
    notParticipating: z.boolean(),
    studentName: z.string().check(z.minLength(1), z.maxLength(200)),
    /** The facilitator's name as families read it (their devices hold no facilitator list). */
    facilitatorName: name,
  }),
}

/** Staff and facilitators write and read feedback; families read what was released to them. */
export const FEEDBACK_ROLES: readonly AppRole[] = [
  ...STAFF_AND_FACILITATOR_ROLES,
  'guardian',
  'student',
]

export const feedback = defineCollection({
  name: 'feedback',
  row: z.object({
    id: z.string(),
    kind: z.enum(['group', 'student']),
    /** '2026_2027_2': the academic year's two years and the term (the server checks it). */
    term: z.string(),
    group_id: z.string(),
    subject_id: z.nullable(z.string()),
    facilitator_id: z.string(),
    student_id: z.nullable(z.string()),
    /** The student's family, set by the server (which guardians read the entry). */
    family_id: z.optional(z.nullable(z.string())),
    status: z.enum(FEEDBACK_STATUSES),
    data: z.record(z.string(), z.unknown()),
    /** When the server received the entry (M05 createdAt). */
    created_at: z.optional(z.string()),
    updated_at: z.optional(z.string()),
    updated_by: z.optional(z.nullable(z.string())),
  }),
  kinds: feedbackKinds,
  serverColumns: ['family_id', 'created_at', 'updated_at', 'updated_by'],
  roles: FEEDBACK_ROLES,
  indexes: ['kind'],
  version: 0,
})
