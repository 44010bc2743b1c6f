// Visibility that depends on a column that can still change (issue 30, item 3). A device keeps
// the rows it pulled until the server says otherwise: when a column that decides who reads a row
// changes, those who lose the row must be reset (their scope moves on, their devices re-pull and
// drop it), or the column must not change at all. This lists every column that the read policies
// of replicated tables read, and the helpers' columns, and proves one of the two for each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts, type DemoAccount } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const by = (label: string): DemoAccount => {
  const account = demoAccounts.find((a) => a.label === label)
  if (!account) throw new Error(`no demo account ${label}`)
  return account
}
const guardian = by('guardian')
const facilitator = by('facilitator')
const facilitatorAdmin = by('facilitator admin')
const admin = by('admin')

/** Whether a column can change and who is reset when it does. */
type Rule =
  { fixed: RegExp } | { resets: 'the family'; change: string; where?: string } | { identity: true }

/** Columns the read policies of replicated tables name (pg_depend knows them). */
const readByPolicies: Record<string, Rule> = {
  'families.id': { fixed: /^A record cannot move to another id/ },
  'feedback.family_id': { fixed: /^Feedback stays with its term, group, subject, student/ },
  'feedback.group_id': { fixed: /^Feedback stays with its term, group, subject, student/ },
  'feedback.kind': { fixed: /^Feedback stays with its term, group, subject, student/ },
  // Families read only released feedback: a draft or ready entry may change status freely (no
  // family holds it), and a released one stays released.
  'feedback.status': { fixed: /^Released feedback stays released/ },
  'feedback.student_id': { fixed: /^Feedback stays with its term, group, subject, student/ },
  'gatherings.family_id': { fixed: /^A meeting keeps the groups and families it invited/ },
  'gatherings.family_ids': { fixed: /^A meeting keeps the groups and families it invited/ },
  'gatherings.kind': { fixed: /^A meeting keeps the groups and families it invited/ },
  // Guardians read field trips until they are archived (N15): archiving resets their families.
  'gatherings.status': {
    resets: 'the family',
    change: `status = 'archived'`,
    where: `id = 'ft-visibility'`,
  },
  'lesson_items.group_id': { fixed: /^A record cannot move to another group/ },
  'lesson_items.kind': { fixed: /^The kind of a record cannot change/ },
  'lesson_items.student_id': { fixed: /^A record cannot move to another student/ },
  'payments.family_id': { fixed: /^A payment stays with its family and student/ },
  'reference.kind': { fixed: /^The kind of a record cannot change/ },
  'reference.member_id': { fixed: /^A record cannot move to another member id/ },
  'students.contact_id': { resets: 'the family', change: `contact_id = null` },
  'students.family_id': { fixed: /^A student cannot move to another family/ },
  'timetables.group_id': { fixed: /^A record cannot move to another group/ },
  'timetables.kind': { fixed: /^The kind of a record cannot change/ },
  'topics.facilitator_id': { fixed: /^A record cannot move to another facilitator id/ },
}

/**
 * Columns of replicated tables the policies' helpers read: app.family_group_ids() (the groups
 * whose weeks and assignments a family reads) reads the students' groups, status and removal.
 */
const readByHelpers: Record<string, Rule> = {
  'students.group_id': { resets: 'the family', change: `group_id = 'rg-moved'` },
  'students.status': { resets: 'the family', change: `status = 'terminated'` },
  'students._deleted': { resets: 'the family', change: `_deleted = true` },
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const other = (value: unknown) =>
  Array.isArray(value)
    ? [...(value as unknown[]), 'moved']
    : typeof value !== 'string'
      ? 'moved'
      : UUID.test(value)
        ? '00000000-0000-4000-a000-00000000beef'
        : `${value}-moved`

class Undo extends Error {}

/** Runs `fn` as the owner in a transaction that is always rolled back; answers what it returned. */
async function rolledBack<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  let out: T | undefined
  await db
    .transaction(async (tx) => {
      out = await fn(tx)
      throw new Undo()
    })
    .catch((e: unknown) => {
      if (!(e instanceof Undo)) throw e
    })
  return out as T
}

describe.each(testDatabases())('columns that decide who reads a row, on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
    // A meeting (and the participants the server makes for it), for the meetings' columns.
    await db.query(
      `insert into public.gatherings (id, kind, group_ids, status, data) values ('mt-visibility', 'meeting',
         '{rg-jaul}', 'pending', '{"title": "Review", "date": "2026-12-12", "startTime": "10:00", "endTime": "11:00"}'),
       ('ft-visibility', 'field_trip', '{rg-jaul}', 'pending', '{"title": "Garden", "fee": 0, "startDate": "2027-01-14",
         "endDate": "2027-01-14", "studentIds": [], "facilitatorIds": [], "parents": []}')`,
    )
    // A week's assignment, so lesson items have a row to move.
    await db.exec(`
      insert into public.lesson_items (id, kind, group_id, week_key, facilitator_id, data)
      select 'li-visibility', 'assignment', t.group_id, '2026_48',
             (select m.facilitator_id from public.members m where m.id = '${facilitator.id}'),
             '{"title": "Seeds", "description": "Plant one"}'::jsonb
        from public.timetables t where t.kind = 'group_template' order by t.id limit 1;
      insert into public.timetables (id, kind, group_id, week_key, data)
      select 'wk_2026_48_' || t.group_id, 'week', t.group_id, '2026_48', t.data
        from public.timetables t where t.kind = 'group_template' order by t.id limit 1
      on conflict (id) do nothing;
      insert into public.lesson_items (id, kind, group_id, week_key, student_id, data)
      values ('li-visibility-absence', 'absence', 'rg-jaul', '2026_48', 'st-tiago',
              '{"date": "2026-11-23", "reportedBy": "facilitator"}'::jsonb);

      insert into public.feedback (id, kind, term, group_id, subject_id, facilitator_id, student_id, status, data)
      values ('fb-visibility', 'student', '2026_2027_2', 'rg-jaul', 'rs-maths',
              (select m.facilitator_id from public.members m where m.id = '${facilitator.id}'),
              'st-tiago', 'released',
              '{"title": "Fractions", "feedback": "Works well", "groupFeedbackId": null, "color": "green",
                "notParticipating": false, "studentName": "Tiago Fernandes"}')`)
  })
  afterAll(() => target.close())

  it('are the ones this test proves, no more and no fewer', async () => {
    const rows = await db.query<{ col: string }>(
      `select distinct c.relname || '.' || a.attname as col
         from pg_policy p
         join pg_depend d on d.classid = 'pg_policy'::regclass and d.objid = p.oid
                         and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0
         join pg_class c on c.oid = d.refobjid
         join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
         join pg_attribute a on a.attrelid = c.oid and a.attnum = d.refobjsubid
        where p.polcmd in ('r', '*')
          and c.relname in (select name from app.sync_collections)
        order by 1`,
    )
    expect(rows.map((r) => r.col)).toEqual(Object.keys(readByPolicies).sort())
    // The helper these read policies call for families' groups is the one readByHelpers covers.
    const [helper] = await db.query<{ body: string }>(
      `select prosrc as body from pg_proc where oid = 'app.family_group_ids()'::regprocedure`,
    )
    for (const col of Object.keys(readByHelpers)) {
      const name = col.split('.')[1]!
      expect(helper!.body).toContain(`s.${name}`)
    }
  })

  const all = Object.entries({ ...readByPolicies, ...readByHelpers })

  it.each(all.filter(([, rule]) => 'fixed' in rule))(
    '%s cannot change once written',
    async (col, rule) => {
      const [table, column] = col.split('.') as [string, string]
      const error = await rolledBack(db, async (tx) => {
        const [row] = await tx.query<{ id: string; value: unknown }>(
          `select id, ${column} as value from public.${table} where ${column} is not null order by id limit 1`,
        )
        expect(row, `a ${table} row to change`).toBeDefined()
        return tx
          .query(`update public.${table} set ${column} = $1 where id = $2`, [
            other(row!.value),
            row!.id,
          ])
          .then(
            () => null,
            (e: unknown) => e as Error,
          )
      })
      expect(error?.message).toMatch((rule as { fixed: RegExp }).fixed)
    },
  )

  it.each(all.filter(([, rule]) => 'resets' in rule))(
    "%s moves the scope of the family's members, whose devices re-pull and drop what they lost",
    async (col, rule) => {
      const [table] = col.split('.') as [string, string]
      const bumped = await rolledBack(db, async (tx) => {
        const scope = async () =>
          (
            await tx.query<{ s: string }>(
              `select sync_scope::text as s from public.members where id = $1`,
              [guardian.id],
            )
          )[0]!.s
        const before = await scope()
        // As the office, who may change a student's group, enrolment and contact.
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify(claimsOf(admin)),
        ])
        await tx.query(
          `update public.${table} set ${(rule as { change: string }).change}
            where ${(rule as { where?: string }).where ?? `id = 'st-tiago'`}`,
        )
        return Number(await scope()) - Number(before)
      })
      expect(bumped).toBeGreaterThan(0)
    },
  )

  it('a facilitator or facilitator admin cannot move a week or an assignment to another group through sync', async () => {
    for (const [account, collection, where] of [
      [facilitator, 'lesson_items', `id = 'li-visibility'`],
      [facilitator, 'timetables', `kind = 'week'`],
      [facilitatorAdmin, 'timetables', `kind = 'week'`],
      [facilitatorAdmin, 'timetables', `kind = 'group_template'`],
    ] as const) {
      const [row] = await db.query<{ doc: Record<string, unknown> }>(
        `select to_jsonb(t) - '_seq' - '_modified' as doc from public.${collection} t
          where ${where} order by id limit 1`,
      )
      const doc = row!.doc
      const answer = await asUser(db, claimsOf(account), async (tx) => {
        const [out] = await tx.query<{
          answer: { refused: { id: string; reason: string }[]; conflicts: unknown[] }
        }>('select public.sync_push($1, $2::jsonb) as answer', [
          collection,
          JSON.stringify([
            { newDocumentState: { ...doc, group_id: 'rg-elsewhere' }, assumedMasterState: doc },
          ]),
        ])
        return out!.answer
      })
      expect(answer.refused.map((r) => [r.id, r.reason])).toEqual([
        [doc.id, 'A record cannot move to another group: remove it and add a new one.'],
      ])
    }
  })
})
