// Notifications (P01-P08): the server makes them when an event happens, for the members whose
// switch for that audience is on, never for the person who caused it; each member reads only
// their own and may only mark them read or clear them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const account = (label: string) => demoAccounts.find((a) => a.label === label)!
const admin = account('admin')
const administration = account('administration')
const admission = account('admission')
const facilitator = account('facilitator')
const facilitatorAdmin = account('facilitator admin')
const guardian = account('guardian')
const student = account('student')
const pf = account('parent facilitator')

interface Note {
  id: string
  member_id: string
  data: {
    status: string
    isNew: boolean
    action: string
    actionItem: string
    title: string
    date: string
  }
  _deleted: boolean
}

const session = (facilitatorId: string) => ({
  id: `rg-notif_mo_${facilitatorId.slice(-1)}`,
  timingId: 'rt-1-1',
  classroomId: null,
  subjectId: 'rs-circle',
  groupId: 'rg-notif',
  facilitatorId,
  topicId: null,
  topic: null,
  subtopicId: null,
  subtopic: null,
})
const days = (sessions: unknown[]) => ({
  monday: sessions,
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
})

describe.each(testDatabases())('notifications on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
    // A group taught by the facilitator and the facilitator admin, with a week of its own.
    await db.exec(`
      insert into public.reference (id, kind, data)
      values ('rg-notif', 'group', '{"name": "Notif group", "timingSet": 1, "status": "active"}');
      insert into public.timetables (id, kind, group_id, data) values
        ('tt-notif', 'group_template', 'rg-notif', '${JSON.stringify({
          groupName: 'Notif group',
          status: 'active',
          days: days([
            session(facilitator.facilitatorId!),
            session(facilitatorAdmin.facilitatorId!),
          ]),
        })}');
      insert into public.timetables (id, kind, group_id, week_key, data) values
        ('tw-notif', 'week', 'rg-notif', '2026_48', '${JSON.stringify({
          groupName: 'Notif group',
          mondayDate: '2026-11-23',
          days: days([session(facilitator.facilitatorId!)]),
        })}');`)
  })
  afterAll(() => target.close())

  const notes = async (member: string, action?: string) =>
    db.query<Note>(
      `select id, member_id, data, _deleted from public.reference
        where kind = 'notification' and member_id = $1 and ($2::text is null or data ->> 'action' = $2)
        order by _seq`,
      [member, action ?? null],
    )
  /** Runs SQL as a person, writing directly (as sync_push would) under their row-level security. */
  const as = <T>(who: { id: string; email: string }, fn: (tx: Queryable) => Promise<T>) =>
    asUser(
      db,
      claimsOf(who),
      async (tx) => {
        await tx.query(`select set_config('app.writer', 'test', true)`)
        return fn(tx)
      },
      { commit: true },
    )

  it('tells the group’s other facilitators when someone changes its week, and never the one who did', async () => {
    await as(facilitatorAdmin, (tx) =>
      tx.query(
        `update public.timetables set data = jsonb_set(data, '{days,monday,0,topic}', '"Rivers"') where id = 'tw-notif'`,
      ),
    )
    const [note, ...more] = await notes(facilitator.id, 'week_changed')
    expect(more).toEqual([])
    expect(note!.data).toMatchObject({
      status: 'active',
      isNew: true,
      action: 'week_changed',
      actionItem: '/facilitators/dash?pane=lessons',
      title: 'Rahul Desai changed the week of Notif group (2026-11-23)',
    })
    expect(await notes(facilitatorAdmin.id, 'week_changed')).toEqual([])
    // A second change while the first is unread is the same line, with the latest date.
    await as(facilitatorAdmin, (tx) =>
      tx.query(
        `update public.timetables set data = jsonb_set(data, '{days,monday,0,topic}', '"Hills"') where id = 'tw-notif'`,
      ),
    )
    const again = await notes(facilitator.id, 'week_changed')
    expect(again.map((n) => n.id)).toEqual([note!.id])
    expect(again[0]!.data.date >= note!.data.date).toBe(true)
    // Their own change tells the other facilitator, not them.
    await as(facilitator, (tx) =>
      tx.query(
        `update public.timetables set data = jsonb_set(data, '{days,monday,0,topic}', '"Seas"') where id = 'tw-notif'`,
      ),
    )
    expect(await notes(facilitatorAdmin.id, 'week_changed')).toHaveLength(1)
    expect(await notes(facilitator.id, 'week_changed')).toHaveLength(1)
  })

  it('tells the group’s facilitators of a trial child and of an absence a family reports', async () => {
    await db.exec(`insert into public.students (id, family_id, group_id, status, name)
                   values ('st-notif-trial', 'demo-family-fernandes', 'rg-notif', 'trial', 'Ria Trial')`)
    for (const who of [facilitator, facilitatorAdmin]) {
      const [trial] = await notes(who.id, 'trial_joined')
      expect(trial!.data.title).toBe('Ria Trial joins Notif group for a trial')
      expect(trial!.data.actionItem).toBe('/facilitators/dash?pane=trials')
    }
    await as(guardian, (tx) =>
      tx.query(
        `insert into public.lesson_items (id, kind, lesson_id, group_id, week_key, facilitator_id, student_id, data, created_at)
         values ('li-notif-away', 'absence', null, 'rg-notif', null, null, 'st-notif-trial',
                 '{"date": "2026-12-04", "reportedBy": "family", "reason": "Dentist"}', now())`,
      ),
    )
    const [away] = await notes(facilitator.id, 'absence_reported')
    expect(away!.data.title).toBe('Ria Trial will be away on 2026-12-04')
    expect(away!.data.actionItem).toBe('/facilitators/dash?pane=absences')
    expect(await notes(guardian.id, 'absence_reported')).toEqual([])
  })

  it('tells the office of a new application and of a payment a guardian reports', async () => {
    await db.exec(`insert into public.inquiries (id, kind, family_name, data)
                   values ('iq-notif', 'family', 'Notifson', '{"children": [], "guardians": []}')`)
    const titles = async (who: { id: string }, action: string) =>
      (await notes(who.id, action)).map((n) => n.data.title)
    for (const who of [admin, administration, admission])
      expect(await titles(who, 'application')).toContain('New application from the Notifson family')
    expect(await notes(facilitator.id, 'application')).toEqual([])
    await as(guardian, (tx) =>
      tx.query(
        `insert into public.payments (id, family_id, student_id, kind, status, data)
         values ('pay-notif-reported', 'demo-family-fernandes', 'st-tiago', 'fee', 'reported',
                 $1::jsonb)`,
        [
          JSON.stringify({
            paymentType: 'Monthly Fee',
            paymentOption: 'UPI',
            period: {
              key: '2026-27/month/2026-11/pay-notif',
              label: 'November 2026',
              months: 1,
              start: '2026-11-01',
              end: '2026-11-30',
            },
            feeYear: '2026-27',
            receivedFrom: 'Maria Fernandes',
            amount: 1234,
            paymentDate: '2026-11-20',
            studentsFee: 1234,
            totalFee: 1234,
          }),
        ],
      ),
    )
    expect(await titles(administration, 'payment_reported')).toContain(
      'The Fernandes family reported a payment of ₹1234',
    )
    expect(await notes(guardian.id, 'payment_reported')).toEqual([])
  })

  it('tells the family of a receipt and of released feedback, and nobody else', async () => {
    await as(administration, (tx) =>
      tx.query(`update public.payments set status = 'recorded' where id = 'pay-notif-reported'`),
    )
    const receipt = (await notes(guardian.id, 'receipt')).find((n) => n.data.title.includes('1234'))
    expect(receipt!.data.title).toMatch(/^Receipt .+: ₹1234 received$/)
    expect(receipt!.data.actionItem).toBe('/parents/dash?pane=payments')
    expect(await notes(pf.id, 'receipt')).toEqual([])
    await db.exec(`insert into public.feedback (id, kind, term, group_id, facilitator_id, student_id, family_id, status, data)
                   values ('fb-notif', 'student', '2026_2027_1', 'rg-jaul', '${facilitator.facilitatorId}', 'st-tiago',
                           'demo-family-fernandes', 'ready', '{"feedback": "Curious and kind."}')`)
    expect(await notes(guardian.id, 'feedback_released')).toEqual([])
    await db.exec(`update public.feedback set status = 'released' where id = 'fb-notif'`)
    const [released] = await notes(guardian.id, 'feedback_released')
    expect(released!.data.title).toBe(
      'Tiago Fernandes’s feedback for term 1 is ready'.replace('’', "'"),
    )
    expect(await notes(pf.id, 'feedback_released')).toEqual([])
  })

  it('tells the admins of an e-mail or WhatsApp message that failed', async () => {
    await db.exec(`insert into public.email_outbox (id, sender, recipients, subject, html_body, email_type, status)
                   values ('mail-notif', 'office@demo.school', array['parent@demo.school'], 'Term dates', '<p>x</p>', 'Webmail', 'queued');
                   update public.email_outbox set status = 'failed', last_error = 'refused' where id = 'mail-notif'`)
    const [failed] = await notes(admin.id, 'message_failed')
    expect(failed!.data.title).toBe('An e-mail could not be sent: Term dates')
    expect(failed!.data.actionItem).toBe('/admin/dash/nodemailer')
    expect(await notes(administration.id, 'message_failed')).toEqual([])
  })

  it('runs the expiring-document notices as a scheduled task, once per document', async () => {
    await db.exec(`update public.families
        set data = jsonb_set(data, '{guardians,0,identityProof}', jsonb_build_array(jsonb_build_object(
          'identityProofSelection', 'Passport', 'hasExpiryDate', true,
          'expiryDate', to_char((now() at time zone 'Asia/Kolkata')::date + 10, 'YYYY-MM-DD'))))
      where id = 'demo-family-fernandes'`)
    const run = async () =>
      (
        await db.query<{ r: { last_result: string; last_message: string } }>(
          `select app.run_scheduled_task('document-expiry') as r`,
        )
      )[0]!.r
    expect((await run()).last_result).toBe('success')
    const [expiring, ...more] = await notes(guardian.id, 'document_expiring')
    expect(more).toEqual([])
    expect(expiring!.data.title).toMatch(
      /^Maria Fernandes's Passport expires on \d{2} \w{3} \d{4}$/,
    )
    expect(expiring!.data.actionItem).toBe('/parents/settings')
    const second = await run()
    expect(second.last_message).toBe(
      'No family had a document expiring within 30 days that it had not heard of.',
    )
    expect(await notes(guardian.id, 'document_expiring')).toHaveLength(1)
  })

  it('honours the member’s switches, which only admins change', async () => {
    const set = (who: typeof admin, member: string, audience: string, on: boolean) =>
      asUser(
        db,
        claimsOf(who),
        async (tx) =>
          (
            await tx.query<{ r: { message: string } }>(
              'select public.admin_set_member_notifications($1, $2, $3) as r',
              [member, audience, on],
            )
          )[0]!.r,
        { commit: true },
      )
    await expect(set(administration, facilitator.id, 'facilitator', false)).rejects.toThrow(
      "Only admins can change a member's notifications",
    )
    await expect(set(admin, facilitator.id, 'everyone', false)).rejects.toThrow(
      'Notifications are for facilitators, administration, parents or students, not everyone',
    )
    expect(await set(admin, facilitator.id, 'facilitator', false)).toMatchObject({
      message: 'Notifications disabled',
    })
    const read = await asUser(
      db,
      claimsOf(admin),
      async (tx) =>
        (
          await tx.query<{ r: unknown }>('select public.admin_member_notifications($1) as r', [
            facilitator.id,
          ])
        )[0]!.r,
    )
    expect(read).toEqual({
      facilitator: false,
      administration: true,
      parents: true,
      students: true,
    })
    await db.exec(`insert into public.students (id, family_id, group_id, status, name)
                   values ('st-notif-trial-2', 'demo-family-fernandes', 'rg-notif', 'trial', 'Noor Trial')`)
    const titles = async (member: string) =>
      (await notes(member, 'trial_joined')).map((n) => n.data.title)
    expect(await titles(facilitator.id)).toEqual(['Ria Trial joins Notif group for a trial'])
    expect(await titles(facilitatorAdmin.id)).toContain('Noor Trial joins Notif group for a trial')
    await set(admin, facilitator.id, 'facilitator', true)
  })

  it('gives meetings and trips one line to tell a member', async () => {
    const [made] = await db.query<{ id: string }>(
      `select app.notify($1, 'calendar_event', 'Parents'' meeting on 3 March', 'https://calendar.example/e/1') as id`,
      [guardian.id],
    )
    const [note] = (await notes(guardian.id, 'calendar_event')).filter((n) => n.id === made!.id)
    expect(note!.data.actionItem).toBe('https://calendar.example/e/1')
    // A blocked member, or one without the audience's switch, hears nothing.
    const [blocked] = await db.query<{ id: string | null }>(
      `select app.notify($1, 'calendar_event', 'x', null) as id`,
      [account('blocked').id],
    )
    expect(blocked!.id).toBeNull()
    await expect(
      asUser(db, claimsOf(admin), (tx) =>
        tx.query(`select app.notify($1, 'calendar_event', 'x', null)`, [guardian.id]),
      ),
    ).rejects.toThrow(/permission denied/)
  })

  /** Pushes a gatherings document as a person, as their device's sync would. */
  const pushGathering = (who: typeof admin, doc: object, assumed: object | null) =>
    asUser(
      db,
      claimsOf(who),
      async (tx) =>
        (
          await tx.query<{ answer: { refused: unknown[] } }>(
            'select public.sync_push($1, $2::jsonb) as answer',
            [
              'gatherings',
              JSON.stringify([{ newDocumentState: doc, assumedMasterState: assumed }]),
            ],
          )
        )[0]!.answer,
      { commit: true },
    )
  const meeting = (id: string, title: string) => ({
    id,
    kind: 'meeting',
    meeting_id: null,
    group_ids: ['rg-jaul'],
    status: 'pending',
    data: { title, date: '2026-12-12', startTime: '10:00', endTime: '11:30' },
    _deleted: false,
  })
  const mariasInvitation = async (meetingId: string) =>
    (
      await db.query<{ doc: Record<string, unknown> & { data: { number: string } } }>(
        `select to_jsonb(g) - '_seq' - '_modified' as doc from public.gatherings g
          where meeting_id = $1 and member_id = $2`,
        [meetingId, guardian.id],
      )
    )[0]!.doc

  it('tells a guardian of a new meeting once, leading to their Home, if their switch is on', async () => {
    expect(
      await pushGathering(administration, meeting('mt-notif', 'Notif review'), null),
    ).toMatchObject({
      refused: [],
    })
    const [note, ...more] = await notes(guardian.id, 'meeting_added')
    expect(more).toEqual([])
    expect(note!.data).toMatchObject({
      isNew: true,
      action: 'meeting_added',
      actionItem: '/parents/dash',
      title: "Parents' meeting: Notif review on 2026-12-12, 10:00–11:30",
    })
    // The one who set it up and the group's facilitators are not invited, so hear nothing of it.
    for (const who of [administration, facilitator, facilitatorAdmin])
      expect(await notes(who.id, 'meeting_added')).toEqual([])
    await db.exec(
      `update public.members set notifications_parents = false where id = '${guardian.id}'`,
    )
    await pushGathering(administration, meeting('mt-notif-quiet', 'Quiet review'), null)
    await db.exec(
      `update public.members set notifications_parents = true where id = '${guardian.id}'`,
    )
    expect(await mariasInvitation('mt-notif-quiet')).toBeTruthy()
    expect((await notes(guardian.id, 'meeting_added')).map((n) => n.id)).toEqual([note!.id])
  })

  it('tells whoever set a meeting up and the group’s facilitators of each answer, never the guardian', async () => {
    const teachers = (
      await db.query<{ id: string }>(`select app.group_facilitator_members('rg-jaul') as id`)
    ).map((r) => r.id)
    expect(teachers.length).toBeGreaterThan(0)
    const before = await pushGathering(
      facilitator,
      meeting('mt-notif-fac', 'Facilitators’ review'),
      null,
    )
    expect(before).toMatchObject({ refused: [] })
    const invitation = await mariasInvitation('mt-notif')
    // Maria answers on her own device.
    expect(
      await pushGathering(guardian, { ...invitation, status: 'accepted' }, invitation),
    ).toMatchObject({ refused: [] })
    const replies = async (member: string) =>
      (await notes(member, 'meeting_reply')).map((n) => [n.data.title, n.data.actionItem])
    expect(await replies(administration.id)).toEqual([
      [
        'Maria Fernandes will come to Notif review (2026-12-12)',
        '/administration/dash?pane=meetings',
      ],
    ])
    for (const who of teachers)
      expect(await replies(who)).toEqual([
        [
          'Maria Fernandes will come to Notif review (2026-12-12)',
          '/facilitators/dash?pane=meetings',
        ],
      ])
    expect(await replies(guardian.id)).toEqual([])
    expect(await replies(admin.id)).toEqual([])
    // She changes her mind on WhatsApp: a line of its own; a facilitator whose switch is off
    // hears nothing.
    await db.exec(
      `update public.members set notifications_facilitator = false where id = '${teachers[0]}'`,
    )
    const [taken] = await db.query<{ taken: boolean }>(
      `select public.meeting_answer($1, 'rejected', $2) as taken`,
      [invitation.id, invitation.data.number],
    )
    await db.exec(
      `update public.members set notifications_facilitator = true where id = '${teachers[0]}'`,
    )
    expect(taken!.taken).toBe(true)
    expect((await replies(administration.id)).map(([t]) => t).sort()).toEqual([
      "Maria Fernandes can't come to Notif review (2026-12-12)",
      'Maria Fernandes will come to Notif review (2026-12-12)',
    ])
    expect(await replies(teachers[0]!)).toHaveLength(1)
    // The same answer again tells nobody anything new.
    const again = await mariasInvitation('mt-notif')
    await pushGathering(guardian, { ...again, status: 'rejected' }, again)
    expect(await replies(administration.id)).toHaveLength(2)
    // A facilitator who set a meeting up hears of its answers once, on their own dashboard.
    const theirs = await mariasInvitation('mt-notif-fac')
    await pushGathering(guardian, { ...theirs, status: 'rejected' }, theirs)
    const title = "Maria Fernandes can't come to Facilitators’ review (2026-12-12)"
    expect((await replies(facilitator.id)).filter(([t]) => t === title)).toEqual([
      [title, '/facilitators/dash?pane=meetings'],
    ])
  })

  it('lets an admin see a member’s notifications and clear them, and nobody else (F28)', async () => {
    const call = <T>(who: typeof admin, fn: string) =>
      asUser(
        db,
        claimsOf(who),
        async (tx) =>
          (await tx.query<{ r: T }>(`select public.${fn}($1) as r`, [administration.id]))[0]!.r,
        { commit: true },
      )
    const mine = await notes(administration.id)
    const live = mine.filter((n) => !n._deleted)
    expect(live.length).toBeGreaterThan(1)
    const seen = await call<{
      total: number
      items: { id: string; title: string; isNew: boolean }[]
    }>(admin, 'admin_member_notification_list')
    expect(seen.total).toBe(live.length)
    const dates = seen.items.map((i) => live.find((n) => n.id === i.id)!.data.date)
    expect(dates).toEqual([...dates].sort().reverse())
    expect(seen.items.map((i) => i.id).sort()).toEqual(live.map((n) => n.id).sort())
    for (const fn of ['admin_member_notification_list', 'admin_clear_member_notifications'])
      await expect(call(administration, fn)).rejects.toThrow(/Only admins can/)
    expect(await call(admin, 'admin_clear_member_notifications')).toEqual({
      type: 'success',
      cleared: live.length,
      message: `${live.length} notifications cleared`,
    })
    expect((await notes(administration.id)).filter((n) => !n._deleted)).toEqual([])
    expect(await call(admin, 'admin_member_notification_list')).toEqual({ total: 0, items: [] })
    expect(await call(admin, 'admin_clear_member_notifications')).toMatchObject({
      cleared: 0,
      message: 'There were no notifications to clear',
    })
    // Other members keep theirs.
    expect((await notes(facilitator.id)).filter((n) => !n._deleted).length).toBeGreaterThan(0)
  })

  it('lets each member read only their own, and only mark them read or clear them', async () => {
    const visible = (who: typeof admin) =>
      asUser(db, claimsOf(who), async (tx) =>
        (
          await tx.query<{ member_id: string }>(
            `select distinct member_id::text from public.reference where kind = 'notification'`,
          )
        ).map((r) => r.member_id),
      )
    for (const who of [admin, administration, facilitator, guardian, student, pf])
      expect(await visible(who)).toEqual((await notes(who.id)).length ? [who.id] : [])
    const [mine] = await notes(guardian.id, 'feedback_released')
    const update = (who: typeof admin, set: string) =>
      as(who, async (tx) => {
        const rows = await tx.query<{ id: string }>(
          `update public.reference set ${set} where id = $1 returning id`,
          [mine!.id],
        )
        return rows.length
      })
    expect(await update(admin, `data = jsonb_set(data, '{isNew}', 'false')`)).toBe(0)
    expect(await update(student, `data = jsonb_set(data, '{isNew}', 'false')`)).toBe(0)
    await expect(
      update(guardian, `data = jsonb_set(data, '{title}', '"Paid twice"')`),
    ).rejects.toThrow('A notification can only be marked read or cleared.')
    await expect(update(guardian, `member_id = '${student.id}'`)).rejects.toThrow(
      'A record cannot move to another member id',
    )
    expect(await update(guardian, `data = jsonb_set(data, '{isNew}', 'false')`)).toBe(1)
    await expect(update(guardian, `data = jsonb_set(data, '{isNew}', 'true')`)).rejects.toThrow(
      'A notification can only be marked read or cleared.',
    )
    expect(await update(guardian, `_deleted = true`)).toBe(1)
    await expect(update(guardian, `_deleted = false`)).rejects.toThrow(
      'A notification can only be marked read or cleared.',
    )
    await expect(
      as(administration, (tx) =>
        tx.query(
          `insert into public.reference (id, kind, member_id, data) values ('n-forged', 'notification', $1,
             '{"status": "active", "isNew": true, "action": "receipt", "title": "Pay again", "date": "2026-11-28", "actionItem": "https://evil.example"}')`,
          [guardian.id],
        ),
      ),
    ).rejects.toThrow(/row-level security/)
  })
})
