// The calendar invite a meeting e-mail carries (H22), as an iCalendar file made with `ics`, which
// runs the same in Deno (the edge functions) and Node (the local host). The meeting is kept in
// the centre's time zone, Asia/Kolkata, which is UTC+05:30 all year (no daylight saving), so its
// times are written exactly as UTC. A reschedule sends the same UID with a higher SEQUENCE, and
// calendars move the event instead of adding a second one.
import { createEvent, type DateArray } from 'ics'
import { centreDefaults } from '@sync/contract/centre-defaults.ts'
import type { MeetingInvite } from '@sync/rules/admissions/steps.ts'

/** Who the invite comes from, as the family's calendar shows it: the centre and where it is. */
export interface InviteCentre {
  name: string
  address: string
}

/** Asia/Kolkata's offset from UTC in minutes. */
const KOLKATA_OFFSET_MINUTES = 5 * 60 + 30

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^([01][0-9]|2[0-3]):([0-5][0-9])$/

function permanent(message: string): Error {
  return Object.assign(new Error(message), { permanent: true })
}

// Base64 of the bytes without Buffer, which Deno lacks (as the outbox's own attachments).
function base64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** The instant of a local date and time in Asia/Kolkata, in milliseconds since the epoch. */
function kolkataInstant(date: string, time: string, what: string): number {
  const d = DATE.exec(date)
  const t = TIME.exec(time)
  if (!d) throw permanent(`The meeting invite's date "${date}" is not a YYYY-MM-DD date`)
  if (!t) throw permanent(`The meeting invite's ${what} time "${time}" is not a HH:MM time`)
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])]
  const midnight = new Date(Date.UTC(year, month - 1, day))
  if (midnight.toISOString().slice(0, 10) !== date)
    throw permanent(`The meeting invite's date "${date}" is not a day of the calendar`)
  const minutes = Number(t[1]) * 60 + Number(t[2]) - KOLKATA_OFFSET_MINUTES
  return midnight.getTime() + minutes * 60_000
}

/** The UTC date and time of an instant as `ics` takes it: [year, month, day, hour, minute]. */
function utcArray(ms: number): DateArray {
  const at = new Date(ms)
  return [
    at.getUTCFullYear(),
    at.getUTCMonth() + 1,
    at.getUTCDate(),
    at.getUTCHours(),
    at.getUTCMinutes(),
  ]
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0
const isPerson = (v: unknown): v is { name: string; email: string } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { name?: unknown }).name === 'string' &&
  isText((v as { email?: unknown }).email)

/**
 * The meeting's invite as an attachment: `invite.ics`, a REQUEST that asks every attendee to
 * answer, its text in base64. An invite that cannot be made (a bad date or time, a missing
 * address) fails for good: sending the message again would not mend it. In the family's calendar
 * the event is "Meeting at <the centre>", at the centre's address (issue 40), or its `summary`
 * when it has one (a parents' meeting); the stored title, which names the family, is for the
 * office's log.
 */
export function meetingInvite(
  invite: MeetingInvite,
  centre: InviteCentre = centreDefaults,
): {
  filename: string
  content: string
  contentType: string
} {
  // The invite comes from an outbox row's JSON: check its shape before trusting the type.
  const raw = invite as unknown as Record<string, unknown>
  if (
    !isText(raw.uid) ||
    !Number.isInteger(raw.sequence) ||
    (raw.sequence as number) < 0 ||
    typeof raw.title !== 'string' ||
    typeof raw.description !== 'string' ||
    !isPerson(raw.organizer) ||
    !Array.isArray(raw.attendees) ||
    !raw.attendees.every(isPerson)
  )
    throw permanent('The meeting invite is incomplete')
  if (invite.timeZone !== 'Asia/Kolkata')
    throw permanent(`The meeting invite's time zone "${String(invite.timeZone)}" is not supported`)
  if (raw.allDay === true) return allDayInvite(invite, raw, centre)
  const start = kolkataInstant(invite.date, invite.start, 'start')
  const end = kolkataInstant(invite.date, invite.end, 'end')
  if (end <= start) throw permanent('The meeting invite ends before it starts')

  const { error, value } = createEvent({
    method: 'REQUEST',
    uid: invite.uid,
    sequence: invite.sequence,
    title: isText(raw.summary) ? raw.summary : `Meeting at ${centre.name}`,
    description: invite.description,
    ...(centre.address.trim() ? { location: centre.address.trim() } : {}),
    start: utcArray(start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcArray(end),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: 'CONFIRMED',
    organizer: { name: invite.organizer.name, email: invite.organizer.email },
    attendees: invite.attendees.map((a) => ({
      name: a.name,
      email: a.email,
      rsvp: true,
      partstat: 'NEEDS-ACTION',
      role: 'REQ-PARTICIPANT',
    })),
  })
  if (error || !value)
    throw permanent(`The meeting invite could not be made: ${error?.message ?? 'no calendar'}`)
  return {
    filename: 'invite.ics',
    content: base64(new TextEncoder().encode(value)),
    contentType: 'text/calendar; charset=utf-8; method=REQUEST',
  }
}

/** A calendar day as `ics` takes a whole-day date: [year, month, day]. */
function dayArray(date: string, what: string): DateArray {
  const d = DATE.exec(date)
  if (!d) throw permanent(`The invite's ${what} date "${date}" is not a YYYY-MM-DD date`)
  const at = new Date(Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3])))
  if (at.toISOString().slice(0, 10) !== date)
    throw permanent(`The invite's ${what} date "${date}" is not a day of the calendar`)
  return [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()]
}

/**
 * A whole-day event (a field trip, several days long perhaps): DTSTART and DTEND are dates, DTEND
 * the day after the last (iCalendar's end is exclusive), so no time zone is involved.
 */
function allDayInvite(
  invite: MeetingInvite,
  raw: Record<string, unknown>,
  centre: InviteCentre,
): { filename: string; content: string; contentType: string } {
  const first = dayArray(invite.date, 'start')
  const last = dayArray(typeof raw.endDate === 'string' ? raw.endDate : '', 'end')
  const lastDay = Date.UTC(last[0], last[1] - 1, last[2])
  if (lastDay < Date.UTC(first[0], first[1] - 1, first[2]))
    throw permanent('The invite ends before it starts')
  const after = new Date(lastDay + 86_400_000)
  const { error, value } = createEvent({
    method: 'REQUEST',
    uid: invite.uid,
    sequence: invite.sequence,
    title: isText(raw.summary) ? raw.summary : `Event at ${centre.name}`,
    description: invite.description,
    start: first,
    end: [after.getUTCFullYear(), after.getUTCMonth() + 1, after.getUTCDate()],
    status: 'CONFIRMED',
    organizer: { name: invite.organizer.name, email: invite.organizer.email },
    attendees: invite.attendees.map((a) => ({
      name: a.name,
      email: a.email,
      rsvp: false,
      partstat: 'NEEDS-ACTION',
      role: 'REQ-PARTICIPANT',
    })),
  })
  if (error || !value)
    throw permanent(`The invite could not be made: ${error?.message ?? 'no calendar'}`)
  return {
    filename: 'invite.ics',
    content: base64(new TextEncoder().encode(value)),
    contentType: 'text/calendar; charset=utf-8; method=REQUEST',
  }
}
