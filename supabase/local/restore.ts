// `npm run restore -- <backup> [--data <dir>]`: brings a fresh host back to the moment of a
// backup (backup.ts). The data folder must be new or empty (and, with DATABASE_URL, the database
// empty): a restore never mixes with what is there. The restored database gets a new sync epoch,
// so every device that synced past the backup re-pulls from zero, keeping and pushing again its
// own unsynced edits. Then start the host as usual (`npm start`).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { pgRestore, type BackupManifest } from './backup.ts'
import { openDb } from './db.ts'

export interface RestoreOptions {
  /** A backup folder (one with manifest.json). */
  backup: string
  dataDir: string
  databaseUrl?: string
  log?: (line: string) => void
}

function runRestore(args: string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(pgRestore(), args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let err = ''
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${pgRestore()} was not found: install PostgreSQL's client tools or set PG_RESTORE.`,
            )
          : error,
      ),
    )
    child.on('exit', (code) =>
      code === 0
        ? resolvePromise()
        : reject(new Error(`pg_restore failed: ${err.trim().slice(0, 500)}`)),
    )
  })
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true
  return (await readdir(dir)).length === 0
}

/** Restores `backup` into a fresh data folder (and empty database); returns the new epoch. */
export async function restoreBackup(options: RestoreOptions): Promise<string> {
  const log = options.log ?? (() => {})
  const backup = resolve(options.backup)
  const dataDir = resolve(options.dataDir)
  let manifest: BackupManifest
  try {
    manifest = JSON.parse(await readFile(join(backup, 'manifest.json'), 'utf8')) as BackupManifest
  } catch {
    throw new Error(
      `${backup} is not a complete backup (it has no manifest.json): choose another one.`,
    )
  }
  if (manifest.database === 'pglite' && options.databaseUrl)
    throw new Error(
      'This backup is of a PGlite data folder: restore it without DATABASE_URL, into --data.',
    )
  if (manifest.database === 'postgres' && !options.databaseUrl)
    throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL to an empty one.')
  if (!(await isEmptyFolder(dataDir)))
    throw new Error(
      `The data folder ${dataDir} is not empty: restore into a fresh one (move it aside or give another --data).`,
    )

  // Everything is put together beside the data folder and renamed into place at the end, so a
  // restore that is stopped half-way leaves no data folder that looks whole.
  const staging = `${dataDir}.restoring`
  await rm(staging, { recursive: true, force: true })
  await mkdir(staging, { recursive: true })
  if (existsSync(join(backup, 'data'))) await cp(join(backup, 'data'), staging, { recursive: true })
  if (existsSync(join(backup, 'storage')))
    await cp(join(backup, 'storage'), join(staging, 'storage'), { recursive: true })

  if (manifest.database === 'postgres') {
    const db = await openDb({ url: options.databaseUrl })
    try {
      const [row] = await db.query<{ used: boolean }>(
        `select to_regnamespace('app') is not null as used`,
      )
      if (row?.used)
        throw new Error(
          'The database of DATABASE_URL is not empty: restore into a new one (createdb).',
        )
    } finally {
      await db.close()
    }
    log('restoring the database with pg_restore…')
    await runRestore([
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      options.databaseUrl!,
      join(backup, 'database.dump'),
    ])
  }

  await rm(dataDir, { recursive: true, force: true })
  await rename(staging, dataDir)
  const db = await openDb({ url: options.databaseUrl, dataDir })
  try {
    const [row] = await db.query<{ epoch: string }>('select app.new_sync_epoch() as epoch')
    const epoch = row?.epoch ?? ''
    log(`restored the backup of ${manifest.createdAt}; devices will re-sync (epoch ${epoch})`)
    return epoch
  } finally {
    await db.close()
  }
}

const USAGE = `Usage: npm run restore -- <backup folder> [--data <dir>]

  <backup folder>   one backup, e.g. backups/2026-11-28T20-30-00Z (see the Scheduled Tasks pane)
  --data <dir>      the fresh data folder to restore into (env DATA_DIR, default .data);
                    it must be new or empty
  -h, --help        this text

With DATABASE_URL the database is restored with pg_restore into that (empty) database.
Then start the host as usual: npm start.`

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      data: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help || positionals.length !== 1) {
    console.log(USAGE)
    process.exit(values.help ? 0 : 1)
  }
  await restoreBackup({
    backup: positionals[0]!,
    dataDir: values.data ?? process.env.DATA_DIR ?? '.data',
    databaseUrl: process.env.DATABASE_URL || undefined,
    log: (line) => console.log(`  ${line}`),
  })
  console.log('  Restored. Start the host with: npm start')
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
