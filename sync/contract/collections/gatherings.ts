import * as z from 'zod/mini'
import { defineCollection, STAFF_AND_FACILITATOR_ROLES, type AppRole } from '../schema.ts'

// Parents' meetings (operations.md §3 "Meetings and events", §4 "Meetings"; N03–N11): a meeting
// staff or a facilitator sets up for some groups, and one participant row per guardian invited,
// made by the server when the meeting arrives. The server sends each invitation once (WhatsApp
// or e-mail) and records the answers; a guardian answers for themselves. Field trips (ops §3
// "Meetings and events", §4 "Events"; N13–N16, N20) are rows of their own kind, read by the
// guardians of their groups' families until archived.

/** pending: invitations on their way; sent: all out (N07); archived (N08). */
export const MEETING_STATUSES = ['pending', 'sent', 'archived'] as const
export type MeetingStatus = (typeof MEETING_STATUSES)[number]

/** A participant's status (N09): rejected counts as declined. */
export const PARTICIPANT_STATUSES = ['pending', 'sent', 'accepted', 'rejected'] as const
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number]

/** How the invitation reaches the guardian: none when the family gave neither. */
export const INVITATION_CHANNELS = ['whatsapp', 'email', 'none'] as const

const time = z.string().check(z.regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Enter a time'))
const isoDate = (message: string) =>
  z.string().check(z.regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, message))
const ids = z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.maxLength(500))

/** A field trip is pending on creation and archived on archive (N14). */
export const FIELD_TRIP_STATUSES = ['pending', 'archived'] as const

export const gatheringKinds = {
  meeting: z.object({
    title: z.string().check(z.trim(), z.minLength(1, 'Enter a title'), z.maxLength(200)),
    date: z.string().check(z.regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'Choose the date')),
    startTime: time,
    endTime: time,
    description: z.optional(z.string().check(z.maxLength(2000))),
  }),
  participant: z.object({
    name: z.string(),
    number: z.optional(z.string()),
    email: z.optional(z.string()),
    channel: z.enum(INVITATION_CHANNELS),
    groupId: z.optional(z.string()),
  }),
  /**
   * A field trip (an event of type field_trips, N13, N20): the groups it is for are the row's
   * `group_ids`; the students who go, the facilitators and the parents who accompany them, and
   * the fee each participating student pays (rupees, 0 when free).
   */
  field_trip: z.object({
    title: z.string().check(z.trim(), z.minLength(1, 'Enter a title'), z.maxLength(200)),
    description: z.optional(z.string().check(z.maxLength(4000))),
    itinerary: z.optional(z.string().check(z.maxLength(4000))),
    packingList: z.optional(z.string().check(z.maxLength(4000))),
    fee: z.number().check(z.int(), z.gte(0), z.lte(1_000_000)),
    startDate: isoDate('Choose the start date'),
    endDate: isoDate('Choose the end date'),
    academicYear: z.string().check(z.regex(/^[0-9]{4}-[0-9]{2}$/)),
    studentIds: ids,
    facilitatorIds: ids,
    parents: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(50)),
  }),
}

/** Staff and facilitators set meetings up; guardians read theirs and answer. */
export const GATHERING_ROLES: readonly AppRole[] = [...STAFF_AND_FACILITATOR_ROLES, 'guardian']

export const gatherings = defineCollection({
  name: 'gatherings',
  row: z.object({
    id: z.string(),
    kind: z.enum(['meeting', 'participant', 'field_trip']),
    /** A participant's meeting (meetingCollectionUUID). */
    meeting_id: z.nullable(z.string()),
    /** The groups a meeting invites; a participant's child's group. */
    group_ids: z.array(z.string()),
    /** A participant's family (set by the server). */
    family_id: z.optional(z.nullable(z.string())),
    /** The families a meeting invites (set by the server). */
    family_ids: z.optional(z.array(z.string())),
    /** The guardian's own account, when they have one (who may answer). */
    member_id: z.optional(z.nullable(z.string())),
    status: z.enum(['pending', 'sent', 'archived', 'accepted', 'rejected']),
    data: z.record(z.string(), z.unknown()),
    /** What became of the invitation: queued, sent, delivered, read, failed. */
    delivery: z.optional(z.nullable(z.string())),
    delivery_reason: z.optional(z.nullable(z.string())),
    created_at: z.optional(z.string()),
    created_by: z.optional(z.nullable(z.string())),
    updated_at: z.optional(z.string()),
    updated_by: z.optional(z.nullable(z.string())),
  }),
  kinds: gatheringKinds,
  serverColumns: [
    'family_id',
    'family_ids',
    'member_id',
    'delivery',
    'delivery_reason',
    'created_at',
    'created_by',
    'updated_at',
    'updated_by',
  ],
  roles: GATHERING_ROLES,
  indexes: ['kind'],
  // 1: field trips (a new kind). Nothing to convert: older rows are meetings and participants.
  version: 1,
  migrationStrategies: { 1: (doc: Record<string, unknown>) => doc },
})
