// Field trips (N13–N16, N20): who makes and changes one, its status (pending, then archived for
// good), its academic year, the order trips are listed in, and who reads it: staff and
// facilitators every trip, a guardian the trips of their children's groups until archived.
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
const administration = by('administration')
const student = by('student')

interface PushAnswer {
  conflicts: Record<string, unknown>[]
  refused: { id: string; reason: string; code: string }[]
}

async function push(
  db: Db,
  account: DemoAccount,
  doc: Record<string, unknown>,
  assumed: Record<string, unknown> | null,
): Promise<PushAnswer> {
  return asUser(
    db,
    claimsOf(account),
    async (tx: Queryable) => {
      const [row] = await tx.query<{ answer: PushAnswer }>(
        'select public.sync_push($1, $2::jsonb) as answer',
        ['gatherings', JSON.stringify([{ newDocumentState: doc, assumedMasterState: assumed }])],
      )
      return row!.answer
    },
    { commit: true },
  )
}

async function current(db: Db, id: string): Promise<Record<string, unknown>> {
  const [row] = await db.query<{ doc: Record<string, unknown> }>(
    `select to_jsonb(g) - '_seq' - '_modified' as doc from public.gatherings g where id = $1`,
    [id],
  )
  return row!.doc
}

/** The trips an account reads, by start date, latest first (N16). */
async function tripsOf(db: Db, account: DemoAccount, prefix: string): Promise<string[]> {
  return asUser(db, claimsOf(account), async (tx) =>
    (
      await tx.query<{ id: string }>(
        `select id from public.gatherings
          where kind = 'field_trip' and status = 'pending' and id like $1
          order by data ->> 'startDate' desc, id`,
        [`${prefix}%`],
      )
    ).map((r) => r.id),
  )
}

const scopeOf = async (db: Db, account: DemoAccount) =>
  Number(
    (
      await db.query<{ s: string }>(
        `select sync_scope::text as s from public.members where id = $1`,
        [account.id],
      )
    )[0]!.s,
  )

const trip = (id: string, groups: string[], extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'field_trip',
  meeting_id: null,
  group_ids: groups,
  status: 'pending',
  data: {
    title: 'Botanical garden',
    description: 'A day among the trees',
    itinerary: '9:00 bus; 12:00 lunch',
    packingList: 'Water, hat',
    fee: 350,
    startDate: '2027-01-14',
    endDate: '2027-01-14',
    academicYear: '2026-27',
    studentIds: ['st-tiago'],
    facilitatorIds: [],
    parents: ['Maria Fernandes'],
    ...extra,
  },
  _deleted: false,
})

describe.each(testDatabases())('field trips on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  it('office staff and facilitators make trips, pending, for the families of their groups (N13, N14, N20)', async () => {
    expect(await push(db, administration, trip('ft-t-jaul', ['rg-jaul']), null)).toEqual({
      conflicts: [],
      refused: [],
    })
    const made = await current(db, 'ft-t-jaul')
    expect(made).toMatchObject({
      kind: 'field_trip',
      status: 'pending',
      created_by: administration.id,
      data: {
        title: 'Botanical garden',
        fee: 350,
        academicYear: '2026-27',
        startDate: '2027-01-14',
      },
    })
    expect(made.family_ids).toContain(guardian.familyToken)
    expect(
      await push(
        db,
        facilitator,
        trip('ft-t-fac', ['rg-jaul'], { startDate: '2027-03-02', endDate: '2027-03-03' }),
        null,
      ),
    ).toEqual({
      conflicts: [],
      refused: [],
    })
    // The academic year is the one the start date falls in, whatever the device said.
    const may = trip('ft-t-may', ['rg-jaul'], {
      startDate: '2027-05-20',
      endDate: '2027-05-21',
      academicYear: '2030-31',
    })
    await push(db, facilitator, may, null)
    expect((await current(db, 'ft-t-may')).data).toMatchObject({ academicYear: '2026-27' })
  })

  it('refuses a trip from a guardian or a student, a new trip already archived, and a bad one', async () => {
    for (const who of [guardian, student]) {
      const answer = await push(
        db,
        who,
        trip(`ft-t-${who.label.replace(/\W/g, '')}`, ['rg-jaul']),
        null,
      )
      expect(answer.refused.map((r) => r.code)).toEqual(['42501'])
    }
    const archived = await push(
      db,
      administration,
      { ...trip('ft-t-arch', ['rg-jaul']), status: 'archived' },
      null,
    )
    expect(archived.refused.map((r) => r.reason)).toEqual(['A new field trip is pending.'])
    const backwards = await push(
      db,
      administration,
      trip('ft-t-back', ['rg-jaul'], { endDate: '2027-01-10' }),
      null,
    )
    expect(backwards.refused.map((r) => r.reason)).toEqual([
      'A field trip needs its start and end dates, the end on or after the start.',
    ])
    const fee = await push(db, administration, trip('ft-t-fee', ['rg-jaul'], { fee: -5 }), null)
    expect(fee.refused.map((r) => r.reason)).toEqual([
      "A field trip's fee is a whole number of rupees from 0 to 10,00,000.",
    ])
  })

  it('a guardian reads the trips of their children’s groups, latest start first, not others (N15, N16)', async () => {
    await push(db, administration, trip('ft-t-vaaro', ['rg-vaaro']), null)
    expect(await tripsOf(db, guardian, 'ft-t-')).toEqual(['ft-t-may', 'ft-t-fac', 'ft-t-jaul'])
    expect(await tripsOf(db, administration, 'ft-t-')).toEqual([
      'ft-t-may',
      'ft-t-fac',
      'ft-t-jaul',
      'ft-t-vaaro',
    ])
    expect(await tripsOf(db, facilitator, 'ft-t-')).toHaveLength(4)
    expect(await tripsOf(db, student, 'ft-t-')).toEqual([])
  })

  it('archived, a trip leaves the guardians’ devices and stays archived (N14, N15)', async () => {
    const before = await current(db, 'ft-t-jaul')
    const scope = await scopeOf(db, guardian)
    const answer = await push(db, facilitator, { ...before, status: 'archived' }, before)
    expect(answer).toEqual({ conflicts: [], refused: [] })
    expect((await current(db, 'ft-t-jaul')).status).toBe('archived')
    expect(await scopeOf(db, guardian)).toBeGreaterThan(scope)
    const seen = await asUser(db, claimsOf(guardian), async (tx) =>
      tx.query(`select id from public.gatherings where id = 'ft-t-jaul'`),
    )
    expect(seen).toEqual([])
    const archived = await current(db, 'ft-t-jaul')
    const again = await push(db, administration, { ...archived, status: 'pending' }, archived)
    expect(again.refused.map((r) => r.reason)).toEqual(['An archived field trip stays as it was.'])
  })

  it('a guardian cannot change a trip, and its groups stay as made', async () => {
    const row = await current(db, 'ft-t-fac')
    const byGuardian = await push(
      db,
      guardian,
      { ...row, data: { ...(row.data as object), fee: 0 } },
      row,
    )
    expect(byGuardian.refused.map((r) => r.code)).toEqual(['42501'])
    const moved = await push(db, administration, { ...row, group_ids: ['rg-vaaro'] }, row)
    expect(moved.refused.map((r) => r.reason)).toEqual([
      'A meeting keeps the groups and families it invited: archive it and make another.',
    ])
    const edited = await push(
      db,
      administration,
      { ...row, data: { ...(row.data as object), fee: 400 } },
      row,
    )
    expect(edited).toEqual({ conflicts: [], refused: [] })
    expect((await current(db, 'ft-t-fac')).data).toMatchObject({ fee: 400 })
  })

  it('puts a trip in the participants’ guardians’ calendars, and moves it when its dates move', async () => {
    const invites = async () =>
      db.query<{ to: string; subject: string; trigger: string; invite: Record<string, unknown> }>(
        `select recipients[1] as to, subject, email_trigger as trigger,
                attachments -> 0 -> 'invite' as invite
           from public.email_outbox
          where attachments -> 0 -> 'invite' ->> 'uid' = 'trip-ft-t-cal@gatherings'
          order by (attachments -> 0 -> 'invite' ->> 'sequence')::int, recipients[1]`,
      )
    await push(db, facilitator, trip('ft-t-cal', ['rg-jaul'], { studentIds: [] }), null)
    expect(await invites()).toEqual([])
    // A participant added: both of Tiago's guardians (they have e-mail) are invited, once each.
    let row = await current(db, 'ft-t-cal')
    await push(
      db,
      facilitator,
      { ...row, data: { ...(row.data as object), studentIds: ['st-tiago'] } },
      row,
    )
    const first = await invites()
    expect(first.map((i) => [i.to, i.trigger, i.invite.sequence])).toEqual([
      ['guardian@demo.school', 'field_trips.invitation', 0],
      ['joao.fernandes@demo.school', 'field_trips.invitation', 0],
    ])
    expect(first[0]).toMatchObject({
      subject: 'Field trip: Botanical garden on 2027-01-14',
      invite: {
        allDay: true,
        date: '2027-01-14',
        endDate: '2027-01-14',
        summary: 'Field trip: Botanical garden',
        attendees: [{ name: 'Maria Fernandes', email: 'guardian@demo.school' }],
      },
    })
    expect(first[0]!.invite.description).toContain('Itinerary: 9:00 bus; 12:00 lunch')
    // A change of fee moves nothing; a change of dates sends the same event, the next sequence.
    row = await current(db, 'ft-t-cal')
    await push(db, administration, { ...row, data: { ...(row.data as object), fee: 500 } }, row)
    expect(await invites()).toHaveLength(2)
    row = await current(db, 'ft-t-cal')
    await push(
      db,
      administration,
      { ...row, data: { ...(row.data as object), startDate: '2027-01-20', endDate: '2027-01-21' } },
      row,
    )
    const moved = (await invites()).filter((i) => i.trigger === 'field_trips.moved')
    expect(
      moved.map((i) => [i.to, i.subject, i.invite.sequence, i.invite.date, i.invite.endDate]),
    ).toEqual([
      [
        'guardian@demo.school',
        'Field trip moved: Botanical garden, now from 2027-01-20 to 2027-01-21',
        1,
        '2027-01-20',
        '2027-01-21',
      ],
      [
        'joao.fernandes@demo.school',
        'Field trip moved: Botanical garden, now from 2027-01-20 to 2027-01-21',
        1,
        '2027-01-20',
        '2027-01-21',
      ],
    ])
    // Archived, the trip sends nothing more.
    row = await current(db, 'ft-t-cal')
    await push(db, administration, { ...row, status: 'archived' }, row)
    expect(await invites()).toHaveLength(4)
  })
})
