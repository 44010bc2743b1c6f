import * as z from 'zod/mini'
import { DATE_PATTERN } from '../constants.ts'
import { defineCollection } from '../schema.ts'
import { TIMETABLE_READER_ROLES } from './timetables.ts'

const resource = z.object({
  /** K: a resource is a link unless another type is chosen (L09). */
  type: z._default(z.enum(['link', 'file', 'book', 'other']), 'link'),
  link: z.optional(z.string()),
  description: z.optional(z.string()),
  fileExtension: z.optional(z.string()),
  /** The facilitator's own resource this lesson's copy was made from. */
  sourceId: z.optional(z.string()),
})

export const ABSENCE_REASON_MAX = 500

/**
 * What an absence records besides its child, group and lesson: the school day (YYYY-MM-DD at
 * the centre), who said so, and a reason (the forms check the day and give the messages; the
 * database checks the same limits, the day included).
 */
export const absenceSchema = z.object({
  date: z.string(),
  reportedBy: z.enum(['facilitator', 'family']),
  reason: z.optional(z.string().check(z.maxLength(ABSENCE_REASON_MAX))),
})
export type Absence = z.infer<typeof absenceSchema>

/** A trial child as the server writes it from the inquiry (L07). */
export const trialSchema = z.object({
  inquiryId: z.string(),
  familyName: z.string(),
  /** When the family's inquiry was submitted (ISO, UTC): the pane lists the newest first. */
  submitted: z.string(),
  childName: z.optional(z.string()),
  dob: z.optional(z.string()),
  groupName: z.string(),
  trialStart: z.string(),
  trialEnd: z.string(),
  /** The inquiry's trial note, which the office shares with the group's facilitators. */
  note: z.optional(
    z.object({
      text: z.string(),
      edited: z.optional(z.string()),
      editedBy: z.optional(z.string()),
    }),
  ),
})
export type Trial = z.infer<typeof trialSchema>

export const NOTE_MAX = 5000

/**
 * A facilitator's note (L11): its text. The record names the group (`group_id`) and, for a note
 * about a student, the child (`student_id`); the database checks the same.
 */
export const noteSchema = z.object({
  text: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Write the note'),
      z.maxLength(NOTE_MAX, `A note is at most ${NOTE_MAX} characters.`),
    ),
})
export type Note = z.infer<typeof noteSchema>

export const lessonItemKinds = {
  comment: z.object({
    text: z.string().check(z.trim(), z.minLength(1, 'Write a comment'), z.maxLength(5000)),
  }),
  resource,
  assignment: z.object({
    title: z.string().check(z.trim(), z.minLength(1, 'Enter a title'), z.maxLength(200)),
    description: z.optional(z.string()),
    subjectId: z.optional(z.nullable(z.string())),
    topicId: z.optional(z.nullable(z.string())),
    subTopicId: z.optional(z.nullable(z.string())),
    resources: z.optional(z.array(resource)),
    /**
     * When it is due (YYYY-MM-DD); without it, at the lesson's next occurrence (decision D41-5).
     * The database checks the same (`assignment_due_is_date`).
     */
    dueDate: z.optional(z.string().check(z.regex(DATE_PATTERN, 'Enter the date it is due'))),
    /** The facilitator's own assignment this lesson's copy was made from. */
    sourceId: z.optional(z.string()),
  }),
  /**
   * A child away (L10): for one lesson (`lesson_id` set) or the whole school day (`lesson_id`
   * null). Marked by a facilitator from the week, or reported ahead by the family.
   */
  absence: absenceSchema,
  /**
   * A child on trial days in a group (L07), written by the server from the office's inquiry
   * (never by a device): the family, the child, the days, and the trial note the office shares.
   * Only the office and the facilitators who teach the group receive it.
   */
  trial: trialSchema,
  /** A facilitator's note about a group or one of its students, for facilitators and the office. */
  note: noteSchema,
  /** A note about a student shared with the child's guardians (chosen when it is written). */
  shared_note: noteSchema,
}

/**
 * Comments, resources, assignments, absences, trials and notes, each its own record (they never
 * conflict). Families receive their groups' assignments and resources, their own children's
 * absences and the notes shared with them (the server sends nothing else), which the students'
 * and parents' pages show; a guardian may report a child's absence ahead. Trials reach only the
 * office and the facilitators who teach the trial group.
 */
export const lessonItems = defineCollection({
  name: 'lesson_items',
  row: z.object({
    id: z.string(),
    kind: z.enum(['comment', 'resource', 'assignment', 'absence', 'trial', 'note', 'shared_note']),
    lesson_id: z.nullable(z.string()),
    group_id: z.nullable(z.string()),
    week_key: z.nullable(z.string()),
    facilitator_id: z.nullable(z.string()),
    /** The child an absence or a note is about. */
    student_id: z.optional(z.nullable(z.string())),
    data: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    created_by: z.optional(z.nullable(z.string())),
    updated_at: z.optional(z.string()),
    updated_by: z.optional(z.nullable(z.string())),
  }),
  kinds: lessonItemKinds,
  serverColumns: ['created_by', 'updated_at', 'updated_by'],
  // app.touch_lesson_item keeps the moment a record was first made when it is brought back.
  keptColumns: ['created_at'],
  roles: TIMETABLE_READER_ROLES,
  indexes: ['kind'],
  // 1: absences and the child they name. Nothing to convert: older rows name no child.
  // 2: trials and notes. Nothing to convert either.
  version: 2,
  migrationStrategies: {
    1: (doc: Record<string, unknown>) => doc,
    2: (doc: Record<string, unknown>) => doc,
  },
})
