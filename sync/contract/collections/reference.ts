import * as z from 'zod/mini'
import { ALL_ROLES, defineCollection } from '../schema.ts'
import {
  ACADEMIC_YEAR_PATTERN,
  DATE_PATTERN,
  SUBJECT_COLOURS,
  TIMING_PATTERN,
} from '../constants.ts'

const name = z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(100))

/** One record of each reference list, by kind (operations.md §3). */
export const referenceKinds = {
  session_timing: z.object({
    timing: z.string().check(z.regex(TIMING_PATTERN, 'Use the form HH:MM - HH:MM')),
    /** The timing set the timing belongs to (1 or 2); a group uses one set. */
    groupNumber: z.number().check(z.int(), z.minimum(1), z.maximum(9)),
  }),
  subject: z.object({
    name,
    color: z.enum(SUBJECT_COLOURS),
    mixedGroup: z.boolean(),
  }),
  classroom: z.object({ name }),
  group: z.object({
    name,
    timingSet: z.number().check(z.int(), z.minimum(1), z.maximum(9)),
    status: z.enum(['active', 'inactive']),
    feeTariffId: z.optional(z.nullable(z.string())),
    /** The group's students (K19), until the students collection keeps enrolments. */
    students: z.optional(z.array(z.object({ id: z.string(), name: z.string() }))),
  }),
  fee_tariff: z.object({
    name: z.optional(z.string()),
    amount: z.number().check(z.minimum(0, 'The amount cannot be negative')),
  }),
  holiday: z.object({
    description: name,
    startDate: z.string().check(z.regex(DATE_PATTERN)),
    endDate: z.string().check(z.regex(DATE_PATTERN)),
    singleDay: z.boolean(),
    academicYear: z.string().check(z.regex(ACADEMIC_YEAR_PATTERN)),
  }),
  /**
   * Something the server tells one member (P01): made by the server only, read by that member
   * only; they mark it read (`isNew` false) and clear it. `actionItem` is where opening it leads:
   * an address in the app, or for a `calendar_event` the event's own link (opened in a new tab).
   */
  notification: z.object({
    status: z.literal('active'),
    isNew: z.boolean(),
    action: z.string(),
    actionItem: z.string(),
    title: z.string(),
    date: z.string(),
  }),
} as const

/** The kinds of the centre's lists, which staff edit (a notification is no list). */
export type ReferenceKind = Exclude<keyof typeof referenceKinds, 'notification'>
export type NotificationData = z.infer<typeof referenceKinds.notification>
export type ReferenceData<K extends ReferenceKind> = z.infer<(typeof referenceKinds)[K]>

export const reference = defineCollection({
  name: 'reference',
  row: z.object({
    id: z.string(),
    kind: z.enum([
      'session_timing',
      'subject',
      'classroom',
      'group',
      'fee_tariff',
      'holiday',
      'notification',
    ]),
    /** The member a notification is for (notifications only; the server sets it). */
    member_id: z.optional(z.nullable(z.string())),
    data: z.record(z.string(), z.unknown()),
    updated_at: z.optional(z.string()),
    updated_by: z.optional(z.nullable(z.string())),
  }),
  kinds: referenceKinds,
  serverColumns: ['updated_at', 'updated_by'],
  roles: ALL_ROLES,
  indexes: ['kind'],
  // 1: notifications and the member they are for. Nothing to convert: older rows name no member.
  version: 1,
  migrationStrategies: { 1: (doc: Record<string, unknown>) => doc },
})
