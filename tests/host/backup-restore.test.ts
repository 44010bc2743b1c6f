// Backups that restore (issue 37): write, back up (the scheduled job, run as the schedule runs
// it), write more, kill -9 a second backup half-way, restore the first into a fresh host. Every
// row and file of the backup is there and nothing after it; the half-written backup is never
// listed; a device that had synced past the backup resets and pushes its own unsynced edit again.
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { feedback } from '@sync/contract/collections/index.ts'
import type { FeedbackRow } from '@sync/engine/database.ts'
import { backupNow, listBackups } from '../../supabase/local/backup.ts'
import { openDb } from '../../supabase/local/db.ts'
import { migrate } from '../../supabase/local/migrate.ts'
import { restoreBackup } from '../../supabase/local/restore.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { startHost, type Host } from '../../supabase/local/server.ts'
import { device, eventually, type Device } from '../replication/support.ts'
import { killed } from '../helpers/host-process.ts'
import { testDatabases } from '../helpers/test-db.ts'

const root = mkdtempSync(join(tmpdir(), 'backup-restore-'))
const backups = join(root, 'backups')
const PNG = (n: number) =>
  Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'),
    Buffer.alloc(64, n),
  ])

function entry(id: string, text: string): FeedbackRow {
  return {
    id,
    kind: 'student',
    term: '2026_2027_2',
    group_id: 'rg-jaul',
    subject_id: 'rs-maths',
    facilitator_id: demoAccounts.find((a) => a.label === 'facilitator')!.facilitatorId!,
    student_id: 'st-tiago',
    status: 'ready',
    data: {
      title: 'Fractions',
      feedback: text,
      groupFeedbackId: null,
      color: 'green',
      notParticipating: false,
      studentName: 'Tiago Fernandes',
    },
  }
}

/** A host on a data folder, with the clients a test device needs. */
async function hostOn(dataDir: string, port = 0) {
  const host = await startHost({
    port,
    dataDir,
    backupDir: backups,
    distDir: 'tests/host/no-dist',
    rateLimitFactor: 1000,
  })
  const clients: SupabaseClient[] = []
  const make = (key: string) => {
    const client = createClient(host.url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    })
    clients.push(client)
    return client
  }
  return {
    ...host,
    client: () => make(host.anonKey),
    service: () => make(host.serviceRoleKey),
    async stop() {
      await Promise.all(clients.map((c) => c.removeAllChannels()))
      await host.stop()
    },
  }
}

const ids = async (host: Pick<Host, 'db'>) =>
  (
    await host.db.query<{ id: string }>(
      `select id from public.feedback where id like 'fb-bk-%' order by id`,
    )
  ).map((r) => r.id)

function run(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  return { child, output: () => out }
}

describe('backups that restore (PGlite)', () => {
  const open: Array<{ stop(): Promise<void> } | Device> = []
  afterAll(async () => {
    for (const o of open.reverse()) await ('close' in o ? o.close() : o.stop()).catch(() => {})
    rmSync(root, { recursive: true, force: true })
  })

  it('restores every row and file of the backup, and a device past it resets and pushes again', async () => {
    const first = await hostOn(join(root, 'first'))
    open.push(first)
    const port = Number(new URL(first.url).port)
    const phone = await device(first, 'facilitator', [feedback])
    open.push(phone)
    const files = first.service().storage.from('images')

    // Written before the backup.
    await phone.db.feedback.insert(entry('fb-bk-1', 'before the backup'))
    await eventually(async () => expect(await phone.sync.countPending()).toBe(0), 20_000)
    expect(
      (await files.upload('backup/before.png', PNG(1), { contentType: 'image/png' })).error,
    ).toBeNull()

    // The scheduled job, as the scheduler runs it: the database asks, the host backs up.
    await first.db.query(`select app.run_scheduled_task('database-backup')`)
    await eventually(async () => {
      const [task] = await first.db.query<{ last_message: string }>(
        `select last_message from app.scheduled_tasks where name = 'database-backup'`,
      )
      expect(task?.last_message).toMatch(/^Backup \S+: [\d.]+ (KB|MB) \(\d+ stored files?\)/)
    }, 30_000)
    const [backup] = await listBackups(backups)
    expect(backup).toMatchObject({ database: 'pglite' })
    expect(backup!.files).toBeGreaterThanOrEqual(1)

    // Written after it: the phone syncs past the backup, then edits offline.
    await phone.db.feedback.insert(entry('fb-bk-2', 'after the backup'))
    expect(
      (await files.upload('backup/after.png', PNG(2), { contentType: 'image/png' })).error,
    ).toBeNull()
    await eventually(async () => expect(await phone.sync.countPending()).toBe(0), 20_000)
    expect(await ids(first)).toEqual(['fb-bk-1', 'fb-bk-2'])
    phone.goOffline()
    await phone.db.feedback.insert(entry('fb-bk-3', 'written offline, never synced'))
    await first.stop()

    // A second backup killed half-way (kill -9) leaves a half-written folder that is never listed.
    const half = run(['tests/host/support/backup-child.ts', join(root, 'first'), backups])
    await eventually(() => expect(half.output()).toContain('midway'), 30_000)
    await killed(half.child)
    expect(readdirSync(backups).filter((n) => n.startsWith('.partial-'))).toHaveLength(1)
    expect((await listBackups(backups)).map((b) => b.name)).toEqual([backup!.name])

    // A half-written backup is refused; the complete one restores into a fresh data folder.
    const partial = readdirSync(backups).find((n) => n.startsWith('.partial-'))!
    await expect(
      restoreBackup({ backup: join(backups, partial), dataDir: join(root, 'x') }),
    ).rejects.toThrow('not a complete backup')
    const restore = run([
      'supabase/local/restore.ts',
      backup!.path,
      '--data',
      join(root, 'restored'),
    ])
    expect(await new Promise((r) => restore.child.on('exit', r)), restore.output()).toBe(0)

    // The restored host, where the first one was: the backup's rows and files, nothing after.
    const restored = await hostOn(join(root, 'restored'), port)
    open.push(restored)
    expect(await ids(restored)).toEqual(['fb-bk-1'])
    const images = restored.service().storage.from('images')
    const kept = await images.download('backup/before.png')
    expect(Buffer.from(await kept.data!.arrayBuffer())).toEqual(PNG(1))
    expect((await images.download('backup/after.png')).error).not.toBeNull()
    const listed = await images.list('backup')
    expect(listed.data?.map((f) => f.name)).toEqual(['before.png'])
    const [{ epoch }] = (await restored.db.query<{ epoch: string }>(
      'select app.sync_epoch() as epoch',
    )) as [{ epoch: string }]
    expect(epoch).not.toBe(backup!.epoch)

    // The phone comes back: its checkpoint is of another epoch, so it re-pulls from zero, drops
    // what the restored server never had, and pushes its own unsynced edit.
    await phone.goOnline()
    await eventually(async () => {
      expect(await phone.sync.countPending()).toBe(0)
      expect(await ids(restored)).toEqual(['fb-bk-1', 'fb-bk-3'])
      const local = await phone.db.feedback.find({ selector: { id: { $regex: '^fb-bk-' } } }).exec()
      expect(local.map((d) => d.id).sort()).toEqual(['fb-bk-1', 'fb-bk-3'])
    }, 30_000)
  }, 120_000)
})

const server = testDatabases().find((t) => t.name === 'postgres')
describe.runIf(server)('backups that restore (PostgreSQL, pg_dump)', () => {
  it('dumps one snapshot with pg_dump and restores it into an empty database with a new epoch', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'backup-pg-'))
    const source = await server!.fresh()
    const empty = await server!.fresh()
    const db = await openDb({ url: source.url })
    try {
      await migrate(db)
      await db.query(
        `insert into public.system_warnings (source, message) values ('backup', 'kept')`,
      )
      mkdirSync(join(dir, 'data', 'storage', 'images'), { recursive: true })
      writeFileSync(join(dir, 'data', 'storage', 'images', 'kept.png'), PNG(3))
      const made = await backupNow({
        db,
        dataDir: join(dir, 'data'),
        backupDir: join(dir, 'backups'),
        databaseUrl: source.url,
      })
      expect(made).toMatchObject({ database: 'postgres', files: 1 })
      await db.query(
        `insert into public.system_warnings (source, message) values ('backup', 'later')`,
      )

      const epoch = await restoreBackup({
        backup: made.path,
        dataDir: join(dir, 'restored'),
        databaseUrl: empty.url,
      })
      expect(epoch).not.toBe(made.epoch)
      expect(existsSync(join(dir, 'restored', 'storage', 'images', 'kept.png'))).toBe(true)
      const restored = await openDb({ url: empty.url })
      try {
        const rows = await restored.query<{ message: string }>(
          `select message from public.system_warnings where source = 'backup'`,
        )
        expect(rows.map((r) => r.message)).toEqual(['kept'])
      } finally {
        await restored.close()
      }
      // A database that is not empty is refused.
      await expect(
        restoreBackup({ backup: made.path, dataDir: join(dir, 'again'), databaseUrl: empty.url }),
      ).rejects.toThrow('is not empty')
    } finally {
      await db.close()
      await source.drop()
      await empty.drop()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
