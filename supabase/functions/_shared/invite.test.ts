import { describe, expect, it } from 'vitest'
import type { MeetingInvite } from '@sync/rules/admissions/steps.ts'
import { meetingInvite } from './invite.ts'

/** The calendar's text: the base64 decoded as UTF-8, its folded lines joined again (RFC 5545). */
function textOf(content: string): string {
  return Buffer.from(content, 'base64')
    .toString('utf8')
    .replace(/\r\n[ \t]/g, '')
}

const invite: MeetingInvite = {
  uid: 'meeting-0b6f9c1e@admissions',
  sequence: 2,
  title: 'Meeting at the Learning Centre',
  description: 'Please meet Anjali at the office. Parking is by the gate.',
  date: '2026-12-03',
  start: '15:30',
  end: '17:00',
  timeZone: 'Asia/Kolkata',
  organizer: { name: 'Learning Centre', email: 'office@centre.test' },
  attendees: [
    { name: 'Priya Sharma', email: 'priya@family.test' },
    { name: 'Rahul Sharma', email: 'rahul@family.test' },
  ],
}

describe('meetingInvite', () => {
  it('makes invite.ics, a calendar request in UTF-8 carried as base64', () => {
    const file = meetingInvite(invite)
    expect(file.filename).toBe('invite.ics')
    expect(file.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST')
    expect(file.content).toMatch(/^[A-Za-z0-9+/]+=*$/)
  })

  it('makes a field trip a whole-day event over its days, the end day included', () => {
    const lines = textOf(
      meetingInvite({
        ...invite,
        uid: 'trip-ft-1@gatherings',
        summary: 'Field trip: Botanical garden',
        allDay: true,
        date: '2027-01-30',
        endDate: '2027-02-01',
        start: '',
        end: '',
      }).content,
    ).split('\r\n')
    expect(lines).toContain('UID:trip-ft-1@gatherings')
    expect(lines).toContain('SUMMARY:Field trip: Botanical garden')
    expect(lines).toContain('DTSTART;VALUE=DATE:20270130')
    expect(lines).toContain('DTEND;VALUE=DATE:20270202')
    expect(() =>
      meetingInvite({ ...invite, allDay: true, date: '2027-02-02', endDate: '2027-02-01' }),
    ).toThrow(/ends before/)
    expect(() =>
      meetingInvite({ ...invite, allDay: true, date: '2027-02-30', endDate: '2027-03-01' }),
    ).toThrow(/not a day/)
  })

  it('names a parents’ meeting by its own summary', () => {
    const lines = textOf(
      meetingInvite({ ...invite, summary: 'Parents’ meeting: Term review' }).content,
    ).split('\r\n')
    expect(lines).toContain('SUMMARY:Parents’ meeting: Term review')
  })

  it('asks each attendee to answer, from the organizer, at the meeting times in UTC', () => {
    const text = textOf(meetingInvite(invite).content)
    const lines = text.split('\r\n')
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(lines).toContain('METHOD:REQUEST')
    expect(lines).toContain('UID:meeting-0b6f9c1e@admissions')
    expect(lines).toContain('SEQUENCE:2')
    expect(lines).toContain('STATUS:CONFIRMED')
    expect(lines).toContain('SUMMARY:Meeting at Banyan Tree Learning Centre')
    expect(lines).toContain('LOCATION:Assagao\\, Bardez\\, North Goa 403507\\, India')
    // 15:30 and 17:00 in Asia/Kolkata (UTC+05:30) are 10:00 and 11:30 UTC.
    expect(lines).toContain('DTSTART:20261203T100000Z')
    expect(lines).toContain('DTEND:20261203T113000Z')
    expect(text).toMatch(/^ORGANIZER;CN="?Learning Centre"?:mailto:office@centre\.test$/im)
    for (const email of ['priya@family.test', 'rahul@family.test']) {
      const attendee = lines.find((l) => l.startsWith('ATTENDEE') && l.endsWith(`:mailto:${email}`))
      expect(attendee).toBeDefined()
      // Parameter values may be quoted (RFC 5545 §3.1): `ics` quotes these.
      expect(attendee).toMatch(/;RSVP="?TRUE"?[;:]/)
      expect(attendee).toMatch(/;PARTSTAT="?NEEDS-ACTION"?[;:]/)
      expect(attendee).toMatch(/;ROLE="?REQ-PARTICIPANT"?[;:]/)
    }
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1)
  })

  it('keeps the event id when the meeting is moved, with a higher sequence', () => {
    const moved = textOf(
      meetingInvite({ ...invite, sequence: 3, date: '2026-12-04', start: '09:00', end: '10:00' })
        .content,
    ).split('\r\n')
    expect(moved).toContain('UID:meeting-0b6f9c1e@admissions')
    expect(moved).toContain('SEQUENCE:3')
    expect(moved).toContain('DTSTART:20261204T033000Z')
    expect(moved).toContain('DTEND:20261204T043000Z')
  })

  it('moves an early morning meeting to the previous day in UTC', () => {
    const lines = textOf(meetingInvite({ ...invite, start: '02:00', end: '05:30' }).content).split(
      '\r\n',
    )
    expect(lines).toContain('DTSTART:20261202T203000Z')
    expect(lines).toContain('DTEND:20261203T000000Z')
  })

  it('keeps names and descriptions outside ASCII', () => {
    const text = textOf(
      meetingInvite({
        ...invite,
        description: 'Fees: ₹4,500 — see you soon',
        attendees: [{ name: 'Anaïs Dsouza', email: 'anais@family.test' }],
      }).content,
    )
    expect(text).toContain('DESCRIPTION:Fees: ₹4\\,500 — see you soon')
    expect(text).toContain('Anaïs Dsouza')
  })

  it('fails for good on a time, a date or a time zone it cannot place', () => {
    const bad: Partial<MeetingInvite>[] = [
      { start: '25:00' },
      { end: '7:00' },
      { date: '2026-02-30' },
      { date: '03/12/2026' },
      { start: '17:00', end: '15:30' },
      { timeZone: 'Europe/London' as 'Asia/Kolkata' },
      { attendees: [{ name: 'No address', email: '' }] },
    ]
    for (const change of bad) {
      let thrown: unknown
      try {
        meetingInvite({ ...invite, ...change })
      } catch (error) {
        thrown = error
      }
      expect(thrown, JSON.stringify(change)).toBeInstanceOf(Error)
      expect(thrown, JSON.stringify(change)).toMatchObject({ permanent: true })
    }
  })

  it("names the centre, not the family, and gives the centre's address (issue 40)", () => {
    const text = textOf(
      meetingInvite(
        { ...invite, title: 'Meeting with the Kamat family' },
        { name: 'Sunrise School', address: 'Fontainhas, Panaji' },
      ).content,
    )
    expect(text).toContain('SUMMARY:Meeting at Sunrise School')
    expect(text).not.toContain('Kamat family')
    expect(text).toContain('LOCATION:Fontainhas\\, Panaji')
    const noAddress = textOf(
      meetingInvite(invite, { name: 'Sunrise School', address: ' ' }).content,
    )
    expect(noAddress).not.toContain('LOCATION')
  })
})
