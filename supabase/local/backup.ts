// Backups that restore (issue 37). A backup is one folder in the backups folder:
//
//   <backups>/2026-11-28T20-30-00Z/
//     manifest.json    what it holds (database kind, sizes, the sync epoch it was taken at)
//     data/            PGlite: a copy of the data folder (minus the files); PostgreSQL: the host's
//                      own files of the data folder (its JWT secret, when it keeps one there)
//     database.dump    PostgreSQL: pg_dump's custom format (pg_restore reads it)
//     storage/         the stored files, bucket by bucket
//
// It is written as `.partial-<name>` and renamed when whole, so a backup killed half-way (a power
// cut, kill -9) never looks complete: only folders with a manifest and no leading dot are listed,
// and leftovers are deleted by a later backup. PGlite is copied while no statement can run (after
// a checkpoint), so the copy is the database at one moment; pg_dump reads one snapshot.
// Restoring (restore.ts) puts a backup into a fresh data folder / empty database and gives the
// database a new sync epoch, so every device that synced past the backup re-pulls (keeping its
// own unsynced edits, which it pushes again).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, isAbsolute, join, relative, resolve } from 'node:path'
import type { Db } from './db.ts'

export const BACKUP_TASK = 'database-backup'
/** A `.partial-` folder this old belongs to no running backup: it was killed. */
const STALE_PARTIAL_MS = 60 * 60 * 1000
const NAME = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(-\d+)?$/

export interface BackupManifest {
  format: 1
  createdAt: string
  database: 'pglite' | 'postgres'
  /** The sync epoch devices held when the backup was taken (restore replaces it). */
  epoch: string
  files: number
  bytes: number
}

export interface BackupInfo extends BackupManifest {
  name: string
  path: string
}

export interface BackupOptions {
  db: Db
  /** The host's data folder: PGlite's data and the stored files (storage/). */
  dataDir: string
  backupDir: string
  /** The PostgreSQL server the host runs on (pg_dump reads it). */
  databaseUrl?: string
  now?: Date
  /** Called when each part is written (tests stop a backup half-way here). */
  onStep?: (step: 'database' | 'files') => Promise<void> | void
}

/** Where backups go unless BACKUP_DIR / --backups says: `backups` beside the data folder. */
export const defaultBackupDir = (dataDir: string) => resolve(dataDir, '..', 'backups')

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let n = bytes / 1024
  let unit = 0
  while (n >= 1024 && unit < units.length - 1) {
    n /= 1024
    unit++
  }
  return `${n.toFixed(n < 10 ? 1 : 0)} ${units[unit]}`
}

async function sizeOf(path: string): Promise<{ bytes: number; files: number }> {
  const info = await stat(path).catch(() => undefined)
  if (!info) return { bytes: 0, files: 0 }
  if (!info.isDirectory()) return { bytes: info.size, files: 1 }
  let bytes = 0
  let files = 0
  for (const entry of await readdir(path)) {
    const inner = await sizeOf(join(path, entry))
    bytes += inner.bytes
    files += inner.files
  }
  return { bytes, files }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let err = ''
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${command} was not found: install PostgreSQL's client tools (postgresql-client, ` +
                `the server's version or newer) or set ${command === pgDump() ? 'PG_DUMP' : 'PG_RESTORE'} to its path.`,
            )
          : error,
      ),
    )
    child.on('exit', (code) =>
      code === 0
        ? resolvePromise()
        : reject(new Error(`${basename(command)} failed: ${err.trim().slice(0, 500)}`)),
    )
  })
}

export const pgDump = () => process.env.PG_DUMP || 'pg_dump'
export const pgRestore = () => process.env.PG_RESTORE || 'pg_restore'

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')
}

/** The complete backups, newest first. Half-written ones (`.partial-…`) are never listed. */
export async function listBackups(backupDir: string): Promise<BackupInfo[]> {
  const names = await readdir(backupDir).catch(() => [] as string[])
  const found: BackupInfo[] = []
  for (const name of names) {
    if (!NAME.test(name)) continue
    const path = join(backupDir, name)
    try {
      const manifest = JSON.parse(
        await readFile(join(path, 'manifest.json'), 'utf8'),
      ) as BackupManifest
      found.push({ ...manifest, name, path })
    } catch {
      // No manifest: not a backup.
    }
  }
  return found.sort((a, b) => b.createdAt.localeCompare(a.createdAt))
}

/** Deletes backups older than `keepDays` (the newest is always kept) and killed leftovers. */
export async function pruneBackups(
  backupDir: string,
  keepDays: number,
  now = new Date(),
): Promise<number> {
  const cutoff = now.getTime() - keepDays * 24 * 60 * 60 * 1000
  const backups = await listBackups(backupDir)
  let deleted = 0
  for (const backup of backups.slice(1)) {
    if (Date.parse(backup.createdAt) < cutoff) {
      await rm(backup.path, { recursive: true, force: true })
      deleted++
    }
  }
  for (const name of await readdir(backupDir).catch(() => [] as string[])) {
    if (!name.startsWith('.partial-')) continue
    const info = await stat(join(backupDir, name)).catch(() => undefined)
    if (info && now.getTime() - info.mtimeMs > STALE_PARTIAL_MS)
      await rm(join(backupDir, name), { recursive: true, force: true })
  }
  return deleted
}

/** Makes one backup; resolves once it is complete and listed. */
export async function backupNow(options: BackupOptions): Promise<BackupInfo> {
  const { db, backupDir } = options
  const dataDir = resolve(options.dataDir)
  const storageDir = join(dataDir, 'storage')
  const inside = relative(dataDir, resolve(backupDir))
  if (inside === '' || (!inside.startsWith('..') && !isAbsolute(inside)))
    throw new Error(`The backups folder may not be inside the data folder (${dataDir}).`)
  await mkdir(backupDir, { recursive: true })
  const base = stamp(options.now ?? new Date())
  let name = base
  for (let n = 2; existsSync(join(backupDir, name)); n++) name = `${base}-${n}`
  const partial = join(backupDir, `.partial-${name}`)
  await mkdir(partial)
  try {
    const [row] = await db.query<{ epoch: string }>('select app.sync_epoch() as epoch')
    const epoch = row?.epoch ?? ''
    const ownFiles = (source: string) => resolve(source) !== storageDir
    if (db.kind === 'pglite') {
      if (!db.quiesced) throw new Error('This database cannot be copied while it runs.')
      await db.quiesced(() =>
        cp(dataDir, join(partial, 'data'), { recursive: true, filter: ownFiles }),
      )
    } else {
      if (!options.databaseUrl) throw new Error('The PostgreSQL server is not known.')
      await run(pgDump(), [
        '--format=custom',
        '--no-owner',
        '--file',
        join(partial, 'database.dump'),
        '--dbname',
        options.databaseUrl,
      ])
      if (existsSync(dataDir))
        await cp(dataDir, join(partial, 'data'), { recursive: true, filter: ownFiles })
    }
    await options.onStep?.('database')
    if (existsSync(storageDir))
      await cp(storageDir, join(partial, 'storage'), {
        recursive: true,
        filter: (source) => basename(source) !== '.uploads',
      })
    await options.onStep?.('files')
    const files = (await sizeOf(join(partial, 'storage'))).files
    const manifest: BackupManifest = {
      format: 1,
      createdAt: (options.now ?? new Date()).toISOString(),
      database: db.kind,
      epoch,
      files,
      bytes: (await sizeOf(partial)).bytes,
    }
    await writeFile(join(partial, 'manifest.json'), JSON.stringify(manifest, null, 2))
    await rename(partial, join(backupDir, name))
    return { ...manifest, name, path: join(backupDir, name) }
  } catch (error) {
    await rm(partial, { recursive: true, force: true })
    throw error
  }
}

/** The host's side of the 'database-backup' job: the database asks (NOTIFY), the host backs up. */
export function startBackups(deps: {
  db: Db
  dataDir?: string
  backupDir?: string
  databaseUrl?: string
  log?: (line: string) => void
}) {
  let closed = false
  let running: Promise<void> | undefined
  let stopListening: (() => Promise<void>) | undefined

  async function record(started: Date, failure: string | null, outcome: string | null) {
    await deps.db.query('select app.record_host_task($1, $2, $3, $4)', [
      BACKUP_TASK,
      started.toISOString(),
      failure,
      outcome,
    ])
  }

  async function backUp() {
    const started = new Date()
    if (!deps.dataDir || !deps.backupDir) {
      await record(started, null, 'Nothing to back up: this database is kept in memory only.')
      return
    }
    try {
      const [task] = await deps.db.query<{ keep_days: number | null }>(
        'select keep_days from app.scheduled_tasks where name = $1',
        [BACKUP_TASK],
      )
      const keepDays = task?.keep_days ?? 14
      const made = await backupNow({
        db: deps.db,
        dataDir: deps.dataDir,
        backupDir: deps.backupDir,
        databaseUrl: deps.databaseUrl,
      })
      const deleted = await pruneBackups(deps.backupDir, keepDays)
      const kept = (await listBackups(deps.backupDir)).length
      const message =
        `Backup ${made.name}: ${formatBytes(made.bytes)} (${made.files} stored ` +
        `${made.files === 1 ? 'file' : 'files'}) in ${resolve(deps.backupDir)}. ` +
        `${kept} ${kept === 1 ? 'backup' : 'backups'} kept (${keepDays} ${keepDays === 1 ? 'day' : 'days'})` +
        (deleted ? `; ${deleted} older deleted.` : '.')
      deps.log?.(message)
      await record(started, null, message)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      console.error('[backup]', reason)
      await record(started, reason, null)
    }
  }

  const ready = deps.db
    .listen('database_backup', () => {
      if (closed || running) return
      running = backUp()
        .catch((error: unknown) => console.error('[backup]', error))
        .finally(() => {
          running = undefined
        })
    })
    .then((stop) => {
      stopListening = stop
    })

  return {
    ready,
    /** The backup running now, if any (tests wait for it). */
    get running() {
      return running
    },
    async close() {
      closed = true
      await ready.catch(() => {})
      await stopListening?.()
      await running
    },
  }
}
