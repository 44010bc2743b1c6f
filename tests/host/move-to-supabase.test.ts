// Moving a centre from the box to Supabase (issue 37): a box with accounts (one with a changed
// password), rows, a queued e-mail and a stored file, and a phone that synced to it and then
// edited offline. The move reads the box's backup (PGlite) or its database (PostgreSQL) into a
// database shaped like a Supabase project (tests/sql/support/supabase-shape.sql, the app's
// migrations pushed), uploading the files through the Storage API of a host serving that
// database. Then: the account signs in with its old password, the file opens with the same
// bytes, nothing was sent or queued again, and the phone resets and pushes its unsynced edit.
// A project that already holds a centre is refused and left unchanged; bad arguments are named.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { feedback } from '@sync/contract/collections/index.ts'
import type { FeedbackRow } from '@sync/engine/database.ts'
import { backupNow } from '../../supabase/local/backup.ts'
import { openDb, type Db, type Queryable } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { defaultBootstrapDir, defaultMigrationsDir } from '../../supabase/local/migrate.ts'
import {
  moveCentre,
  moveSettings,
  openMoveSource,
  MoveRefused,
} from '../../supabase/local/move-to-supabase.ts'
import { startHost, type HostOptions } from '../../supabase/local/server.ts'
import { device, eventually, type Device } from '../replication/support.ts'
import { testDatabases, type FreshDatabase } from '../helpers/test-db.ts'

const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'),
  Buffer.alloc(64, 7),
])
const NEW_PASSWORD = 'a new password for the move'
const admin = demoAccounts.find((a) => a.label === 'admin')!
const facilitator = demoAccounts.find((a) => a.label === 'facilitator')!

function entry(id: string, text: string): FeedbackRow {
  return {
    id,
    kind: 'student',
    term: '2026_2027_2',
    group_id: 'rg-jaul',
    subject_id: 'rs-maths',
    facilitator_id: facilitator.facilitatorId!,
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

async function hostOn(options: Partial<HostOptions>) {
  const host = await startHost({
    port: 0,
    distDir: 'tests/host/no-dist',
    rateLimitFactor: 1000,
    ...options,
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
type TestHost = Awaited<ReturnType<typeof hostOn>>

/** The role Supabase calls `postgres` (tests/sql/support/supabase-shape.sql says why). */
const POSTGRES = 'supabase_postgres'
const PLATFORM_ROLES = 'supabase_auth_admin, supabase_storage_admin, supabase_realtime_admin'

/** Runs `fn` in one transaction as Supabase's `postgres`. */
const asPostgres = <T>(db: Db, fn: (tx: Queryable) => Promise<T>) =>
  db.transaction(async (tx) => {
    await tx.query(`select set_config('role', $1, true)`, [POSTGRES])
    return fn(tx)
  })

/** The project's database as the command gets it on Supabase: every write as `postgres`. */
const asSupabasePostgres = (db: Db): Db => ({
  ...db,
  transaction: (fn) => asPostgres(db, fn),
})

/**
 * A Supabase project after docs/deploy.md's `db push`: the shape of Supabase's database, the app's
 * migrations pushed as `postgres` (as tests/sql/supabase-shape.test.ts pushes them), Vault's
 * secrets for the dispatcher. Supabase's own services (Auth's sessions, Realtime's delivery) are
 * stood in for by the local host's bootstrap, so that a host can serve the project.
 */
async function supabaseProject(database: { url?: string; dataDir?: string }) {
  const db = await openDb({ url: database.url, dataDir: database.dataDir })
  try {
    await db.exec(readFileSync('tests/sql/support/supabase-shape.sql', 'utf8'))
    const [server] = await db.query<{ version: number }>(
      `select current_setting('server_version_num')::int as version`,
    )
    await db.exec(
      server!.version >= 160000
        ? `grant ${PLATFORM_ROLES} to ${POSTGRES} with inherit true, set false`
        : `grant ${PLATFORM_ROLES} to ${POSTGRES}`,
    )
    try {
      await asPostgres(db, (tx) =>
        tx.exec(`create schema if not exists supabase_migrations;
          create table if not exists supabase_migrations.schema_migrations (
            version text primary key, statements text[], name text)`),
      )
      for (const file of readdirSync(defaultMigrationsDir)
        .filter((f) => f.endsWith('.sql'))
        .sort()) {
        const [, version, name] = /^(\d+)_?(.*)\.sql$/.exec(file)!
        await asPostgres(db, async (tx) => {
          await tx.exec(readFileSync(join(defaultMigrationsDir, file), 'utf8'))
          await tx.query(
            'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
            [version, name],
          )
        })
      }
    } finally {
      await db.exec(`revoke ${PLATFORM_ROLES} from ${POSTGRES}`)
    }
    await db.query(
      `select vault.create_secret('https://project-ref.supabase.co/functions/v1/outbox', 'outbox_url'),
              vault.create_secret('dispatcher-secret-37', 'outbox_secret')`,
    )
    for (const file of readdirSync(defaultBootstrapDir).sort())
      await db.exec(readFileSync(join(defaultBootstrapDir, file), 'utf8'))
  } finally {
    await db.close()
  }
}

const feedbackIds = async (db: Db) =>
  (
    await db.query<{ id: string }>(
      `select id from public.feedback where id like 'fb-mv-%' order by id`,
    )
  ).map((r) => r.id)

const outboxOf = (db: Db) =>
  db.query(
    `select id, status, attempts from public.email_outbox
      union all select message_id, status, attempts from public.whatsapp_outbox order by id`,
  )

const filesOf = (db: Db) =>
  db.query<{ path: string; owner: string | null }>(
    `select bucket_id || '/' || name as path, owner::text from storage.objects order by 1`,
  )

/** The box before the move: a changed password, a queued e-mail, a file, a phone's unsynced edit. */
async function fillBox(box: TestHost, open: Array<{ stop(): Promise<void> } | Device>) {
  const phoneName = `move-phone-${Date.now()}`
  const phone = await device(box, 'facilitator', [feedback], { name: phoneName })
  await phone.db.feedback.insert(entry('fb-mv-1', 'synced to the box'))
  await eventually(async () => expect(await phone.sync.countPending()).toBe(0), 20_000)

  const person = box.client()
  expect(
    (await person.auth.signInWithPassword({ email: admin.email, password: admin.password })).error,
  ).toBeNull()
  expect((await person.auth.updateUser({ password: NEW_PASSWORD })).error).toBeNull()
  await person.auth.signOut()

  const upload = await box
    .service()
    .storage.from('images')
    .upload('move/photo.png', PNG, { contentType: 'image/png' })
  expect(upload.error).toBeNull()
  await box.db.query(
    `insert into public.email_outbox (id, recipients, subject, html_body, next_attempt_at)
     values ('mail-mv', '{parent@family.test}', 'Queued before the move', '<p>x</p>',
             now() + interval '1 hour')`,
  )

  phone.goOffline()
  await phone.db.feedback.insert(entry('fb-mv-2', 'written offline, never synced'))
  await phone.shutDown()
  open.push(phone)
  return { phoneName, outbox: await outboxOf(box.db), files: await filesOf(box.db) }
}

/** After the move, on the project: sign-in, the file, nothing sent, the phone back in sync. */
async function checkProject(
  project: TestHost,
  box: { phoneName: string; outbox: unknown[]; files: unknown[]; epoch: string },
  open: Array<{ stop(): Promise<void> } | Device>,
) {
  // Nothing was queued or woken by the copy: the same outbox, no call to the dispatcher.
  expect(await outboxOf(project.db)).toEqual(box.outbox)
  expect(await project.db.query('select id from net.http_calls')).toEqual([])
  const [{ epoch }] = (await project.db.query<{ epoch: string }>(
    'select app.sync_epoch() as epoch',
  )) as [{ epoch: string }]
  expect(epoch).not.toBe(box.epoch)

  // The admin signs in with the password changed on the box; the same user id, the same role.
  const person = project.client()
  const signedIn = await person.auth.signInWithPassword({
    email: admin.email,
    password: NEW_PASSWORD,
  })
  expect(signedIn.error).toBeNull()
  expect(signedIn.data.user?.id).toBe(admin.id)
  const [member] = await project.db.query<{ role: string }>(
    'select role from public.members where id = $1',
    [admin.id],
  )
  expect(member?.role).toBe('admin')
  expect(
    (
      await project
        .client()
        .auth.signInWithPassword({ email: admin.email, password: admin.password })
    ).error,
  ).not.toBeNull()

  // Every file is there, with its owner; the photo opens, the same bytes, for the person as for the server.
  expect(await filesOf(project.db)).toEqual(box.files)
  const opened = await person.storage.from('images').download('move/photo.png')
  expect(opened.error).toBeNull()
  expect(Buffer.from(await opened.data!.arrayBuffer())).toEqual(PNG)

  // The phone signs in again (its session was the box's) with its old password; its checkpoint is
  // of the box's epoch, so it re-pulls everything and pushes the edit it made offline.
  const phone = await device(project, 'facilitator', [feedback], {
    name: box.phoneName,
    noWait: true,
  })
  open.push(phone)
  await eventually(async () => {
    expect(await phone.sync.countPending()).toBe(0)
    expect(await feedbackIds(project.db)).toEqual(['fb-mv-1', 'fb-mv-2'])
    const local = await phone.db.feedback.find({ selector: { id: { $regex: '^fb-mv-' } } }).exec()
    expect(local.map((d) => d.id).sort()).toEqual(['fb-mv-1', 'fb-mv-2'])
  }, 30_000)
}

/** A second move into the project is refused before anything changes. */
async function checkRefused(project: TestHost, move: () => Promise<unknown>) {
  const state = () =>
    project.db.query(
      `select app.sync_epoch() as epoch, (select count(*)::int from auth.users) as users,
              (select count(*)::int from public.feedback) as feedback,
              (select string_agg(name || updated_at::text, ',') from storage.objects) as files`,
    )
  const before = await state()
  await expect(move()).rejects.toThrow(/already holds a centre \(\d+ accounts, \d+ members\)/)
  expect(await state()).toEqual(before)
}

describe('moving a centre to Supabase (PGlite box, from its backup)', () => {
  const root = mkdtempSync(join(tmpdir(), 'move-pglite-'))
  const open: Array<{ stop(): Promise<void> } | Device> = []
  afterAll(async () => {
    for (const o of open.reverse()) await ('close' in o ? o.close() : o.stop()).catch(() => {})
    rmSync(root, { recursive: true, force: true })
  })

  it('moves accounts, rows and files; old passwords sign in, files open, devices resync', async () => {
    // The project's database is made while the box runs.
    const projectMade = supabaseProject({ dataDir: join(root, 'project') })
    const box = await hostOn({ dataDir: join(root, 'box'), backupDir: join(root, 'backups') })
    open.push(box)
    const port = Number(new URL(box.url).port)
    const filled = await fillBox(box, open)
    const backup = await backupNow({
      db: box.db,
      dataDir: join(root, 'box'),
      backupDir: join(root, 'backups'),
    })
    await box.stop()

    // The project, served where the box was (the app keeps its address in this test).
    await projectMade
    const project = await hostOn({ dataDir: join(root, 'project'), port, seed: false })
    open.push(project)
    const move = async () => {
      const source = await openMoveSource(backup.path)
      try {
        return await moveCentre({
          source,
          // On Supabase the command connects as `postgres`, no superuser: so it writes here.
          target: asSupabasePostgres(project.db),
          storage: { url: project.url, key: project.serviceRoleKey },
        })
      } finally {
        await source.close()
      }
    }
    const moved = await move()
    expect(moved).toMatchObject({ files: filled.files.length, missingFiles: [] })
    expect(moved.accounts).toBe(demoAccounts.length)
    await checkProject(project, { ...filled, epoch: backup.epoch }, open)
    await checkRefused(project, move)
    // The backup itself was only read.
    expect(readdirSync(backup.path).sort()).toEqual(['data', 'manifest.json', 'storage'])
  }, 180_000)

  it('refuses a data folder that is no backup, and names every missing setting', async () => {
    await expect(openMoveSource(join(root, 'box'))).rejects.toThrow(MoveRefused)
    await expect(openMoveSource(join(root, 'nowhere'))).rejects.toThrow('is not a folder')
    expect(() => moveSettings([], {})).toThrow(
      /--from is missing.*--db-url is missing.*--project-url is missing.*SUPABASE_SECRET_KEY is not set/,
    )
    expect(() =>
      moveSettings(
        [
          '--from',
          'b',
          '--db-url',
          'postgresql://postgres:pw@db:5432/postgres',
          '--project-url',
          'x',
        ],
        { SUPABASE_SECRET_KEY: 'k' },
      ),
    ).toThrow(/may not hold the password.*--project-url must be the project address/)
    expect(() => moveSettings(['--form', 'b'], {})).toThrow(/--form/)
    expect(
      moveSettings(
        [
          '--from',
          'b',
          '--db-url',
          'postgresql://postgres.ref@pooler:5432/postgres',
          '--project-url',
          'https://ref.supabase.co/',
        ],
        { SUPABASE_SECRET_KEY: 'k', SUPABASE_DB_PASSWORD: 'p@ss' },
      ),
    ).toMatchObject({
      dbUrl: 'postgresql://postgres.ref:p%40ss@pooler:5432/postgres',
      projectUrl: 'https://ref.supabase.co',
    })
  })
})

function run(args: string[], env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'supabase/local/move-to-supabase.ts', ...args],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SUPABASE_DB_PASSWORD: '', ...env },
    },
  )
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out })),
  )
}

const server = testDatabases().find((t) => t.name === 'postgres')
describe.runIf(server)('moving a centre to Supabase (PostgreSQL box, the command)', () => {
  const root = mkdtempSync(join(tmpdir(), 'move-pg-'))
  const open: Array<{ stop(): Promise<void> } | Device> = []
  const databases: FreshDatabase[] = []
  afterAll(async () => {
    for (const o of open.reverse()) await ('close' in o ? o.close() : o.stop()).catch(() => {})
    for (const d of databases) await d.drop().catch(() => {})
    rmSync(root, { recursive: true, force: true })
  })

  it('moves the box with npm run move-to-supabase, and refuses a second move', async () => {
    const boxDb = await server!.fresh()
    const projectDb = await server!.fresh()
    databases.push(boxDb, projectDb)
    const projectMade = supabaseProject({ url: projectDb.url })
    const box = await hostOn({ databaseUrl: boxDb.url, dataDir: join(root, 'box') })
    open.push(box)
    const port = Number(new URL(box.url).port)
    const filled = await fillBox(box, open)
    const [{ epoch }] = (await box.db.query<{ epoch: string }>(
      'select app.sync_epoch() as epoch',
    )) as [{ epoch: string }]
    await box.stop()

    await projectMade
    const project = await hostOn({
      databaseUrl: projectDb.url,
      dataDir: join(root, 'project'),
      port,
      seed: false,
    })
    open.push(project)
    const args = [
      '--from',
      join(root, 'box'),
      '--db-url',
      projectDb.url!,
      '--project-url',
      project.url,
    ]
    const env = { DATABASE_URL: boxDb.url!, SUPABASE_SECRET_KEY: project.serviceRoleKey }
    const moved = await run(args, env)
    expect(moved.out).toMatch(
      new RegExp(
        `✓ moved \\d+ accounts, \\d+ rows of \\d+ tables and ${filled.files.length} files`,
      ),
    )
    expect(moved.code).toBe(0)
    await checkProject(project, { ...filled, epoch }, open)

    const again = await run(args, env)
    expect(again.code).toBe(1)
    expect(again.out).toContain('already holds a centre')
    await checkRefused(project, async () => {
      const result = await run(args, env)
      throw new Error(result.out)
    })

    const bad = await run(['--from', join(root, 'box')], {})
    expect(bad.code).toBe(1)
    expect(bad.out).toMatch(/--db-url is missing.*\n[\s\S]*Usage: npm run move-to-supabase/)
  }, 180_000)
})
