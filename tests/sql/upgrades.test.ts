// A database made by an earlier build of main, then brought to today's migrations, ends with the
// same catalog as a fresh one. Until 2026-11-28 landed migrations were edited in place, so such
// databases kept older definitions; 20261128000100_catch_up brings them level. The earlier builds
// (tests/sql/upgrades/states.json) are every kind of database an edit left behind, the three the
// upgrade was first tried with among them: before 7ab8ebb, f88beef and the last landed build.
import { copyFile, mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDb, type Db } from '../../supabase/local/db.ts'
import { DatabaseTooNewError, defaultMigrationsDir, migrate } from '../../supabase/local/migrate.ts'
import { testDatabases, type FreshDatabase } from '../helpers/test-db.ts'
import { catalogDiff, catalogOf, type Catalog } from './support/catalog.ts'
import { earlierBuilds, rebuildEarlier, type EarlierBuild } from './support/schema-files.ts'

const builds: EarlierBuild[] = await earlierBuilds()
/**
 * Every earlier build runs on PostgreSQL; PGlite, slower to start, runs the three the upgrade was
 * first tried with and the one where two migrations shared a version.
 */
const onPglite = new Set(['e0f0eac', '529d56e', 'f88beef', '97b87c4'])

describe.each(testDatabases())('upgrading databases of earlier builds on $name', (target) => {
  let today: Catalog

  async function withFresh<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    const database: FreshDatabase = await target.fresh()
    const db = await openDb({ url: database.url, memory: database.memory })
    try {
      return await fn(db)
    } finally {
      await db.close()
      await database.drop()
    }
  }

  beforeAll(async () => {
    today = await withFresh(async (db) => {
      await migrate(db)
      return catalogOf(db)
    })
  })

  it('covers the builds the upgrade must handle', () => {
    expect(builds.map((b) => b.commit)).toEqual(
      expect.arrayContaining(['e0f0eac', 'f88beef', '97b87c4']),
    )
  })

  it.each(
    builds
      .filter((b) => target.name === 'postgres' || onPglite.has(b.commit))
      .map((b) => [b.commit, b.label, b] as const),
  )('%s (%s) ends level with a fresh database', async (_commit, _label, build) => {
    const { migrationsDir, bootstrapDir } = await rebuildEarlier(build)
    const lines = await withFresh(async (db) => {
      await migrate(db, { migrationsDir, bootstrapDir })
      const upgrade = await migrate(db)
      expect(upgrade.applied).toContain('20261128000100_catch_up.sql')
      return catalogDiff(await catalogOf(db), today, ['upgraded', 'fresh'])
    })
    expect(lines).toEqual([])
  })

  it('without the catch-up, a database from before f88beef keeps the step that reached other families', async () => {
    const build = builds.find((b) => b.commit === 'f88beef')!
    const { migrationsDir, bootstrapDir } = await rebuildEarlier(build)
    const lines = await withFresh(async (db) => {
      await migrate(db, { migrationsDir, bootstrapDir })
      // Today's migrations, all but the catch-up.
      const without = await mkdtemp(join(tmpdir(), 'without-catch-up-'))
      for (const f of await readdir(defaultMigrationsDir))
        if (!f.startsWith('20261128000100_'))
          await copyFile(join(defaultMigrationsDir, f), join(without, f))
      await migrate(db, { migrationsDir: without })
      return catalogDiff(await catalogOf(db), today, ['upgraded', 'fresh'])
    })
    // 20261128050000 redefines app.carry_out_admission_step whole, which mends its body; the
    // check it calls, made only by the catch-up, is still missing.
    expect(lines.map((l) => l.split('\n')[0])).toEqual([
      'functions app.inquiry_made_family(inquiry text, family text): only in fresh',
    ])
  })

  it('refuses a database that a newer build migrated, before changing anything', async () => {
    await withFresh(async (db) => {
      await migrate(db)
      await db.query(
        `insert into supabase_migrations.schema_migrations (version, name) values ('29990101000000', 'from_the_future')`,
      )
      await db.query(`update supabase_migrations.local_bootstrap set checksum = 'newer'`)
      const error = await migrate(db).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(DatabaseTooNewError)
      expect((error as Error).message).toBe(
        'This database was made by a newer build of the app: it has migration 29990101000000_from_the_future, ' +
          'which this build does not have. Start the build that made it, or give this one another database (DATA_DIR or DATABASE_URL).',
      )
      const [bootstrap] = await db.query<{ n: number }>(
        `select count(*)::int as n from supabase_migrations.local_bootstrap where checksum = 'newer'`,
      )
      expect(bootstrap!.n).toBeGreaterThan(0)
    })
  })
})
