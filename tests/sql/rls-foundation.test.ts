// Who may read and change the foundation tables: every seeded role in turn, as `authenticated`
// or `anon` (never as the owner, who bypasses RLS), allow and deny.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import {
  demoAccounts,
  demoFacilitators,
  type DemoAccount,
} from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const by = (label: string): DemoAccount => {
  const account = demoAccounts.find((a) => a.label === label)
  if (!account) throw new Error(`no demo account ${label}`)
  return account
}
const admin = by('admin')
const guardian = by('guardian')
const facilitator = by('facilitator')
const blocked = by('blocked')
const verified = demoAccounts.filter((a) => a.status === 'verified')
const nonAdmins = verified.filter((a) => a.role !== 'admin')

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort()
const as = <T>(db: Db, account: DemoAccount | null, fn: (tx: Queryable) => Promise<T>) =>
  asUser(db, account ? claimsOf(account) : null, fn)

/** As `as`, inside sync_push's writing context: facilitators are written through sync only. */
const throughSync = <T>(db: Db, account: DemoAccount, fn: (tx: Queryable) => Promise<T>) =>
  as(db, account, async (tx) => {
    await tx.query(`select set_config('app.writer', 'sync_push', true)`)
    return fn(tx)
  })

describe.each(testDatabases())('foundation RLS on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
    await db.exec(`
      insert into public.login_history (member_id, app_version) values
        ('${admin.id}', '1.0.54'), ('${guardian.id}', '1.0.54'), ('${guardian.id}', '1.0.53');
      insert into public.system_errors (source, message) values ('outbox', 'SMTP refused');
      insert into public.system_warnings (source, message) values ('sync', 'slow pull');`)
  })
  afterAll(() => target.close())

  it('has RLS enabled on every table of the public schema', async () => {
    const open = await db.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
    )
    expect(open).toEqual([])
  })

  describe('members', () => {
    it.each(nonAdmins.map((a) => [a.label, a] as const))(
      '%s reads only their own record',
      async (_l, account) => {
        const rows = await as(db, account, (tx) =>
          tx.query<{ id: string }>('select id from public.members'),
        )
        expect(ids(rows)).toEqual([account.id])
      },
    )

    it('a blocked member still reads their own record (so the app can say why) and nothing else', async () => {
      const rows = await as(db, blocked, (tx) =>
        tx.query<{ id: string }>('select id from public.members'),
      )
      expect(ids(rows)).toEqual([blocked.id])
    })

    it('an admin reads every member', async () => {
      const rows = await as(db, admin, (tx) =>
        tx.query<{ id: string }>('select id from public.members'),
      )
      const all = await db.query<{ id: string }>('select id from public.members')
      expect(ids(rows)).toEqual(ids(all))
      expect(ids(rows)).toEqual(expect.arrayContaining(ids(demoAccounts)))
    })

    it('a visitor cannot read members at all', async () => {
      await expect(
        as(db, null, (tx) => tx.query('select id from public.members')),
      ).rejects.toMatchObject({ code: '42501' })
    })

    it('an admin blocks a member and changes roles and flags', async () => {
      const rows = await as(db, admin, (tx) =>
        tx.query<{ status: string; extra: string | null }>(
          `update public.members set status = 'blocked', extra = 'pf' where id = $1 returning status, extra`,
          [guardian.id],
        ),
      )
      expect(rows).toEqual([{ status: 'blocked', extra: 'pf' }])
    })

    it.each(nonAdmins.map((a) => [a.label, a] as const))(
      '%s cannot change any role, not even their own',
      async (_l, account) => {
        const rows = await as(db, account, (tx) =>
          tx.query(`update public.members set role = 'admin' where id in ($1, $2) returning id`, [
            account.id,
            guardian.id,
          ]),
        )
        expect(rows).toEqual([])
      },
    )

    it('nobody writes e-mail, counters or creates and deletes members through the API', async () => {
      for (const sql of [
        `update public.members set email = 'x@y.z' where id = '${guardian.id}'`,
        `update public.members set signin_count = 99 where id = '${admin.id}'`,
        `insert into public.members (id, email) values ('${admin.id}', 'a@b.c')`,
        `delete from public.members where id = '${guardian.id}'`,
      ]) {
        await expect(
          as(db, admin, (tx) => tx.query(sql)),
          sql,
        ).rejects.toMatchObject({ code: '42501' })
      }
    })
  })

  describe('facilitators', () => {
    // Staff and facilitators (parent facilitators included) see the list; families, students
    // and members without a role do not (F10).
    const readers = verified.filter(
      (a) =>
        ['admin', 'administration', 'admission', 'facilitator'].includes(a.role) ||
        a.extra === 'pf',
    )
    const others = verified.filter((a) => !readers.includes(a))

    it('the test covers both sides', () => {
      expect(readers.map((a) => a.label)).toEqual(
        expect.arrayContaining(['admin', 'parent facilitator']),
      )
      expect(others.map((a) => a.label)).toEqual(
        expect.arrayContaining(['guardian', 'student', 'member (no role yet)']),
      )
    })

    it.each(others.map((a) => [a.label, a] as const))(
      '%s reads no facilitator',
      async (_l, account) => {
        expect(
          await as(db, account, (tx) => tx.query('select id from public.facilitators')),
        ).toEqual([])
      },
    )

    it.each(readers.map((a) => [a.label, a] as const))(
      '%s reads every facilitator',
      async (_l, account) => {
        const rows = await as(db, account, (tx) =>
          tx.query<{ id: string }>('select id from public.facilitators'),
        )
        const all = await db.query<{ id: string }>('select id from public.facilitators')
        expect(ids(rows)).toEqual(ids(all))
        expect(ids(rows)).toEqual(expect.arrayContaining(demoFacilitators.map((f) => f.id)))
      },
    )

    it('a blocked member reads none, and a visitor is refused', async () => {
      expect(await as(db, blocked, (tx) => tx.query('select id from public.facilitators'))).toEqual(
        [],
      )
      await expect(
        as(db, null, (tx) => tx.query('select id from public.facilitators')),
      ).rejects.toMatchObject({ code: '42501' })
    })

    it('an admin adds, edits and removes facilitators, and the edit is stamped', async () => {
      const result = await throughSync(db, admin, async (tx) => {
        const added = await tx.query(
          `insert into public.facilitators (id, name, email) values ('f-new', 'New Person', 'new@demo.school') returning id`,
        )
        const edited = await tx.query<{ last_edited_by: string }>(
          `update public.facilitators set name = 'Renamed' where id = $1 returning last_edited_by`,
          [demoFacilitators[0]!.id],
        )
        // Removed softly, so every device hears of it (a hard delete is refused).
        const removed = await tx.query(
          `update public.facilitators set _deleted = true where id = 'f-new' returning id`,
        )
        return { added, edited, removed }
      })
      expect(result.added).toHaveLength(1)
      expect(result.edited).toEqual([{ last_edited_by: admin.email }])
      expect(result.removed).toHaveLength(1)
      await expect(
        throughSync(db, admin, (tx) => tx.query(`delete from public.facilitators returning id`)),
      ).rejects.toMatchObject({ code: '42501' })
    })

    it('nobody writes facilitators directly (the REST path): only through sync', async () => {
      await expect(
        as(db, admin, (tx) =>
          tx.query(`update public.facilitators set name = 'Direct' where id = $1`, [
            demoFacilitators[0]!.id,
          ]),
        ),
      ).rejects.toMatchObject({
        code: '42501',
        message:
          "Changes to facilitators are made through the app's sync (sync_push), not directly",
      })
    })

    it('a facilitator admin (not a system admin) cannot add, edit or remove facilitators', async () => {
      const facilitatorAdmin = by('facilitator admin')
      await expect(
        throughSync(db, facilitatorAdmin, (tx) =>
          tx.query(`insert into public.facilitators (id, name) values ('f-x', 'X')`),
        ),
      ).rejects.toMatchObject({ code: '42501' })
      const changed = await throughSync(db, facilitatorAdmin, (tx) =>
        tx.query(`update public.facilitators set name = 'X', _deleted = true returning id`),
      )
      expect(changed).toEqual([])
      await expect(
        throughSync(db, facilitatorAdmin, (tx) =>
          tx.query(`delete from public.facilitators returning id`),
        ),
      ).rejects.toMatchObject({
        code: '42501',
        message: 'permission denied for table facilitators',
      })
    })
  })

  describe('login history', () => {
    it('a member reads their own sign-ins, an admin reads everyone’s', async () => {
      const mine = await as(db, guardian, (tx) =>
        tx.query<{ member_id: string }>('select member_id from public.login_history'),
      )
      expect(new Set(mine.map((r) => r.member_id))).toEqual(new Set([guardian.id]))
      expect(mine.length).toBeGreaterThanOrEqual(2)
      const facilitatorRows = await as(db, facilitator, (tx) =>
        tx.query<{ member_id: string }>('select member_id from public.login_history'),
      )
      expect(facilitatorRows.filter((r) => r.member_id !== facilitator.id)).toEqual([])
      const all = await db.query('select 1 from public.login_history')
      expect(
        await as(db, admin, (tx) => tx.query('select 1 from public.login_history')),
      ).toHaveLength(all.length)
    })

    it('nobody writes login history directly', async () => {
      await expect(
        as(db, guardian, (tx) =>
          tx.query(`insert into public.login_history (member_id) values ('${guardian.id}')`),
        ),
      ).rejects.toMatchObject({ code: '42501' })
    })
  })

  describe('shared settings', () => {
    it('members who are not blocked read the page size (15 by default)', async () => {
      for (const account of verified) {
        const rows = await as(db, account, (tx) =>
          tx.query('select pagination_limit from public.app_settings'),
        )
        expect(rows, account.label).toEqual([{ pagination_limit: 15 }])
      }
      expect(await as(db, blocked, (tx) => tx.query('select 1 from public.app_settings'))).toEqual(
        [],
      )
    })

    it('an admin changes the page size within 5 to 100; others cannot; counters stay server-side', async () => {
      expect(
        await as(db, admin, (tx) =>
          tx.query('update public.app_settings set pagination_limit = 20 returning id'),
        ),
      ).toHaveLength(1)
      await expect(
        as(db, admin, (tx) => tx.query('update public.app_settings set pagination_limit = 500')),
      ).rejects.toMatchObject({
        code: '23514',
      })
      await expect(
        as(db, admin, (tx) => tx.query(`update public.app_settings set counters = '{}'`)),
      ).rejects.toMatchObject({
        code: '42501',
      })
      expect(
        await as(db, by('administration'), (tx) =>
          tx.query('update public.app_settings set pagination_limit = 20 returning id'),
        ),
      ).toEqual([])
    })
  })

  describe('website data', () => {
    it('everyone reads the published version through get_website_data(), nobody reads the table', async () => {
      for (const account of [null, guardian, admin]) {
        const rows = await as(db, account, (tx) =>
          tx.query<{ app_version: string }>('select app_version from public.get_website_data()'),
        )
        expect(rows).toEqual([{ app_version: '1.0.54' }])
        await expect(
          as(db, account, (tx) => tx.query('select * from public.website_data')),
        ).rejects.toMatchObject({ code: '42501' })
      }
    })
  })

  describe.each(['system_errors', 'system_warnings'])('%s', (table) => {
    it('admins read and dismiss; others see nothing and dismiss nothing', async () => {
      const all = await db.query(`select 1 from public.${table}`)
      expect(all.length).toBeGreaterThanOrEqual(1)
      expect(
        await as(db, admin, (tx) => tx.query(`select source from public.${table}`)),
      ).toHaveLength(all.length)
      expect(
        await as(db, admin, (tx) =>
          tx.query(`update public.${table} set dismissed_at = now() returning id`),
        ),
      ).toHaveLength(all.length)
      for (const account of nonAdmins) {
        expect(
          await as(db, account, (tx) => tx.query(`select 1 from public.${table}`)),
          account.label,
        ).toEqual([])
        expect(
          await as(db, account, (tx) =>
            tx.query(`update public.${table} set dismissed_at = now() returning id`),
          ),
        ).toEqual([])
      }
      await expect(
        as(db, admin, (tx) => tx.query(`update public.${table} set message = 'x'`)),
      ).rejects.toMatchObject({ code: '42501' })
      await expect(
        as(db, null, (tx) => tx.query(`select 1 from public.${table}`)),
      ).rejects.toMatchObject({ code: '42501' })
    })
  })

  describe('function privileges', () => {
    it('visitors run only get_website_data; helpers and the token hook are not callable by people', async () => {
      const rows = await db.query<{ fn: string; anon: boolean; authenticated: boolean }>(
        `select p.oid::regprocedure::text as fn,
                has_function_privilege('anon', p.oid, 'execute') as anon,
                has_function_privilege('authenticated', p.oid, 'execute') as authenticated
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname in ('public', 'app')
            and p.oid in (select objid from pg_depend where deptype = 'e') is not true
          order by 1`,
      )
      const table = Object.fromEntries(
        rows.map((r) => [r.fn, { anon: r.anon, authenticated: r.authenticated }]),
      )
      expect(table['get_website_data()']).toEqual({ anon: true, authenticated: true })
      expect(table['custom_access_token_hook(jsonb)']).toEqual({
        anon: false,
        authenticated: false,
      })
      expect(table['my_member()']).toEqual({ anon: false, authenticated: true })
      expect(table['app.is_admin()']).toEqual({ anon: false, authenticated: true })
      expect(table['app.touch_member()']).toEqual({ anon: false, authenticated: false })
      const foundation = [
        'custom_access_token_hook(jsonb)',
        'get_website_data()',
        'my_member()',
        'record_sign_in(text)',
        'list_members(text,text,integer,integer)',
        'app.member_id()',
        'app.role()',
        'app.is_blocked()',
        'app.is_admin()',
        'app.is_staff()',
        'app.is_facilitator()',
        'app.is_facilitator_admin()',
        'app.facilitator_id()',
        'app.family_token()',
        'app.touch_member()',
        'app.touch_facilitator()',
      ]
      expect(foundation.filter((fn) => !table[fn])).toEqual([])
      expect(foundation.filter((fn) => table[fn]!.anon)).toEqual(['get_website_data()'])
    })
  })
})
