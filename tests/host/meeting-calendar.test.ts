// A parents' meeting in the families' calendars (N05, N18): the invitation e-mail that reaches the
// SMTP server carries the meeting as invite.ics; when a device moves the meeting, the e-mail
// guardian receives an update of the same event (same UID, a higher SEQUENCE) at the new time.
// A field trip likewise reaches its participants' guardians as whole days (issue 34).
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { startSmtp, type ReceivedMail, type TestSmtp } from '../helpers/smtp.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { dispatcher } from './support/outbox.ts'

const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, '')
const CLARA = 'clara.dsouza@demo.school'

describe.each(testDatabases())('meeting calendar invites on $name', (database) => {
  let h: TestHost
  let smtp: TestSmtp
  let dispatch: ReturnType<typeof dispatcher>
  let office: SupabaseClient

  beforeAll(async () => {
    smtp = await startSmtp()
    // No SMTP for the host's own mailer: the test dispatches when it chooses.
    h = await startTestHost({ database })
    dispatch = dispatcher(h, smtp.url)
    const account = demoAccounts.find((a) => a.label === 'administration')!
    office = h.client()
    const { error } = await office.auth.signInWithPassword({
      email: account.email,
      password: account.password,
    })
    if (error) throw error
  })
  afterAll(async () => {
    await h?.stop()
    await smtp?.close()
  })

  async function push(doc: Record<string, unknown>, assumed: Record<string, unknown> | null) {
    const { data, error } = await office.rpc('sync_push', {
      collection: 'gatherings',
      rows: [{ newDocumentState: doc, assumedMasterState: assumed }],
    })
    expect(error).toBeNull()
    expect(data).toEqual({ conflicts: [], refused: [] })
  }

  const invite = (m: ReceivedMail) => {
    const file = m.attachments.find((a) => a.filename === 'invite.ics')
    expect(file?.contentType).toMatch(/^text\/calendar/)
    return unfold(file!.content.toString('utf8'))
  }
  const to = (subject: string) =>
    smtp.messages.filter((m) => m.subject === subject && m.to.some((t) => t.includes(CLARA)))

  it('invites with the meeting as an event, and moves that event when the meeting moves', async () => {
    const meeting = {
      id: 'mt-host-calendar',
      kind: 'meeting',
      meeting_id: null,
      group_ids: ['rg-tanni'],
      status: 'pending',
      data: { title: 'Art fair', date: '2026-12-12', startTime: '10:00', endTime: '11:30' },
      _deleted: false,
    }
    await push(meeting, null)
    await dispatch()
    const [first] = to("Parents' meeting: Art fair on 2026-12-12")
    const a = invite(first!)
    expect(a).toContain('UID:meeting-mt-host-calendar@gatherings')
    expect(a).toContain('SEQUENCE:0')
    expect(a).toContain("SUMMARY:Parents' meeting: Art fair")
    // 10:00 and 11:30 in Asia/Kolkata are 04:30 and 06:00 UTC.
    expect(a).toContain('DTSTART:20261212T043000Z')
    expect(a).toContain('DTEND:20261212T060000Z')
    expect(a).toMatch(new RegExp(`mailto:${CLARA}`, 'i'))

    const [stored] = await h.db.query<{ doc: Record<string, unknown> }>(
      `select to_jsonb(g) - '_seq' - '_modified' as doc from public.gatherings g where id = 'mt-host-calendar'`,
    )
    await push(
      { ...stored!.doc, data: { ...meeting.data, date: '2026-12-13', startTime: '09:00' } },
      stored!.doc,
    )
    await dispatch()
    const [moved] = to("Parents' meeting moved: Art fair on 2026-12-13")
    const b = invite(moved!)
    expect(b).toContain('UID:meeting-mt-host-calendar@gatherings')
    expect(b).toContain('SEQUENCE:1')
    expect(b).toContain('DTSTART:20261213T033000Z')
    expect(b).toContain('DTEND:20261213T060000Z')
    expect(to("Parents' meeting: Art fair on 2026-12-12")).toHaveLength(1)
  })
  it('invites a field trip’s guardians with the trip as whole days, and moves it when the dates move', async () => {
    const trip = {
      id: 'ft-host-calendar',
      kind: 'field_trip',
      meeting_id: null,
      group_ids: ['rg-jaul'],
      status: 'pending',
      data: {
        title: 'Spice farm',
        description: 'Two days among the spices',
        itinerary: 'Bus at 8:00',
        packingList: 'Hat',
        fee: 900,
        startDate: '2027-02-10',
        endDate: '2027-02-11',
        academicYear: '2026-27',
        studentIds: ['st-tiago'],
        facilitatorIds: [],
        parents: [],
      },
      _deleted: false,
    }
    const GUARDIAN = 'guardian@demo.school'
    const mailTo = (subject: string) =>
      smtp.messages.filter((m) => m.subject === subject && m.to.some((t) => t.includes(GUARDIAN)))
    await push(trip, null)
    await dispatch()
    const [first] = mailTo('Field trip: Spice farm from 2027-02-10 to 2027-02-11')
    const a = invite(first!)
    expect(a).toContain('UID:trip-ft-host-calendar@gatherings')
    expect(a).toContain('SEQUENCE:0')
    expect(a).toContain('SUMMARY:Field trip: Spice farm')
    expect(a).toContain('DTSTART;VALUE=DATE:20270210')
    expect(a).toContain('DTEND;VALUE=DATE:20270212')
    expect(a).toMatch(new RegExp(`mailto:${GUARDIAN}`, 'i'))

    const [stored] = await h.db.query<{ doc: Record<string, unknown> }>(
      `select to_jsonb(g) - '_seq' - '_modified' as doc from public.gatherings g where id = 'ft-host-calendar'`,
    )
    await push(
      { ...stored!.doc, data: { ...trip.data, startDate: '2027-02-17', endDate: '2027-02-17' } },
      stored!.doc,
    )
    await dispatch()
    const [moved] = mailTo('Field trip moved: Spice farm, now on 2027-02-17')
    const b = invite(moved!)
    expect(b).toContain('UID:trip-ft-host-calendar@gatherings')
    expect(b).toContain('SEQUENCE:1')
    expect(b).toContain('DTSTART;VALUE=DATE:20270217')
    expect(b).toContain('DTEND;VALUE=DATE:20270218')
    expect(mailTo('Field trip: Spice farm from 2027-02-10 to 2027-02-11')).toHaveLength(1)
  })
})
