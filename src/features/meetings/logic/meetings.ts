// Parents' meetings (N03–N11): the meeting dialog's form and the row it writes on the device, the
// attendance counts, and which meeting a parent sees next.
import * as z from 'zod/mini'
import { gatherings } from '@sync/contract/collections/gatherings'
import { parseRow } from '@sync/contract/schema'
import { centreDateOf } from '@/lib/time/calendar-date'
import type { GatheringRow } from '@sync/engine/database'

export type MeetingRow = Extract<GatheringRow, { kind: 'meeting' }>
export type ParticipantRow = Extract<GatheringRow, { kind: 'participant' }>

export const MEETING_MESSAGES = {
  title: 'Enter a title',
  date: 'Choose the date',
  start: 'Enter the start time',
  end: 'Enter an end time after the start',
  groups: 'Choose at least one group',
} as const

const time = /^([01][0-9]|2[0-3]):[0-5][0-9]$/

export const meetingFormSchema = z
  .object({
    title: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, MEETING_MESSAGES.title),
        z.maxLength(200, 'Use at most 200 characters'),
      ),
    date: z.string().check(z.regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, MEETING_MESSAGES.date)),
    startTime: z.string().check(z.regex(time, MEETING_MESSAGES.start)),
    endTime: z.string().check(z.regex(time, MEETING_MESSAGES.end)),
    description: z.string().check(z.trim(), z.maxLength(2000, 'Use at most 2000 characters')),
    groupIds: z.array(z.string()).check(z.minLength(1, MEETING_MESSAGES.groups)),
  })
  .check(
    z.refine((v) => !time.test(v.startTime) || !time.test(v.endTime) || v.endTime > v.startTime, {
      message: MEETING_MESSAGES.end,
      path: ['endTime'],
    }),
  )
export type MeetingValues = z.input<typeof meetingFormSchema>

export const meetingInitial = (): MeetingValues => ({
  title: '',
  date: '',
  startTime: '',
  endTime: '',
  description: '',
  groupIds: [],
})

/** The new meeting's row: pending until the server has sent its invitations (N06, N17). */
export function meetingRow(values: MeetingValues, id: string): MeetingRow {
  return parseRow(gatherings, {
    id,
    kind: 'meeting',
    meeting_id: null,
    group_ids: values.groupIds,
    status: 'pending',
    data: {
      title: values.title.trim(),
      date: values.date,
      startTime: values.startTime,
      endTime: values.endTime,
      description: values.description.trim(),
    },
  }) as MeetingRow
}

export interface AttendanceCounts {
  accepted: number
  declined: number
  pending: number
}

/** The attendance counts (N04): rejected counts as declined (N09), anyone else is pending. */
export function attendanceCounts(participants: readonly ParticipantRow[]): AttendanceCounts {
  const counts = { accepted: 0, declined: 0, pending: 0 }
  for (const p of participants) {
    if (p.status === 'accepted') counts.accepted++
    else if (p.status === 'rejected') counts.declined++
    else counts.pending++
  }
  return counts
}

/** Meetings newest first, the archived after the others. */
export function meetingsInOrder(meetings: readonly MeetingRow[]): MeetingRow[] {
  return [...meetings].sort(
    (a, b) =>
      Number(a.status === 'archived') - Number(b.status === 'archived') ||
      `${b.data.date} ${b.data.startTime}`.localeCompare(`${a.data.date} ${a.data.startTime}`),
  )
}

/**
 * The centre's date (Asia/Kolkata, YYYY-MM-DD) at an instant: the day from which meetings are
 * next. (centreFormat has no month-number token: 'yyyy-MM-dd' gave "2026-MM-28", before every
 * meeting of the year, so no parent ever saw one.)
 */
export function meetingDay(instant: Date): string {
  return centreDateOf(instant)
}

/** The one meeting a parent sees (N11): the next that is not archived and not over. */
export function nextMeeting(meetings: readonly MeetingRow[], today: string): MeetingRow | null {
  return (
    [...meetings]
      .filter((m) => m.status !== 'archived' && m.data.date >= today)
      .sort((a, b) =>
        `${a.data.date} ${a.data.startTime}`.localeCompare(`${b.data.date} ${b.data.startTime}`),
      )[0] ?? null
  )
}

/** The guardian's own invitation to a meeting: the participant row of their account. */
export function myInvitation(
  participants: readonly ParticipantRow[],
  userId: string,
): ParticipantRow | null {
  return participants.find((p) => p.member_id === userId) ?? null
}

export const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  sent: 'Sent',
  archived: 'Archived',
  accepted: 'Coming',
  rejected: 'Not coming',
}

/** How an invitation reached the guardian, in words. */
export function deliveryLabel(p: ParticipantRow): string {
  if (p.data.channel === 'none') return 'No WhatsApp number or e-mail: call them'
  const how =
    p.data.channel === 'email'
      ? `E-mail to ${p.data.email ?? ''}`
      : `WhatsApp +${p.data.number ?? ''}`
  if (p.delivery === 'failed') return `${how}: not sent (${p.delivery_reason ?? 'unknown reason'})`
  if (!p.delivery || p.delivery === 'queued') return `${how}: on its way`
  return `${how}: ${p.delivery}`
}
