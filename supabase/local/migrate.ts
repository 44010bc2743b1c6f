// Brings a database up to date the way `supabase db push` does: every file of
// supabase/migrations once, in name order, each in its own transaction, recorded in
// supabase_migrations.schema_migrations. On a database that is not a Supabase one the
// bootstrap (what Supabase's image and Auth provide) is applied first.
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './db.ts'
import { splitStatements } from './sql-split.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
export const defaultMigrationsDir = join(here, '..', 'migrations')
export const defaultBootstrapDir = join(here, 'bootstrap')

// Any constant works as long as every host uses the same one: it serialises migrators that
// start together against one server.
const MIGRATION_LOCK = 5_432_001

export interface MigrateOptions {
  migrationsDir?: string
  bootstrapDir?: string
  log?: (line: string) => void
}

export interface MigrateResult {
  supabase: boolean
  bootstrapped: string[]
  applied: string[]
}

export async function migrate(db: Db, options: MigrateOptions = {}): Promise<MigrateResult> {
  const log = options.log ?? (() => {})
  const supabase = await isSupabaseDatabase(db)
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key, statements text[], name text
    );`)
  const files = await sqlFiles(options.migrationsDir ?? defaultMigrationsDir)
  // Before anything is written: an older build must not put its bootstrap over a newer one's.
  await refuseNewerDatabase(db, files)
  const bootstrapped = supabase
    ? []
    : await applyBootstrap(db, options.bootstrapDir ?? defaultBootstrapDir, log)
  const applied = await applyMigrations(db, options.migrationsDir ?? defaultMigrationsDir, files)
  log(migrationSummary(applied))
  return { supabase, bootstrapped, applied }
}

/** What `npm start` says about the schema: how many migrations this start applied. */
export function migrationSummary(applied: string[]): string {
  if (applied.length === 0) return 'The database is up to date'
  const range = applied.length > 1 ? `${applied[0]} … ${applied.at(-1)}` : applied[0]
  return `Applied ${applied.length} new migration${applied.length === 1 ? '' : 's'} (${range})`
}

/** A database that a newer build of the app has migrated: this build must not run on it. */
export class DatabaseTooNewError extends Error {
  constructor(
    readonly version: string,
    migrationName: string,
  ) {
    super(
      `This database was made by a newer build of the app: it has migration ${version}` +
        `${migrationName ? `_${migrationName}` : ''}, which this build does not have. Start the build that made it, ` +
        'or give this one another database (DATA_DIR or DATABASE_URL).',
    )
    this.name = 'DatabaseTooNewError'
  }
}

/**
 * A Supabase database has auth.users made by Supabase Auth. Ours carry the bootstrap record; the
 * role `supabase_admin` says nothing, since roles are shared by all databases of a server.
 */
export async function isSupabaseDatabase(db: Db): Promise<boolean> {
  const [row] = await db.query<{ auth: boolean; ours: boolean }>(
    `select to_regclass('auth.users') is not null as auth,
            to_regclass('supabase_migrations.local_bootstrap') is not null as ours`,
  )
  return Boolean(row?.auth && !row.ours)
}

async function sqlFiles(dir: string): Promise<string[]> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  return names.filter((n) => n.endsWith('.sql')).sort()
}

// A bootstrap file is applied again when its text changes, so a column added to the bootstrap
// reaches databases made before; the files are written to be re-runnable for that reason.
async function applyBootstrap(db: Db, dir: string, log: (line: string) => void) {
  await db.exec(`
    create table if not exists supabase_migrations.local_bootstrap (
      name text primary key, checksum text not null, applied_at timestamptz not null default now()
    );`)
  const applied: string[] = []
  for (const name of await sqlFiles(dir)) {
    const sql = await readFile(join(dir, name), 'utf8')
    const checksum = createHash('sha256').update(sql).digest('hex')
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      const rows = await tx.query<{ checksum: string }>(
        'select checksum from supabase_migrations.local_bootstrap where name = $1',
        [name],
      )
      if (rows[0]?.checksum === checksum) return false
      await tx.exec(sql)
      await tx.query(
        `insert into supabase_migrations.local_bootstrap (name, checksum) values ($1, $2)
         on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`,
        [name, checksum],
      )
      return true
    })
    if (done) {
      applied.push(name)
      log(`bootstrap ${name}`)
    }
  }
  return applied
}

function versionOf(file: string): { version: string; name: string } | undefined {
  const match = /^(\d+)_?(.*)\.sql$/.exec(file)
  return match ? { version: match[1]!, name: match[2]! } : undefined
}

/**
 * Refuses a database that has a migration newer than every one this build has: the schema is
 * ahead of the code, and running old code on it could undo what the newer build relies on.
 */
async function refuseNewerDatabase(db: Db, files: string[]) {
  const known = files.map(versionOf).filter((v) => v !== undefined)
  const newest =
    known
      .map((v) => v.version)
      .sort()
      .at(-1) ?? ''
  const [ahead] = await db.query<{ version: string; name: string | null }>(
    `select version, name from supabase_migrations.schema_migrations
      where version > $1 order by version desc limit 1`,
    [newest],
  )
  if (ahead) throw new DatabaseTooNewError(ahead.version, ahead.name ?? '')
}

async function applyMigrations(db: Db, dir: string, files: string[]) {
  const applied: string[] = []
  for (const file of files) {
    const parsed = versionOf(file)
    if (!parsed) continue
    const { version, name } = parsed
    const sql = await readFile(join(dir, file), 'utf8')
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
      const rows = await tx.query(
        'select 1 from supabase_migrations.schema_migrations where version = $1',
        [version],
      )
      if (rows.length > 0) return false
      try {
        await tx.exec(sql)
      } catch (error) {
        throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error })
      }
      await tx.query(
        `insert into supabase_migrations.schema_migrations (version, name, statements)
         values ($1, $2, $3)`,
        [version, name, splitStatements(sql)],
      )
      return true
    })
    if (done) applied.push(file)
  }
  return applied
}
