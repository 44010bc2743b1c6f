// `npm run move-to-supabase -- --from <backup> --db-url <database> --project-url <url>`: moves a
// centre from the box (the local host) to a Supabase project set up as docs/deploy.md says.
//
//   1. Reads the box: a backup folder (backup.ts; PGlite's copy is opened from a temporary copy,
//      so the backup is never touched), or, for a box on PostgreSQL (DATABASE_URL), the data
//      folder for its files and the database itself, read in one snapshot.
//   2. Checks the project: it has exactly the box's migrations (`db push` done) and no centre yet
//      (no account, no member). Otherwise it stops before changing anything.
//   3. Uploads every stored file through the project's Storage API (upsert: a second run after a
//      failure uploads them again, harmlessly).
//   4. Copies, in one transaction, the accounts (auth.users and auth.identities with their ids
//      and bcrypt password hashes) and every table of the schemas public and app, with triggers
//      off (session_replication_role = replica), so copying a row queues no e-mail, WhatsApp
//      message or notification and leaves its sync number as it was; then the sequences, the
//      files' owners, and a new sync epoch, so every device re-pulls and pushes its own unsynced
//      edits again. A failure rolls the whole copy back.
import { existsSync } from 'node:fs'
import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve, sep } from 'node:path'
import { parseArgs, parseEnv } from 'node:util'
import type { BackupManifest } from './backup.ts'
import { openDb, type Db, type Queryable } from './db.ts'
import { isValidBucketId, isValidName } from './storage-files.ts'

/** Tables of the box that are not the centre's: counters and notes about the box's own server. */
export const NOT_MOVED = new Set([
  'app.rate_limits', // request counters of the box's last minutes
  'app.dispatcher_calls', // pg_net request ids of the box's own calls
  'app.mail_transport', // whether the box's mail server was configured
  'app.sync_state', // the sync epoch: the project gets a new one
])

/** The schemas the app's migrations create tables in. */
const SCHEMAS = ['public', 'app']
const NIL_INSTANCE = '00000000-0000-0000-0000-000000000000'
const BATCH_ROWS = 500

/** The target cannot take the centre; nothing was changed. */
export class MoveRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MoveRefused'
  }
}

export interface MoveSource {
  db: Db
  /** The stored files, bucket by bucket (the data folder's or the backup's storage/). */
  filesDir: string
  /** What was read, for the log. */
  label: string
  close(): Promise<void>
}

/**
 * Opens what the box left: a backup folder, or (with `databaseUrl`) a PostgreSQL box's data
 * folder. A PGlite data folder itself is refused: it may be in use by a running box.
 */
export async function openMoveSource(from: string, databaseUrl?: string): Promise<MoveSource> {
  const folder = resolve(from)
  const info = await stat(folder).catch(() => undefined)
  if (!info?.isDirectory())
    throw new MoveRefused(`${folder} is not a folder: give a backup folder (backups/<time>).`)
  const manifestText = await readFile(join(folder, 'manifest.json'), 'utf8').catch(() => undefined)
  if (manifestText === undefined) {
    if (!databaseUrl)
      throw new MoveRefused(
        `${folder} is not a backup (it has no manifest.json). Move from a backup: run ` +
          '"Database backup" in Scheduled Tasks, stop the box, and give its folder (backups/<time>).',
      )
    const db = await openDb({ url: databaseUrl })
    return {
      db,
      filesDir: join(folder, 'storage'),
      label: `the box's PostgreSQL database and the files of ${folder}`,
      close: () => db.close(),
    }
  }
  const manifest = JSON.parse(manifestText) as BackupManifest
  if (manifest.database === 'postgres')
    throw new MoveRefused(
      'This backup is of a PostgreSQL database: restore it first (npm run restore, with ' +
        'DATABASE_URL set to an empty database), then move with that DATABASE_URL and --from ' +
        'the restored data folder.',
    )
  // PGlite writes to the folder it opens: open a copy, so the backup stays as it was.
  const copy = await mkdtemp(join(tmpdir(), 'move-to-supabase-'))
  await cp(join(folder, 'data'), copy, { recursive: true })
  const db = await openDb({ dataDir: copy })
  return {
    db,
    filesDir: join(folder, 'storage'),
    label: `the backup of ${manifest.createdAt}`,
    async close() {
      await db.close()
      await rm(copy, { recursive: true, force: true })
    },
  }
}

export interface MoveOptions {
  source: MoveSource
  /** The project's database (as `postgres`). */
  target: Db
  /** The project's URL (https://<ref>.supabase.co) and a secret (service role) key. */
  storage: { url: string; key: string }
  log?: (line: string) => void
}

export interface MoveResult {
  accounts: number
  tables: number
  rows: number
  files: number
  /** Files the box has a row for but no bytes (they were never uploaded whole). */
  missingFiles: string[]
  epoch: string
}

interface Table {
  name: string
  columns: string[]
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`
const qualified = (name: string) => name.split('.').map(quote).join('.')

async function migrations(db: Queryable): Promise<string[]> {
  const [present] = await db.query<{ ok: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null
            and to_regclass('app.sync_state') is not null as ok`,
  )
  if (!present?.ok) return []
  const rows = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version',
  )
  return rows.map((r) => r.version)
}

/** Base tables (not partitions) of the schemas, with the columns a row can be written with. */
async function tablesOf(db: Queryable, schemas: string[]): Promise<Map<string, string[]>> {
  const rows = await db.query<{ name: string; columns: string[] }>(
    `select n.nspname || '.' || c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                           and a.attgenerated = ''
      where n.nspname = any($1::text[]) and c.relkind in ('r', 'p') and not c.relispartition
      group by 1 order by 1`,
    [schemas],
  )
  return new Map(rows.map((r) => [r.name, r.columns]))
}

/** What the target holds of a centre: its accounts and members. */
async function centreIn(db: Queryable): Promise<{ accounts: number; members: number }> {
  const [row] = await db.query<{ accounts: number; members: number }>(
    `select (select count(*) from auth.users)::int as accounts,
            (select count(*) from public.members)::int as members`,
  )
  return row ?? { accounts: 0, members: 0 }
}

function refuseCentre(held: { accounts: number; members: number }) {
  if (held.accounts > 0 || held.members > 0)
    throw new MoveRefused(
      `The Supabase project already holds a centre (${held.accounts} accounts, ${held.members} ` +
        'members): a move never mixes two centres. Move into a new project (docs/deploy.md), ' +
        'without creating its first admin (step 10): the admins come with the move.',
    )
}

async function readRows(db: Queryable, table: string): Promise<unknown[]> {
  const rows = await db.query<{ r: unknown }>(`select to_jsonb(t) as r from ${qualified(table)} t`)
  return rows.map((row) => (typeof row.r === 'string' ? JSON.parse(row.r) : row.r))
}

async function writeRows(tx: Queryable, table: Table, rows: unknown[]) {
  const columns = table.columns.map(quote).join(', ')
  for (let i = 0; i < rows.length; i += BATCH_ROWS)
    await tx.query(
      `insert into ${qualified(table.name)} (${columns}) overriding system value
       select ${columns} from jsonb_populate_recordset(null::${qualified(table.name)}, $1::jsonb)`,
      [JSON.stringify(rows.slice(i, i + BATCH_ROWS))],
    )
}

interface StoredFile {
  bucket_id: string
  name: string
  owner: string | null
  owner_id: string | null
  created_at: string
  user_metadata: Record<string, unknown> | null
  mimetype: string | null
  cache_control: string | null
}

/** One file through the Storage API, replacing one of that name (a re-run); the error, if any. */
async function upload(
  storage: MoveOptions['storage'],
  file: StoredFile,
  bytes: Buffer,
): Promise<string | undefined> {
  const path = [file.bucket_id, ...file.name.split('/')].map(encodeURIComponent).join('/')
  const headers: Record<string, string> = {
    apikey: storage.key,
    authorization: `Bearer ${storage.key}`,
    'content-type': file.mimetype ?? 'application/octet-stream',
    'cache-control': file.cache_control ?? 'no-cache',
    'x-upsert': 'true',
  }
  if (file.user_metadata)
    headers['x-metadata'] = Buffer.from(JSON.stringify(file.user_metadata)).toString('base64')
  try {
    const res = await fetch(`${storage.url}/storage/v1/object/${path}`, {
      method: 'POST',
      headers,
      body: new Uint8Array(bytes),
    })
    if (res.ok) return undefined
    const text = await res.text()
    try {
      const body = JSON.parse(text) as { message?: string; error?: string }
      return `${res.status} ${body.message ?? body.error ?? text}`
    } catch {
      return `${res.status} ${text.slice(0, 200)}`
    }
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

/** Moves the centre; throws MoveRefused (nothing changed) or another error (rolled back). */
export async function moveCentre(options: MoveOptions): Promise<MoveResult> {
  const log = options.log ?? (() => {})
  const { source, target } = options

  // What the box has, read in one snapshot.
  const snapshot = await source.db.transaction(async (tx) => {
    if (source.db.kind === 'postgres')
      await tx.exec('set transaction isolation level repeatable read, read only')
    const versions = await migrations(tx)
    if (versions.length === 0)
      throw new MoveRefused(`${source.label} holds no centre of this app (it has no app schema).`)
    const tables = await tablesOf(tx, SCHEMAS)
    const data = new Map<string, unknown[]>()
    for (const name of tables.keys())
      if (!NOT_MOVED.has(name)) data.set(name, await readRows(tx, name))
    const users = await readRows(tx, 'auth.users')
    const identities = await readRows(tx, 'auth.identities')
    const sequences = await tx.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'S' and n.nspname = any($1::text[]) order by 1`,
      [SCHEMAS],
    )
    const positions: Array<{ name: string; value: string; called: boolean }> = []
    for (const { name } of sequences) {
      const [row] = await tx.query<{ value: string; called: boolean }>(
        `select last_value::text as value, is_called as called from ${qualified(name)}`,
      )
      if (row) positions.push({ name, ...row })
    }
    const files = await tx.query<StoredFile>(
      `select bucket_id, name, owner::text, owner_id, created_at::text, user_metadata,
              metadata ->> 'mimetype' as mimetype, metadata ->> 'cacheControl' as cache_control
         from storage.objects order by bucket_id, name`,
    )
    return { versions, tables, data, users, identities, positions, files }
  })

  // The project: the same migrations, no centre yet.
  const targetVersions = await migrations(target)
  if (targetVersions.length === 0)
    throw new MoveRefused(
      "The Supabase project has none of the app's migrations: create its database first " +
        '(docs/deploy.md, step 6: npx supabase@2.104.0 db push).',
    )
  const missing = snapshot.versions.filter((v) => !targetVersions.includes(v))
  const extra = targetVersions.filter((v) => !snapshot.versions.includes(v))
  if (missing.length > 0)
    throw new MoveRefused(
      `The Supabase project lacks ${missing.length} of the box's migrations (${missing[0]}…): ` +
        'push them with this build (npx supabase@2.104.0 db push), then move again.',
    )
  if (extra.length > 0)
    throw new MoveRefused(
      `The Supabase project has ${extra.length} migrations the box lacks (${extra[0]}…): start ` +
        'the box once with this build (npm start), make a new backup, and move that one.',
    )
  refuseCentre(await centreIn(target))
  const targetTables = await tablesOf(target, [...SCHEMAS, 'auth'])
  const tables: Table[] = []
  for (const name of snapshot.data.keys()) {
    const columns = targetTables.get(name)
    if (!columns) throw new MoveRefused(`The Supabase project has no table ${name}.`)
    const from = snapshot.tables.get(name)!
    tables.push({ name, columns: columns.filter((c) => from.includes(c)) })
  }
  const authTable = (name: string, known: string[]): Table => ({
    name,
    columns: (targetTables.get(name) ?? []).filter((c) => known.includes(c)),
  })
  const firstKeys = (rows: unknown[]) => Object.keys((rows[0] as object | undefined) ?? {})

  // The files, through the project's Storage API (which keeps the bytes in its own store).
  log(`${snapshot.files.length} stored files to upload…`)
  const missingFiles: string[] = []
  let uploaded = 0
  for (const file of snapshot.files) {
    const where = `${file.bucket_id}/${file.name}`
    if (!isValidBucketId(file.bucket_id) || !isValidName(file.name)) {
      missingFiles.push(where)
      continue
    }
    const bucketDir = resolve(source.filesDir, file.bucket_id)
    const path = resolve(bucketDir, ...file.name.split('/'))
    if (!path.startsWith(bucketDir + sep) || !existsSync(path)) {
      missingFiles.push(where)
      continue
    }
    const bytes = await readFile(path)
    const error = await upload(options.storage, file, bytes)
    if (error)
      throw new Error(
        `Uploading ${where} to the project's storage failed: ${error}. Nothing of the ` +
          'database was copied; run the move again once the cause is fixed.',
      )
    uploaded++
  }
  if (missingFiles.length > 0)
    log(
      `${missingFiles.length} files had no bytes in the box and were left out: ${missingFiles.join(', ')}`,
    )

  // The database, in one transaction, with triggers off.
  let rows = 0
  const epoch = await target.transaction(async (tx) => {
    refuseCentre(await centreIn(tx))
    await tx.exec('set local session_replication_role = replica')
    const users = snapshot.users.map((u) => ({
      ...(u as Record<string, unknown>),
      instance_id: (u as { instance_id?: string | null }).instance_id ?? NIL_INSTANCE,
    }))
    await writeRows(tx, authTable('auth.users', firstKeys(users)), users)
    await writeRows(
      tx,
      authTable('auth.identities', firstKeys(snapshot.identities)),
      snapshot.identities,
    )
    for (const table of tables) {
      // Rows the migrations put in (settings, the list of jobs) give way to the box's.
      await tx.exec(`delete from ${qualified(table.name)}`)
      const data = snapshot.data.get(table.name)!
      await writeRows(tx, table, data)
      rows += data.length
    }
    for (const { name, value, called } of snapshot.positions)
      await tx.query('select setval($1::regclass, $2::bigint, $3)', [name, value, called])
    for (const file of snapshot.files)
      await tx.query(
        `update storage.objects set owner = $3::uuid, owner_id = $4, created_at = $5::timestamptz
          where bucket_id = $1 and name = $2`,
        [file.bucket_id, file.name, file.owner, file.owner_id, file.created_at],
      )
    const [row] = await tx.query<{ epoch: string }>('select app.new_sync_epoch() as epoch')
    return row?.epoch ?? ''
  })
  return {
    accounts: snapshot.users.length,
    tables: tables.length,
    rows,
    files: uploaded,
    missingFiles,
    epoch,
  }
}

const USAGE = `Usage: npm run move-to-supabase -- --from <backup folder> --db-url <database URL> --project-url <URL>

  --from <folder>        a backup of the box (backups/<time>); for a box on PostgreSQL
                         (DATABASE_URL set), its data folder (the files are read from its storage/)
  --db-url <URL>         the project's database, as postgres: postgresql://postgres.<ref>@<host>:5432/postgres
                         (without the password: it is read from SUPABASE_DB_PASSWORD)
  --project-url <URL>    the project's address, https://<ref>.supabase.co (its Storage API)
  -h, --help             this text

Secrets are read from the environment or from supabase/.env, never from the command line:
SUPABASE_DB_PASSWORD (the database password) and SUPABASE_SECRET_KEY (the project's secret key,
sb_secret_..., or its legacy service_role key). The project must have the app's migrations
(docs/deploy.md, step 6) and no accounts yet. See docs/deploy.md, "Moving a centre from the box".`

/** The command's settings from its arguments and environment; throws with what is wrong. */
export function moveSettings(
  argv: string[],
  env: Record<string, string | undefined>,
): { from: string; dbUrl: string; projectUrl: string; key: string; sourceUrl?: string } | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      from: { type: 'string' },
      'db-url': { type: 'string' },
      'project-url': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return 'help'
  const problems: string[] = []
  if (positionals.length > 0) problems.push(`unexpected argument ${positionals[0]}`)
  if (!values.from) problems.push('--from is missing (the backup to move)')
  let dbUrl = values['db-url'] ?? ''
  if (!dbUrl) problems.push("--db-url is missing (the project's database)")
  else {
    try {
      const url = new URL(dbUrl)
      if (!/^postgres(ql)?:$/.test(url.protocol)) throw new Error('not postgres')
      if (url.password)
        problems.push('--db-url may not hold the password: put it in SUPABASE_DB_PASSWORD')
      else if (env.SUPABASE_DB_PASSWORD) {
        url.password = encodeURIComponent(env.SUPABASE_DB_PASSWORD)
        dbUrl = url.toString()
      }
    } catch {
      problems.push('--db-url must be a postgresql:// URL')
    }
  }
  const projectUrl = values['project-url'] ?? ''
  if (!projectUrl) problems.push('--project-url is missing (https://<ref>.supabase.co)')
  else if (!/^https?:\/\/[^/\s]+\/?$/.test(projectUrl))
    problems.push('--project-url must be the project address, https://<ref>.supabase.co')
  const key = env.SUPABASE_SECRET_KEY ?? ''
  if (!key) problems.push("SUPABASE_SECRET_KEY is not set (the project's secret key)")
  if (problems.length > 0) throw new MoveRefused(problems.join('; '))
  return {
    from: values.from!,
    dbUrl,
    projectUrl: projectUrl.replace(/\/$/, ''),
    key,
    sourceUrl: env.DATABASE_URL || undefined,
  }
}

async function main(): Promise<number> {
  const fileEnv = existsSync('supabase/.env')
    ? parseEnv(await readFile('supabase/.env', 'utf8'))
    : {}
  const env = { ...fileEnv, ...process.env }
  let settings: ReturnType<typeof moveSettings>
  try {
    settings = moveSettings(process.argv.slice(2), env)
  } catch (error) {
    console.error(`✗ ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`)
    return 1
  }
  if (settings === 'help') {
    console.log(USAGE)
    return 0
  }
  const source = await openMoveSource(settings.from, settings.sourceUrl)
  try {
    const target = await openDb({ url: settings.dbUrl })
    try {
      console.log(`  moving ${source.label}`)
      const moved = await moveCentre({
        source,
        target,
        storage: { url: settings.projectUrl, key: settings.key },
        log: (line) => console.log(`  ${line}`),
      })
      console.log(
        `✓ moved ${moved.accounts} accounts, ${moved.rows} rows of ${moved.tables} tables and ` +
          `${moved.files} files; devices will re-sync (epoch ${moved.epoch})`,
      )
      return 0
    } finally {
      await target.close()
    }
  } finally {
    await source.close()
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`✗ ${error instanceof Error ? error.message : String(error)}`)
      process.exit(1)
    },
  )
}
