// The migration runner: bootstrap only where Supabase is absent, each migration once and in its
// own transaction, recorded like the Supabase CLI records them.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../supabase/local/db.ts'
import { runAccessTokenHook } from '../../supabase/local/auth/tokens.ts'
import { migrate } from '../../supabase/local/migrate.ts'
import { testDatabases, type FreshDatabase } from '../helpers/test-db.ts'

describe.each(testDatabases())('migrations on $name', (target) => {
  let database: FreshDatabase
  let db: Db

  beforeAll(async () => {
    database = await target.fresh()
    db = await openDb({ url: database.url, memory: database.memory })
  })
  afterAll(async () => {
    await db?.close()
    await database?.drop()
  })

  it('applies the bootstrap and every migration once, recorded like the Supabase CLI', async () => {
    const first = await migrate(db)
    expect(first.supabase).toBe(false)
    expect(first.bootstrapped).toContain('00_core.sql')
    expect(first.applied).toContain('20261125000100_foundation.sql')

    const second = await migrate(db)
    expect(second).toEqual({ supabase: false, bootstrapped: [], applied: [] })

    const [row] = await db.query<{ version: string; name: string; n: number }>(
      `select version, name, cardinality(statements) as n
         from supabase_migrations.schema_migrations where version = '20261125000100'`,
    )
    expect(row).toMatchObject({ version: '20261125000100', name: 'foundation' })
    expect(row!.n).toBeGreaterThan(20)
  })

  it('re-applies bootstrap files when they change, and they run again without error', async () => {
    await db.query(`update supabase_migrations.local_bootstrap set checksum = 'changed'`)
    const again = await migrate(db)
    expect(again.bootstrapped).toContain('00_core.sql')
    expect(again.applied).toEqual([])
    const [fns] = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'auth' and p.proname in ('uid', 'role', 'email', 'jwt')`,
    )
    expect(fns!.n).toBe(4)
  })

  it('rolls a failing migration back whole and records only the ones that succeeded', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'))
    await writeFile(join(dir, '99990101000000_ok.sql'), 'create table public.runner_ok (id int);')
    await writeFile(
      join(dir, '99990101000001_broken.sql'),
      'create table public.runner_broken (id int);\nselect 1 / 0;',
    )
    await expect(migrate(db, { migrationsDir: dir })).rejects.toThrow(
      /99990101000001_broken\.sql.*division by zero/,
    )
    const [state] = await db.query<{ ok: boolean; broken: boolean; recorded: string[] }>(
      `select to_regclass('public.runner_ok') is not null as ok,
              to_regclass('public.runner_broken') is not null as broken,
              array(select version from supabase_migrations.schema_migrations
                     where version like '9999%' order by version) as recorded`,
    )
    expect(state).toEqual({ ok: true, broken: false, recorded: ['99990101000000'] })
  })
})

describe.each(testDatabases())('a Supabase database on $name', (target) => {
  it('is recognised by Supabase Auth tables and gets no bootstrap', async () => {
    const database = await target.fresh()
    const db = await openDb({ url: database.url, memory: database.memory })
    try {
      // What Supabase's image has and our bootstrap would otherwise create.
      await db.exec('create schema auth; create table auth.users (id uuid primary key);')
      const empty = await mkdtemp(join(tmpdir(), 'migrations-'))
      const result = await migrate(db, { migrationsDir: empty })
      expect(result).toEqual({ supabase: true, bootstrapped: [], applied: [] })
      const [row] = await db.query<{ marker: boolean; uid: boolean }>(
        `select to_regclass('supabase_migrations.local_bootstrap') is not null as marker,
                to_regprocedure('auth.uid()') is not null as uid`,
      )
      expect(row).toEqual({ marker: false, uid: false })
      // Without the access token hook the host issues Supabase's standard claims unchanged.
      const claims = { sub: 'x', role: 'authenticated', aud: 'authenticated' }
      expect(
        await runAccessTokenHook(db, '00000000-0000-4000-a000-000000000001', claims, 'password'),
      ).toBe(claims)
    } finally {
      await db.close()
      await database.drop()
    }
  })
})
