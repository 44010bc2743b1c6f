// Families and students (issue 13): who receives a family's rows, what a guardian may change
// through sync, and which timetables a family follows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts, type DemoAccount } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const by = (label: string): DemoAccount => {
  const account = demoAccounts.find((a) => a.label === label)
  if (!account) throw new Error(`no demo account ${label}`)
  return account
}
const admin = by('admin')
const administration = by('administration')
const guardian = by('guardian')
const student = by('student')
const parentFacilitator = by('parent facilitator')
const facilitator = by('facilitator')
const blocked = by('blocked')

const as = <T>(db: Db, account: DemoAccount, fn: (tx: Queryable) => Promise<T>) =>
  asUser(db, claimsOf(account), fn)
const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort()

interface PushAnswer {
  conflicts: Record<string, unknown>[]
  refused: { id: string; reason: string; code: string }[]
}

async function push(
  tx: Queryable,
  collection: string,
  doc: Record<string, unknown>,
  assumed: Record<string, unknown> | null,
): Promise<PushAnswer> {
  const [row] = await tx.query<{ answer: PushAnswer }>(
    'select public.sync_push($1, $2::jsonb) as answer',
    [collection, JSON.stringify([{ newDocumentState: doc, assumedMasterState: assumed }])],
  )
  return row!.answer
}

async function current(tx: Queryable, table: string, id: string) {
  const [row] = await tx.query<Record<string, unknown>>(
    `select to_jsonb(t) - '_seq' - '_modified' as doc from public.${table} t where id = $1`,
    [id],
  )
  return (row as { doc: Record<string, unknown> } | undefined)?.doc ?? null
}

describe.each(testDatabases())('families and students on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  it('a guardian receives their own family and children only; the office receives every family', async () => {
    const own = await as(db, guardian, async (tx) => ({
      families: ids(await tx.query<{ id: string }>('select id from public.families')),
      students: ids(await tx.query<{ id: string }>('select id from public.students')),
    }))
    expect(own).toEqual({ families: ['demo-family-fernandes'], students: ['st-ines', 'st-tiago'] })
    const naik = await as(db, parentFacilitator, (tx) =>
      tx.query<{ id: string }>('select id from public.students'),
    )
    expect(ids(naik)).toEqual(['st-ira'])
    const office = await as(db, administration, (tx) =>
      tx.query<{ n: number }>('select count(*)::int as n from public.families'),
    )
    expect(office[0]!.n).toBeGreaterThanOrEqual(10)
  })

  it('a student receives their own row only, and no family record', async () => {
    const seen = await as(db, student, async (tx) => ({
      families: ids(await tx.query<{ id: string }>('select id from public.families')),
      students: ids(await tx.query<{ id: string }>('select id from public.students')),
    }))
    expect(seen).toEqual({ families: [], students: ['st-tiago'] })
  })

  it('facilitators and blocked guardians receive no family data', async () => {
    for (const account of [facilitator, blocked]) {
      const seen = await as(db, account, async (tx) => [
        ...(await tx.query<{ id: string }>('select id from public.families')),
        ...(await tx.query<{ id: string }>('select id from public.students')),
      ])
      expect(seen).toEqual([])
    }
  })

  it("a family follows its children's groups' timetables and nothing else", async () => {
    const groups = await as(db, guardian, (tx) =>
      tx.query<{ group_id: string }>(
        'select distinct group_id from public.timetables order by group_id',
      ),
    )
    expect(groups.map((g) => g.group_id)).toEqual(['rg-jaul', 'rg-tanni'])
    const own = await as(db, student, (tx) =>
      tx.query<{ group_id: string }>('select distinct group_id from public.timetables'),
    )
    expect(own.map((g) => g.group_id)).toEqual(['rg-jaul'])
  })

  it('a guardian changes their family profile through sync, but not its status', async () => {
    await as(db, guardian, async (tx) => {
      const family = (await current(tx, 'families', 'demo-family-fernandes'))!
      const data = family.data as Record<string, unknown>
      const edited = { ...family, data: { ...data, latestMessage: 'Hello' } }
      expect(await push(tx, 'families', edited, family)).toEqual({ conflicts: [], refused: [] })
      const after = (await current(tx, 'families', 'demo-family-fernandes'))!
      expect((after.data as Record<string, unknown>).latestMessage).toBe('Hello')
      expect(after.updated_by).toBe(guardian.id)

      const archived = await push(tx, 'families', { ...after, status: 'archived' }, after)
      expect(archived.refused).toHaveLength(1)
      expect(archived.refused[0]!.reason).toBe(
        "Only the office can change a family's status or name, or remove it.",
      )
    })
  })

  it("a guardian edits their child's profile, but not the group or the enrolment", async () => {
    await as(db, guardian, async (tx) => {
      const tiago = (await current(tx, 'students', 'st-tiago'))!
      const data = tiago.data as Record<string, unknown>
      const edited = { ...tiago, data: { ...data, questions: 'Loves football' } }
      expect(await push(tx, 'students', edited, tiago)).toEqual({ conflicts: [], refused: [] })
      const after = (await current(tx, 'students', 'st-tiago'))!
      const moved = await push(tx, 'students', { ...after, group_id: 'rg-dongor' }, after)
      expect(moved.refused[0]!.reason).toBe(
        "Only the office can change a student's name, group, enrolment or fees.",
      )
      const removed = await push(tx, 'students', { ...after, _deleted: true }, after)
      expect(removed.refused).toHaveLength(1)
      // The name on the roll is the office's (issue 29, item 10).
      const renamed = await push(tx, 'students', { ...after, name: 'Tiago the Great' }, after)
      expect(renamed.refused[0]!.reason).toBe(
        "Only the office can change a student's name, group, enrolment or fees.",
      )
    })
  })

  it('a guardian cannot enrol a child or touch another family', async () => {
    await as(db, guardian, async (tx) => {
      const enrol = await push(
        tx,
        'students',
        {
          id: 'st-new',
          family_id: 'demo-family-fernandes',
          contact_id: null,
          group_id: 'rg-jaul',
          status: 'active',
          name: 'New Child',
          fee_tariff_id: null,
          enrolment: {},
          data: { firstName: 'New' },
        },
        null,
      )
      expect(enrol.refused[0]!.code).toBe('42501')
      const other = await push(
        tx,
        'families',
        { id: 'demo-family-naik', status: 'enrolled', name: 'Naik', data: { guardians: [] } },
        null,
      )
      expect(other.refused).toHaveLength(1)
    })
  })

  it('nobody writes families or students directly, outside sync', async () => {
    await expect(
      as(db, admin, (tx) =>
        tx.query(`update public.students set name = 'Direct' where id = 'st-tiago'`),
      ),
    ).rejects.toThrow(
      "Changes to students are made through the app's sync (sync_push), not directly",
    )
    await expect(
      as(db, guardian, (tx) =>
        tx.query(`update public.families set data = data where id = 'demo-family-fernandes'`),
      ),
    ).rejects.toThrow(
      "Changes to families are made through the app's sync (sync_push), not directly",
    )
  })

  it("the office terminates an enrolment; the family's devices start their pull again", async () => {
    const scope = async () =>
      Number(
        (
          await db.query<{ sync_scope: string }>(
            'select sync_scope from public.members where id = $1',
            [guardian.id],
          )
        )[0]!.sync_scope,
      )
    const before = await scope()
    const terminated = await asUser(
      db,
      claimsOf(administration),
      async (tx) => {
        const ines = (await current(tx, 'students', 'st-ines'))!
        const changed = {
          ...ines,
          status: 'terminated',
          enrolment: { ...(ines.enrolment as object), terminationNotes: 'Moved to Pune' },
        }
        expect(await push(tx, 'students', changed, ines)).toEqual({ conflicts: [], refused: [] })
        return changed
      },
      { commit: true },
    )
    expect(await scope()).toBe(before + 1)
    await as(db, administration, async (tx) => {
      const moved = await push(
        tx,
        'students',
        { ...terminated, family_id: 'demo-family-naik' },
        terminated,
      )
      expect(moved.refused[0]!.reason).toBe(
        'A student cannot move to another family: enrol them in that family instead.',
      )
    })
  })
})
