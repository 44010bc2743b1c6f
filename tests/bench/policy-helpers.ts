// Pull speed on the tables of families, students, payments and lesson items (issue 30, item 5):
// a guardian pulls each while the database holds 5,000 other families (each with a student and a
// recorded payment) and 5,000 assignments of other groups. "Before" is a database migrated with
// every migration older than 20261128040100 (policies calling their helpers once per row);
// "after" with all of them (once per statement, rows tested as set membership).
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDb, type Db } from '../../supabase/local/db.ts'
import { runAs } from '../../supabase/local/deps.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { defaultMigrationsDir, migrate } from '../../supabase/local/migrate.ts'
import { seed } from '../../supabase/local/seed.ts'
import { benchDatabase, log, row, runSuite, RUNS } from './support.ts'

const FIRST_AFTER = '20261128040100'
const OTHERS = 5000
const COLLECTIONS = ['families', 'students', 'payments', 'lesson_items'] as const

const guardian = demoAccounts.find((a) => a.label === 'guardian')!
const claims = {
  sub: guardian.id,
  email: guardian.email,
  role: 'authenticated',
  aud: 'authenticated',
}

async function prepared(version: 'before' | 'after', url?: string): Promise<Db> {
  const db = await openDb(url ? { url } : { memory: true })
  let dir: string | null = null
  if (version === 'before') {
    dir = await mkdtemp(join(tmpdir(), 'bench-migrations-'))
    for (const name of await readdir(defaultMigrationsDir))
      if (name.endsWith('.sql') && name < FIRST_AFTER)
        await copyFile(join(defaultMigrationsDir, name), join(dir, name))
  }
  await migrate(db, dir ? { migrationsDir: dir } : {})
  if (dir) await rm(dir, { recursive: true, force: true })
  await seed(db)
  await db.exec(`
    insert into public.families (id, status, name, data)
    select 'bench-fam-' || n, 'enrolled', 'Family ' || n, '{"guardians": []}'::jsonb
      from generate_series(1, ${OTHERS}) n;
    insert into public.students (id, family_id, group_id, status, name)
    select 'bench-st-' || n, 'bench-fam-' || n, 'rg-bench-' || (n % 50), 'active', 'Child ' || n
      from generate_series(1, ${OTHERS}) n;
    insert into public.payments (id, family_id, student_id, kind, status, data)
    select 'bench-pay-' || n, 'bench-fam-' || n, 'bench-st-' || n, 'fee', 'recorded',
           jsonb_build_object('paymentType', 'Monthly Fee', 'paymentOption', 'Cash',
             'feeYear', '2026-27', 'receivedFrom', 'A parent', 'amount', 14500,
             'paymentDate', '2026-11-02', 'familyName', 'Family ' || n, 'sendEmail', false)
      from generate_series(1, ${OTHERS}) n;
    insert into public.lesson_items (id, kind, group_id, week_key, data)
    select 'bench-li-' || n, 'assignment', 'rg-bench-' || (n % 50), '2026_48',
           jsonb_build_object('title', 'Assignment ' || n)
      from generate_series(1, ${OTHERS}) n;`)
  return db
}

async function pullMs(db: Db, collection: string): Promise<number> {
  const started = performance.now()
  await runAs(db, { role: 'authenticated', claims }, (tx) =>
    tx.query('select public.sync_pull($1, null, 1000)', [collection]),
  )
  return performance.now() - started
}

await runSuite(
  'policy-helpers',
  "A guardian's pull beside 5,000 other families, before and after",
  async (out) => {
    const targets: { name: string; url?: () => Promise<{ url: string; drop(): Promise<void> }> }[] =
      [{ name: 'PGlite' }, { name: 'PostgreSQL', url: benchDatabase }]
    for (const target of targets) {
      for (const version of ['before', 'after'] as const) {
        const database = target.url ? await target.url() : null
        const db = await prepared(version, database?.url)
        try {
          for (const collection of COLLECTIONS) {
            await pullMs(db, collection)
            const samples: number[] = []
            for (let run = 0; run < RUNS; run++) samples.push(await pullMs(db, collection))
            out.rows.push(
              row(`${target.name}, ${version}: a guardian pulls ${collection}`, 'ms', samples),
            )
            log(`${target.name} ${version} ${collection}: ${Math.round(samples[0]!)} ms`)
          }
        } finally {
          await db.close()
          await database?.drop()
        }
      }
    }
    out.notes.push(
      `"before": migrations older than ${FIRST_AFTER} (helpers called per row); "after": all migrations. One pull of up to 1,000 rows; the guardian sees only their own family's.`,
    )
  },
)
