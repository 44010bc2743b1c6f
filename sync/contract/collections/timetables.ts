import * as z from 'zod/mini'
import { defineCollection, STAFF_AND_FACILITATOR_ROLES, type AppRole } from '../schema.ts'

/** One lesson in a day (operations.md §3, K15). Ids name reference records and facilitators. */
export const sessionSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  lessonDetailId: z.optional(z.nullable(z.string())),
  timingId: z.string(),
  classroomId: z.nullable(z.string()),
  subjectId: z.nullable(z.string()),
  groupId: z.string(),
  facilitatorId: z.nullable(z.string()),
  topicId: z.nullable(z.string()),
  topic: z.nullable(z.string()),
  subtopicId: z.nullable(z.string()),
  subtopic: z.nullable(z.string()),
  mainMixedGroupId: z.optional(z.nullable(z.string())),
  mixedGroupId: z.optional(z.nullable(z.string())),
  isMixedGroup: z.optional(z.boolean()),
  mixedGroupSubjectId: z.optional(z.nullable(z.string())),
  students: z.optional(z.array(z.string())),
})
export type SessionRecord = z.infer<typeof sessionSchema>

export const SCHOOL_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const
export type SchoolDay = (typeof SCHOOL_DAYS)[number]

const days = z.object({
  monday: z.array(sessionSchema),
  tuesday: z.array(sessionSchema),
  wednesday: z.array(sessionSchema),
  thursday: z.array(sessionSchema),
  friday: z.array(sessionSchema),
})

/** A lesson's topic and subtopic, as an edit-mode change records them before and after. */
const topicValues = z.object({
  topicId: z.nullable(z.string()),
  topic: z.nullable(z.string()),
  subtopicId: z.nullable(z.string()),
  subtopic: z.nullable(z.string()),
})

/** A child in a mixed-group subgroup, with the group they come from (L02). */
const mixedGroupStudent = z.object({
  student: z.string().check(z.minLength(1), z.maxLength(200)),
  groupId: z.string().check(z.minLength(1), z.maxLength(100)),
  group: z.string().check(z.maxLength(200)),
})

/**
 * One subgroup of a combined mixed group (L02 `mixedGroups[]`): a facilitator teaching a subject
 * in a classroom to children drawn from several groups. Names are kept beside the ids, as the
 * spec's record has them, so a refusal or a lost edit can name them on any device. The children
 * are keyed by their id, so two devices adding different children both keep theirs.
 */
export const mixedSubgroupSchema = z.object({
  facilitatorId: z.string().check(z.minLength(1, 'Choose a facilitator'), z.maxLength(100)),
  facilitator: z.string().check(z.maxLength(200)),
  subjectId: z.string().check(z.minLength(1, 'Choose a subject'), z.maxLength(100)),
  subject: z.string().check(z.maxLength(200)),
  classroomId: z.nullable(z.string().check(z.maxLength(100))),
  classroom: z.nullable(z.string().check(z.maxLength(200))),
  students: z.record(z.string(), mixedGroupStudent),
})
export type MixedSubgroup = z.infer<typeof mixedSubgroupSchema>

export const MIXED_GROUP_NAME_MAX = 100

/**
 * A combined mixed group (L02, App/MixedGroupsCombined): its name and its subgroups keyed by
 * their id (`mixedGroupUUID`); the row's id is the `mainMixedGroupUUID`.
 */
export const mixedGroupSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter a name'),
      z.maxLength(MIXED_GROUP_NAME_MAX, 'At most 100 characters'),
    ),
  subgroups: z.record(z.string(), mixedSubgroupSchema),
})
export type MixedGroup = z.infer<typeof mixedGroupSchema>

export const MIXED_LESSON_DETAILS_MAX = 2000

/**
 * One subgroup's part of a mixed-group lesson (L01 `mixedGroups[]`): the combined group, day and
 * timing name the lesson; the subgroup's facilitator and subject are copied from the combined
 * group when it is written; topic, subtopic and details are what its facilitator wrote.
 */
export const mixedLessonSchema = z.object({
  mainMixedGroupId: z.string().check(z.minLength(1), z.maxLength(100)),
  day: z.enum(SCHOOL_DAYS),
  timingId: z.string().check(z.minLength(1), z.maxLength(100)),
  facilitatorId: z.nullable(z.string()),
  subjectId: z.nullable(z.string()),
  topicId: z.nullable(z.string()),
  topic: z.nullable(z.string().check(z.maxLength(200))),
  subtopicId: z.nullable(z.string()),
  subtopic: z.nullable(z.string().check(z.maxLength(200))),
  details: z.string().check(z.maxLength(MIXED_LESSON_DETAILS_MAX, 'At most 2000 characters')),
})
export type MixedLesson = z.infer<typeof mixedLessonSchema>

export const timetableKinds = {
  /** The calendar group document: a group's sessions for each weekday. */
  group_template: z.object({ groupName: z.string(), days, status: z.enum(['active', 'inactive']) }),
  /** A concrete week made from the template, where the week's topics are kept. */
  week: z.object({ groupName: z.string(), mondayDate: z.string(), days }),
  /** What an edit-mode save changed (K25). */
  change_log: z.object({
    changes: z.array(
      z.object({
        sessionId: z.string(),
        timingId: z.string(),
        subjectId: z.nullable(z.string()),
        before: topicValues,
        after: topicValues,
      }),
    ),
    groupId: z.string(),
    groupName: z.string(),
    day: z.enum(SCHOOL_DAYS),
    date: z.string(),
    createdAt: z.string(),
    createdBy: z.string(),
    createdByName: z.string(),
    year: z.string(),
    term: z.number(),
  }),
  /** A combined mixed group (facilitator admins keep them; facilitators read them). */
  mixed_group: mixedGroupSchema,
  /** One subgroup's lesson of a combined mixed group in a week (L01); `group_id` is the subgroup. */
  mixed_lesson: mixedLessonSchema,
}

export const TIMETABLE_ROLES: readonly AppRole[] = STAFF_AND_FACILITATOR_ROLES

/**
 * Families also receive timetables: their children's groups' templates and weeks (the server
 * sends nothing else), which the parents' and students' home shows read-only.
 */
export const TIMETABLE_READER_ROLES: readonly AppRole[] = [
  ...STAFF_AND_FACILITATOR_ROLES,
  'guardian',
  'student',
]

/**
 * The person's edits in unsynced timetable rows. A save of topic edits writes the week and one
 * change-log row per day, and the change log names each edited lesson: those are the edits. A
 * week or template changed without a change log (a lesson edited, a week made) is one edit.
 */
export function timetableEdits(pending: readonly Record<string, unknown>[]): number {
  const logged = new Set<string>()
  let edits = 0
  for (const row of pending) {
    if (row.kind !== 'change_log') continue
    logged.add(`${String(row.group_id)}:${String(row.week_key)}`)
    const changes = (row.data as { changes?: unknown } | undefined)?.changes
    edits += Array.isArray(changes) ? changes.length : 1
  }
  for (const row of pending) {
    if (row.kind === 'change_log') continue
    if (row.kind === 'week' && logged.has(`${String(row.group_id)}:${String(row.week_key)}`))
      continue
    edits++
  }
  return edits
}

export const timetables = defineCollection({
  name: 'timetables',
  row: z.object({
    id: z.string(),
    kind: z.enum(['group_template', 'week', 'change_log', 'mixed_group', 'mixed_lesson']),
    group_id: z.nullable(z.string()),
    week_key: z.nullable(z.string()),
    data: z.record(z.string(), z.unknown()),
    updated_at: z.optional(z.string()),
    updated_by: z.optional(z.nullable(z.string())),
    updated_by_name: z.optional(z.nullable(z.string())),
  }),
  kinds: timetableKinds,
  serverColumns: ['updated_at', 'updated_by', 'updated_by_name'],
  roles: TIMETABLE_READER_ROLES,
  indexes: ['kind'],
  // 1: combined mixed groups; 2: mixed-group lessons. Nothing to convert: a new kind each time.
  version: 2,
  migrationStrategies: {
    1: (doc: Record<string, unknown>) => doc,
    2: (doc: Record<string, unknown>) => doc,
  },
  countEdits: timetableEdits,
})

/** Comments, resources and assignments belong to one lesson of one week. */
export const lessonKey = (weekKey: string, sessionId: string) => `${weekKey}:${sessionId}`

/** Ids that two devices making the same week offline agree on, so they never duplicate it. */
export const weekDocId = (groupId: string, weekKey: string) =>
  `wk_${weekKey}_${groupId}`.slice(0, 64)
export const templateDocId = (groupId: string) => `tpl_${groupId}`.slice(0, 64)

/** A subgroup's lesson is the same record on every device: the week, day, timing and subgroup. */
export function mixedLessonDocId(
  weekKey: string,
  subgroupId: string,
  day: SchoolDay,
  timingId: string,
): string {
  const key = `${weekKey}|${subgroupId}|${day}|${timingId}`
  return `ml_${weekKey}_${hash53(key, 1)}${hash53(key, 2)}`
}

/** cyrb53, as the absences' ids use it: ids that fit 64 characters whatever the ids hashed. */
function hash53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed
  let h2 = 0x41c6ce57 ^ seed
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 2654435761)
    h2 = Math.imul(h2 ^ c, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')
}
