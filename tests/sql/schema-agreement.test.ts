// supabase/schemas/ is the schema as it stands, the place to read what a table, function or
// policy is today; supabase/migrations/ is what deploys. Both must build the same database:
// tables, columns, constraints, indexes, functions, triggers, policies, grants, publications and
// the registry rows, on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../supabase/local/db.ts'
import { migrate } from '../../supabase/local/migrate.ts'
import { testDatabases, type FreshDatabase } from '../helpers/test-db.ts'
import { catalogDiff, catalogOf, type Catalog } from './support/catalog.ts'
import { applySchemas } from './support/schema-files.ts'

describe.each(testDatabases())('supabase/schemas and the migrations on $name', (target) => {
  const opened: Array<{ db: Db; database: FreshDatabase }> = []
  let migrated: Catalog
  let declared: Catalog

  async function fresh(): Promise<Db> {
    const database = await target.fresh()
    const db = await openDb({ url: database.url, memory: database.memory })
    opened.push({ db, database })
    return db
  }

  beforeAll(async () => {
    const a = await fresh()
    await migrate(a)
    migrated = await catalogOf(a)
    const b = await fresh()
    await applySchemas(b)
    declared = await catalogOf(b)
  })
  afterAll(async () => {
    for (const { db, database } of opened) {
      await db.close()
      await database.drop()
    }
  })

  it('build the same catalog', () => {
    expect(catalogDiff(declared, migrated, ['supabase/schemas', 'migrations'])).toEqual([])
  })

  it('reads every part of the app that the catalog holds', () => {
    // A catalog that read nothing would agree with anything.
    expect(Object.keys(migrated.relations!)).toEqual(
      expect.arrayContaining(['public.members', 'public.payments', 'app.sync_collections']),
    )
    expect(Object.keys(migrated.functions!)).toContain(
      'public.sync_pull(collection text, checkpoint jsonb, batch_size integer)',
    )
    expect(Object.keys(migrated.policies!).length).toBeGreaterThan(60)
    expect(Object.keys(migrated.sync_collections!)).toContain('payments')
  })

  it('tells one difference from another: a changed policy, a missing grant, a new column', async () => {
    const db = await fresh()
    await applySchemas(db)
    await db.exec(`
      alter policy "Members can read reference data" on public.reference using (false);
      revoke execute on function public.sync_pull(text, jsonb, integer) from authenticated;
      alter table public.payments add column note_to_self text;`)
    const lines = catalogDiff(await catalogOf(db), migrated, ['changed', 'migrations'])
    expect(lines.map((l) => l.split('\n')[0])).toEqual([
      'columns public.payments.note_to_self: only in changed',
      'functions public.sync_pull(collection text, checkpoint jsonb, batch_size integer): differs',
      'policies public.reference.Members can read reference data: differs',
    ])
  })
})
