// Parents' meetings (N03–N11, N17–N19): who sets one up, the participants and invitations the
// server makes from the groups, how an invitation's fate and a guardian's answer reach the
// participant, and who reads what: staff and facilitators everything, a guardian the meetings
// their family is invited to and their own family's answers only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts, type DemoAccount } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const by = (label: string): DemoAccount => {
  const account = demoAccounts.find((a) => a.label === label)
  if (!account) throw new Error(`no demo account ${label}`)
  return account
}
const facilitator = by('facilitator')
const guardian = by('guardian')
const parentFacilitator = by('parent facilitator')
const administration = by('administration')
const student = by('student')

interface PushAnswer {
  conflicts: Record<string, unknown>[]
  refused: { id: string; reason: string; code: string }[]
}

async function push(
  db: Db,
  account: DemoAccount,
  docs: { doc: Record<string, unknown>; assumed: Record<string, unknown> | null }[],
): Promise<PushAnswer> {
  return asUser(
    db,
    claimsOf(account),
    async (tx: Queryable) => {
      const [row] = await tx.query<{ answer: PushAnswer }>(
        'select public.sync_push($1, $2::jsonb) as answer',
        [
          'gatherings',
          JSON.stringify(
            docs.map((d) => ({ newDocumentState: d.doc, assumedMasterState: d.assumed })),
          ),
        ],
      )
      return row!.answer
    },
    { commit: true },
  )
}

async function current(db: Db, id: string): Promise<Record<string, unknown> | null> {
  const [row] = await db.query<{ doc: Record<string, unknown> }>(
    `select to_jsonb(g) - '_seq' - '_modified' as doc from public.gatherings g where id = $1`,
    [id],
  )
  return row?.doc ?? null
}

async function visibleTo(db: Db, account: DemoAccount, meeting: string): Promise<string[]> {
  return asUser(db, claimsOf(account), async (tx) =>
    (
      await tx.query<{ who: string }>(
        `select case when kind = 'meeting' then 'meeting' else data ->> 'name' end as who
           from public.gatherings where id = $1 or meeting_id = $1 order by 1`,
        [meeting],
      )
    ).map((r) => r.who),
  )
}

const admin = by('admin')

/** The admin's counts (F17, N12). */
async function overview(db: Db): Promise<{ meetings: number; events: number }> {
  return asUser(db, claimsOf(admin), async (tx) => {
    const [row] = await tx.query<{ o: { meetings: number; events: number } }>(
      'select public.admin_overview() as o',
    )
    return row!.o
  })
}

const meeting = (id: string, groups: string[], extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'meeting',
  meeting_id: null,
  group_ids: groups,
  status: 'pending',
  data: {
    title: 'Term review',
    date: '2026-12-12',
    startTime: '10:00',
    endTime: '11:30',
    description: 'How the term went',
    ...extra,
  },
  _deleted: false,
})

describe.each(testDatabases())('parents’ meetings on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  it('invites every guardian of the groups once: WhatsApp, e-mail, or listed to call (N03, N05, N06)', async () => {
    const before = await overview(db)
    expect(
      await push(db, facilitator, [{ doc: meeting('mt-t-jaul', ['rg-jaul']), assumed: null }]),
    ).toEqual({ conflicts: [], refused: [] })
    const m = await current(db, 'mt-t-jaul')
    expect(m).toMatchObject({ status: 'pending', created_by: facilitator.id })
    // The admin's counts (N12): one meeting more; events are the trips, counted by kind.
    const after = await overview(db)
    expect(after.meetings).toBe(before.meetings + 1)
    const [trips] = await db.query<{ n: number }>(
      `select count(*)::int as n from public.gatherings where kind = 'field_trip' and not _deleted`,
    )
    expect(after.events).toBe(trips!.n)
    expect(m!.family_ids).toEqual([
      'demo-family-fernandes',
      'demo-family-naik',
      'demo-family-shetty',
    ])
    const participants = await db.query<{
      name: string
      channel: string
      number: string | null
      delivery: string | null
      status: string
    }>(
      `select data ->> 'name' as name, data ->> 'channel' as channel, data ->> 'number' as number,
              delivery, status
         from public.gatherings where meeting_id = 'mt-t-jaul' order by 1`,
    )
    expect(participants).toEqual([
      {
        name: 'Daniel Naik',
        channel: 'whatsapp',
        number: '447700900123',
        delivery: 'queued',
        status: 'pending',
      },
      {
        name: 'João Fernandes',
        channel: 'whatsapp',
        number: '919000000003',
        delivery: 'queued',
        status: 'pending',
      },
      { name: 'Kavita Shetty', channel: 'none', number: null, delivery: null, status: 'pending' },
      {
        name: 'Maria Fernandes',
        channel: 'whatsapp',
        number: '919000000001',
        delivery: 'queued',
        status: 'pending',
      },
      {
        name: 'Priya Naik',
        channel: 'whatsapp',
        number: '919000000005',
        delivery: 'queued',
        status: 'pending',
      },
    ])
    const queued = await db.query<{ wa_id: string; template: string; status: string }>(
      `select w.wa_id, w.data ->> 'template' as template, o.status
         from public.whatsapp w join public.whatsapp_outbox o on o.message_id = w.id
        where w.data ->> 'participantId' in (select id from public.gatherings where meeting_id = 'mt-t-jaul')
        order by 1`,
    )
    expect(queued).toEqual([
      { wa_id: '447700900123', template: 'meeting_invitation', status: 'queued' },
      { wa_id: '919000000001', template: 'meeting_invitation', status: 'queued' },
      { wa_id: '919000000003', template: 'meeting_invitation', status: 'queued' },
      { wa_id: '919000000005', template: 'meeting_invitation', status: 'queued' },
    ])
  })

  it('e-mails a guardian without a WhatsApp number', async () => {
    await push(db, administration, [{ doc: meeting('mt-t-tanni', ['rg-tanni']), assumed: null }])
    const mails = await db.query<{ recipients: string[]; subject: string }>(
      `select recipients, subject from public.email_outbox
        where id in (select 'mi-' || id from public.gatherings where meeting_id = 'mt-t-tanni') order by 1`,
    )
    expect(mails).toContainEqual({
      recipients: ['clara.dsouza@demo.school'],
      subject: "Parents' meeting: Term review on 2026-12-12",
    })
    // The e-mail carries the meeting as a calendar invite, its first version (N05).
    const [invite] = await db.query<{ invite: Record<string, unknown> }>(
      `select attachments -> 0 -> 'invite' as invite from public.email_outbox
        where 'clara.dsouza@demo.school' = any (recipients)
          and id in (select 'mi-' || id from public.gatherings where meeting_id = 'mt-t-tanni')`,
    )
    expect(invite!.invite).toMatchObject({
      uid: 'meeting-mt-t-tanni@gatherings',
      sequence: 0,
      summary: "Parents' meeting: Term review",
      date: '2026-12-12',
      start: '10:00',
      end: '11:30',
      timeZone: 'Asia/Kolkata',
      attendees: [{ email: 'clara.dsouza@demo.school' }],
    })
  })

  it('sends the new date when a meeting moves: the same event, a higher sequence (N05)', async () => {
    for (const [date, startTime] of [
      ['2026-12-13', '10:00'],
      ['2026-12-13', '09:00'],
    ] as const) {
      const m = await current(db, 'mt-t-tanni')
      expect(
        await push(db, facilitator, [
          { doc: { ...m!, data: { ...(m!.data as object), date, startTime } }, assumed: m! },
        ]),
      ).toEqual({ conflicts: [], refused: [] })
    }
    // A change of title alone moves nothing.
    const m = await current(db, 'mt-t-tanni')
    await push(db, facilitator, [
      { doc: { ...m!, data: { ...(m!.data as object), title: 'Term review!' } }, assumed: m! },
    ])
    const updates = await db.query<{
      id: string
      subject: string
      invite: Record<string, unknown>
    }>(
      `select id, subject, attachments -> 0 -> 'invite' as invite from public.email_outbox
        where 'clara.dsouza@demo.school' = any (recipients) and email_trigger = 'meetings.moved'
          and id like 'mu-%' order by id`,
    )
    expect(
      updates.map((u) => [u.subject, u.invite.uid, u.invite.sequence, u.invite.start]),
    ).toEqual([
      [
        "Parents' meeting moved: Term review on 2026-12-13",
        'meeting-mt-t-tanni@gatherings',
        1,
        '10:00',
      ],
      [
        "Parents' meeting moved: Term review on 2026-12-13",
        'meeting-mt-t-tanni@gatherings',
        2,
        '09:00',
      ],
    ])
    // A guardian invited on WhatsApp gets the invitation again, with its two answers.
    const again = await db.query<{ wa_id: string; params: string[]; participant: string }>(
      `select w.wa_id, w.data -> 'params' as params, w.data ->> 'participantId' as participant
         from public.whatsapp w join public.whatsapp_outbox o on o.message_id = w.id
        where w.id like 'mu-%' and w.data ->> 'participantId' in
              (select id from public.gatherings where meeting_id = 'mt-t-tanni')
          and w.wa_id = '919000000001' order by w.id`,
    )
    expect(again.map((a) => a.params[2])).toEqual([
      '2026-12-13, 10:00–11:30',
      '2026-12-13, 09:00–11:30',
    ])
  })

  it('refuses a meeting made sent, without a title, with the end before the start, or by a guardian (N17)', async () => {
    const answer = await push(db, facilitator, [
      { doc: { ...meeting('mt-t-sent', ['rg-jaul']), status: 'sent' }, assumed: null },
      { doc: meeting('mt-t-untitled', ['rg-jaul'], { title: ' ' }), assumed: null },
      {
        doc: meeting('mt-t-backwards', ['rg-jaul'], { startTime: '12:00', endTime: '11:00' }),
        assumed: null,
      },
      { doc: meeting('mt-t-nogroup', ['rg-nowhere']), assumed: null },
    ])
    expect(answer.refused.map((r) => [r.id, r.code])).toEqual([
      ['mt-t-sent', 'P0001'],
      ['mt-t-untitled', '23514'],
      ['mt-t-backwards', '23514'],
      ['mt-t-nogroup', 'P0001'],
    ])
    const byGuardian = await push(db, guardian, [
      { doc: meeting('mt-t-parent', ['rg-jaul']), assumed: null },
    ])
    expect(byGuardian.refused.map((r) => r.code)).toEqual(['42501'])
    for (const id of [
      'mt-t-sent',
      'mt-t-untitled',
      'mt-t-backwards',
      'mt-t-nogroup',
      'mt-t-parent',
    ])
      expect(await current(db, id)).toBeNull()
  })

  it('shows a guardian their family’s participants only, and nothing of a meeting not theirs', async () => {
    expect(await visibleTo(db, guardian, 'mt-t-jaul')).toEqual([
      'João Fernandes',
      'Maria Fernandes',
      'meeting',
    ])
    expect(await visibleTo(db, guardian, 'mt-t-tanni')).toEqual(
      ['Maria Fernandes', 'João Fernandes', 'meeting'].sort(),
    )
    expect(await visibleTo(db, student, 'mt-t-jaul')).toEqual([])
    expect(await visibleTo(db, administration, 'mt-t-jaul')).toHaveLength(6)
    // The parent facilitator facilitates: they read every answer, as facilitators do.
    expect(await visibleTo(db, parentFacilitator, 'mt-t-jaul')).toHaveLength(6)
  })

  it('marks the participant sent when Meta takes the invitation, and the meeting once all are out (N07)', async () => {
    const ids = await db.query<{ id: string }>(
      `select 'mi-' || id as id from public.gatherings where meeting_id = 'mt-t-jaul' and data ->> 'channel' = 'whatsapp' order by id`,
    )
    for (const [i, { id }] of ids.entries()) {
      await db.query(`update public.whatsapp_outbox set status = 'sending' where message_id = $1`, [
        id,
      ])
      await db.query(`select public.whatsapp_record($1, 'sent', $2)`, [id, `wamid.t.${i}`])
      const m = await current(db, 'mt-t-jaul')
      expect(m!.status).toBe(i === ids.length - 1 ? 'sent' : 'pending')
    }
    const statuses = await db.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from public.gatherings where meeting_id = 'mt-t-jaul' group by 1 order by 1`,
    )
    expect(statuses).toEqual([
      { status: 'pending', n: 1 },
      { status: 'sent', n: 4 },
    ])
  })

  it('takes a pressed button only from the number invited (N19)', async () => {
    const [maria] = await db.query<{ id: string }>(
      `select id from public.gatherings where meeting_id = 'mt-t-jaul' and data ->> 'number' = '919000000001'`,
    )
    const [wrong] = await db.query<{ taken: boolean }>(
      `select public.meeting_answer($1, 'accepted', '919000000003') as taken`,
      [maria!.id],
    )
    expect(wrong!.taken).toBe(false)
    const [right] = await db.query<{ taken: boolean }>(
      `select public.meeting_answer($1, 'rejected', '919000000001') as taken`,
      [maria!.id],
    )
    expect(right!.taken).toBe(true)
    expect((await current(db, maria!.id))!.status).toBe('rejected')
    await expect(
      db.query(`select public.meeting_answer($1, 'maybe', '919000000001')`, [maria!.id]),
    ).rejects.toThrow(/Unknown answer/)
  })

  it('lets a guardian change their own answer, not another’s nor the invitation', async () => {
    const rows = await db.query<{ doc: Record<string, unknown> }>(
      `select to_jsonb(g) - '_seq' - '_modified' as doc from public.gatherings g
        where meeting_id = 'mt-t-jaul' and family_id = 'demo-family-fernandes' order by data ->> 'name'`,
    )
    const [joao, maria] = rows.map((r) => r.doc)
    const answer = await push(db, guardian, [
      {
        doc: { ...maria!, status: 'accepted', data: { ...(maria!.data as object), number: '1' } },
        assumed: maria!,
      },
      { doc: { ...joao!, status: 'accepted' }, assumed: joao! },
    ])
    expect(answer.refused.map((r) => r.id)).toEqual([joao!.id])
    const after = await current(db, maria!.id as string)
    expect(after!.status).toBe('accepted')
    expect((after!.data as { number: string }).number).toBe('919000000001')
    expect((await current(db, joao!.id as string))!.status).toBe('sent')
  })

  it('takes no stale status, keeps the groups, and archives for good (N08)', async () => {
    const m = await current(db, 'mt-t-jaul')
    const renamed = await push(db, facilitator, [
      {
        doc: {
          ...m!,
          status: 'pending',
          data: { ...(m!.data as object), title: 'Term two review' },
        },
        assumed: m!,
      },
    ])
    expect(renamed).toEqual({ conflicts: [], refused: [] })
    const after = await current(db, 'mt-t-jaul')
    expect(after).toMatchObject({ status: 'sent', data: { title: 'Term two review' } })
    const regroup = await push(db, facilitator, [
      { doc: { ...after!, group_ids: ['rg-tanni'] }, assumed: after! },
    ])
    expect(regroup.refused[0]!.reason).toMatch(/keeps the groups and families/)
    expect(
      await push(db, administration, [{ doc: { ...after!, status: 'archived' }, assumed: after! }]),
    ).toEqual({ conflicts: [], refused: [] })
    const archived = await current(db, 'mt-t-jaul')
    expect(archived!.status).toBe('archived')
    const moved = await push(db, administration, [
      {
        doc: { ...archived!, data: { ...(archived!.data as object), date: '2026-12-19' } },
        assumed: archived!,
      },
    ])
    expect(moved.refused[0]!.reason).toMatch(/An archived meeting stays as it was/)
    const [joao] = await db.query<{ id: string }>(
      `select id from public.gatherings where meeting_id = 'mt-t-jaul' and data ->> 'number' = '919000000003'`,
    )
    const [late] = await db.query<{ taken: boolean }>(
      `select public.meeting_answer($1, 'accepted', '919000000003') as taken`,
      [joao!.id],
    )
    expect(late!.taken).toBe(false)
  })
})
