// Row-level security calls its helpers (app.is_staff(), auth.uid(), ...) once per statement, not
// once per row: each call is written `(select app.helper())`, with no argument taken from the row,
// so PostgreSQL plans it as an init plan and a guardian's pull over thousands of other families'
// rows stays a few milliseconds. A row test is set membership (`family_id = any ((select
// app.my_family_ids())::text[])`), never `app.is_guardian_of(family_id)`. This reads every policy as the
// database holds it, so the next table cannot regress.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../supabase/local/db.ts'
import { demoAccounts, type DemoAccount } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

/** Schemas whose functions are helpers a policy must call once per statement. */
const helperSchemas = ['app', 'auth']

/**
 * The helper calls of a policy expression (as pg_policies deparses it) that PostgreSQL would run
 * once per row: not alone in a scalar subquery, or given an argument.
 */
function unwrappedHelperCalls(expression: string): string[] {
  const found: string[] = []
  const call = new RegExp(`\\b(?:${helperSchemas.join('|')})\\.[a-z_][a-z0-9_]*\\(`, 'gi')
  for (const match of expression.matchAll(call)) {
    const start = match.index
    const before = expression.slice(0, start)
    const after = expression.slice(start + match[0].length)
    const wrapped = /\(\s*select\s+$/i.test(before) && /^\)\s+AS\s+[a-z_][a-z0-9_]*\)/i.test(after)
    if (!wrapped) found.push(`${match[0]}${after.slice(0, 40)}`)
  }
  return found
}

interface Policy {
  name: string
  qual: string | null
  with_check: string | null
}

const guardian = demoAccounts.find((a) => a.label === 'guardian') as DemoAccount

describe('a policy expression with a helper', () => {
  it.each([
    ['( SELECT app.is_staff() AS is_staff)', []],
    ['(family_id = ANY (( SELECT app.my_family_ids() AS my_family_ids)::text[]))', []],
    ['(member_id = ( SELECT auth.uid() AS uid))', []],
    ['app.is_staff()', ['app.is_staff()']],
    ['(app.is_staff() OR app.is_guardian_of(id))', ['app.is_staff()', 'app.is_guardian_of(id)']],
    ['(group_id = ANY (app.family_group_ids()))', ['app.family_group_ids()']],
    ['(member_id = auth.uid())', ['auth.uid()']],
    [
      '( SELECT app.is_guardian_of((storage.foldername(objects.name))[2]) AS is_guardian_of)',
      ['app.is_guardian_of((storage.foldername(objects.name))[2'],
    ],
    ['(( SELECT app.is_staff() AS is_staff) AND app.is_admin())', ['app.is_admin()']],
  ])('%s runs per row at %j', (expression, perRow) => {
    const found = unwrappedHelperCalls(expression)
    expect(found).toHaveLength(perRow.length)
    found.forEach((call, i) => expect(call.startsWith(perRow[i]!)).toBe(true))
  })
})

describe.each(testDatabases())('policies on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  const policies = () =>
    db.query<Policy>(
      `select schemaname || '.' || tablename || ': ' || policyname as name, qual, with_check
         from pg_policies order by 1`,
    )

  it('call every helper once per statement, never with a column of the row', async () => {
    const all = await policies()
    expect(all.length).toBeGreaterThan(60)
    const perRow = all.flatMap((p) =>
      [p.qual, p.with_check]
        .filter((e): e is string => e !== null)
        .flatMap((e) => unwrappedHelperCalls(e).map((call) => `${p.name}: ${call}`)),
    )
    expect(perRow).toEqual([])
  })

  it('would refuse a new table whose policy calls a helper per row', async () => {
    // Made by the owner in a transaction that is rolled back: the probe never stays.
    const probe = new Error('roll back the probe')
    let found: Policy[] = []
    await db
      .transaction(async (tx) => {
        await tx.query(`create table public.policy_probe (id text primary key, family_id text)`)
        await tx.query(
          `create policy "probe" on public.policy_probe for select to authenticated
             using (app.is_staff() or family_id = (select app.family_token()))`,
        )
        found = await tx.query<Policy>(
          `select policyname as name, qual, with_check from pg_policies where tablename = 'policy_probe'`,
        )
        throw probe
      })
      .catch((error: unknown) => {
        if (error !== probe) throw error
      })
    expect(found.flatMap((p) => unwrappedHelperCalls(p.qual ?? ''))).toEqual([
      expect.stringMatching(/^app\.is_staff\(\)/),
    ])
    const [left] = await db.query<{ t: string | null }>(
      `select to_regclass('public.policy_probe')::text as t`,
    )
    expect(left?.t).toBeNull()
  })

  it('still let a guardian read their own family, its students and payments, and no other', async () => {
    const seen = await asUser(db, claimsOf(guardian), async (tx) => {
      const [token] = await tx.query<{ t: string | null }>(`select app.family_token() as t`)
      const families = await tx.query<{ id: string }>(`select id from public.families`)
      const students = await tx.query<{ family_id: string }>(
        `select family_id from public.students`,
      )
      const payments = await tx.query<{ family_id: string }>(
        `select family_id from public.payments`,
      )
      return { token: token?.t, families, students, payments }
    })
    expect(seen.token).toBeTruthy()
    expect(seen.families.map((f) => f.id)).toEqual([seen.token])
    expect(seen.students.length).toBeGreaterThan(0)
    expect(new Set(seen.students.map((s) => s.family_id))).toEqual(new Set([seen.token]))
    expect(new Set(seen.payments.map((p) => p.family_id))).toEqual(
      new Set(seen.payments.length ? [seen.token] : []),
    )
  })
})
