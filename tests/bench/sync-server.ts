// Sync on the server (issue 9): the database's side of sync_push and sync_pull, before and after
// the sync-integrity migration (20261126000100), on the PostgreSQL server and on PGlite. "Before"
// is a database migrated with every migration older than it; "after" with all of them.
//  - writers: 6 connections each push 5 transactions of 5 new classrooms as the demo admin, while
//    one of them keeps each of its transactions open 1.5 s after writing (a slow device, a long
//    request); time until the 5 quick writers are done, and until all are (PostgreSQL only:
//    PGlite has one connection, so its transactions never overlap);
//  - pulls: 5,000 lesson items in the database; a facilitator pulls them all (pages of 1,000),
//    and a guardian, who may see none of them, pulls once (an empty answer).
import { mkdtemp, readdir, copyFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDb, type Db, type Queryable } from '../../supabase/local/db.ts'
import { runAs } from '../../supabase/local/deps.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { defaultMigrationsDir, migrate } from '../../supabase/local/migrate.ts'
import { seed } from '../../supabase/local/seed.ts'
import { benchDatabase, log, row, runSuite, RUNS } from './support.ts'

const FIRST_AFTER = '20261126000100'
const WRITERS = 6
const TRANSACTIONS = 5
const ROWS = 5
const SLOW_MS = 1500
const ITEMS = 5000

const claims = (label: string) => {
  const a = demoAccounts.find((x) => x.label === label)!
  return { sub: a.id, email: a.email, role: 'authenticated', aud: 'authenticated' }
}
const as = <T>(db: Db, label: string, fn: (tx: Queryable) => Promise<T>) =>
  runAs(db, { role: 'authenticated', claims: claims(label) }, fn)

async function migrationsBefore(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-migrations-'))
  for (const name of await readdir(defaultMigrationsDir))
    if (name.endsWith('.sql') && name < FIRST_AFTER)
      await copyFile(join(defaultMigrationsDir, name), join(dir, name))
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}

async function prepared(version: 'before' | 'after', url?: string): Promise<Db> {
  const db = await openDb(url ? { url } : { memory: true })
  const old = version === 'before' ? await migrationsBefore() : null
  await migrate(db, old ? { migrationsDir: old.dir } : {})
  await old?.remove()
  await seed(db)
  return db
}

/** Milliseconds until the quick writers are done, and until everyone is. */
async function writers(db: Db, run: number): Promise<{ quick: number; all: number }> {
  const started = performance.now()
  let quickDone = 0
  const writer = async (w: number) => {
    for (let t = 0; t < TRANSACTIONS; t++) {
      await as(db, 'admin', async (tx) => {
        const rows = Array.from({ length: ROWS }, (_, i) => ({
          newDocumentState: {
            id: `bench-w${run}-${w}-${t}-${i}`,
            kind: 'classroom',
            data: { name: `Room ${w}.${t}.${i}` },
            _deleted: false,
          },
          assumedMasterState: null,
        }))
        await tx.query('select public.sync_push($1, $2::jsonb)', [
          'reference',
          JSON.stringify(rows),
        ])
        if (w === 0) await new Promise((r) => setTimeout(r, SLOW_MS))
      })
    }
  }
  const slow = writer(0)
  await Promise.all(Array.from({ length: WRITERS - 1 }, (_, i) => writer(i + 1)))
  quickDone = performance.now() - started
  await slow
  return { quick: quickDone, all: performance.now() - started }
}

async function addItems(db: Db) {
  const facilitator = demoAccounts.find((a) => a.label === 'facilitator')!.facilitatorId!
  await db.query(
    `insert into public.lesson_items (id, kind, lesson_id, group_id, week_key, facilitator_id, data)
     select 'bench-li-' || n, 'comment', '2026_48:rg-tanni_mo_1', 'rg-tanni', '2026_48', $1,
            jsonb_build_object('text', 'Comment number ' || n)
       from generate_series(1, ${ITEMS}) n`,
    [facilitator],
  )
}

async function pullAll(db: Db, label: string): Promise<{ ms: number; rows: number }> {
  const started = performance.now()
  let checkpoint: unknown = null
  let rows = 0
  for (;;) {
    const [r] = await as(db, label, (tx) =>
      tx.query<{ r: { documents: unknown[]; checkpoint: unknown } }>(
        'select public.sync_pull($1, $2::jsonb, 1000) as r',
        ['lesson_items', checkpoint === null ? null : JSON.stringify(checkpoint)],
      ),
    )
    rows += r!.r.documents.length
    checkpoint = r!.r.checkpoint
    if (r!.r.documents.length < 1000) break
  }
  return { ms: performance.now() - started, rows }
}

await runSuite(
  'sync-server',
  'Sync on the server: writers and pulls, before and after',
  async (out) => {
    const targets: { name: string; url?: () => Promise<{ url: string; drop(): Promise<void> }> }[] =
      [{ name: 'PGlite' }, { name: 'PostgreSQL', url: benchDatabase }]
    for (const target of targets) {
      for (const version of ['before', 'after'] as const) {
        const database = target.url ? await target.url() : null
        const db = await prepared(version, database?.url)
        try {
          const facilitatorMs: number[] = []
          const guardianMs: number[] = []
          await addItems(db)
          for (let run = 0; run < RUNS; run++) {
            const f = await pullAll(db, 'facilitator')
            if (f.rows < ITEMS) throw new Error(`the facilitator pulled ${f.rows} of ${ITEMS}`)
            facilitatorMs.push(f.ms)
            const g = await pullAll(db, 'guardian')
            if (g.rows !== 0) throw new Error(`the guardian pulled ${g.rows} lesson items`)
            guardianMs.push(g.ms)
          }
          out.rows.push(
            row(
              `${target.name}, ${version}: a facilitator pulls 5,000 lesson items`,
              'ms',
              facilitatorMs,
            ),
          )
          out.rows.push(
            row(`${target.name}, ${version}: a guardian's empty pull of them`, 'ms', guardianMs),
          )
          log(
            `${target.name} ${version}: pulls ${Math.round(facilitatorMs[0]!)} ms / ${Math.round(guardianMs[0]!)} ms`,
          )
          if (database) {
            const quick: number[] = []
            const all: number[] = []
            for (let run = 0; run < Math.min(RUNS, 3); run++) {
              const w = await writers(db, run)
              quick.push(w.quick)
              all.push(w.all)
            }
            const note = `${WRITERS} writers × ${TRANSACTIONS} transactions of ${ROWS} rows; one holds each of its transactions ${SLOW_MS / 1000} s before committing`
            out.rows.push(
              row(`${target.name}, ${version}: the 5 quick writers are done`, 'ms', quick, {
                note,
              }),
              row(`${target.name}, ${version}: every writer is done`, 'ms', all, {
                note: `the slow writer alone needs ${(TRANSACTIONS * SLOW_MS) / 1000} s`,
              }),
            )
            log(
              `${target.name} ${version}: quick writers ${Math.round(quick[0]!)} ms, all ${Math.round(all[0]!)} ms`,
            )
          }
        } finally {
          await db.close()
          await database?.drop()
        }
      }
    }
    out.notes.push(
      '"before": migrations older than 20261126000100 (one advisory lock from the first write to commit, RLS helpers called per row); "after": all migrations (numbering at commit, helpers called once per query).',
    )
  },
)
