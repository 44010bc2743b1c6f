// The start-up command as a person runs it: it starts, prints where it is and the demo accounts,
// serves, keeps committed data when the process is killed mid-write, and stops cleanly on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDb } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { defaultMigrationsDir } from '../../supabase/local/migrate.ts'
import { testDatabases, type FreshDatabase } from '../helpers/test-db.ts'

interface Running {
  child: ChildProcess
  url: string
  anonKey: string
  serviceRoleKey: string
  output(): string
  exited: Promise<number | null>
}

/** Starts `tsx supabase/local/main.ts` as its own process (node directly, so signals reach it). */
async function startCli(args: string[], env: Record<string, string> = {}): Promise<Running> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'supabase/local/main.ts', '--port', '0', ...args],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner after 60 s:\n${out}`)), 60_000)
    const check = () => {
      const match = /Supabase API URL\s+(\S+)/.exec(out)
      if (match && out.includes('Press Ctrl-C to stop.')) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    }
    child.stdout!.on('data', check)
    void exited.then((code) => reject(new Error(`exited with ${code}:\n${out}`)))
  })
  const key = (name: string) => new RegExp(`${name} key\\s+(\\S+)`).exec(out)![1]!
  return {
    child,
    url,
    anonKey: key('anon'),
    serviceRoleKey: key('service_role'),
    output: () => out,
    exited,
  }
}

// A request cut off by the kill is answered as "unavailable" instead of being logged by supabase-js.
const quietFetch: typeof fetch = (input, init) =>
  fetch(input, init).catch(
    () => new Response(JSON.stringify({ msg: 'host went away' }), { status: 503 }),
  )

const clientFor = (url: string, key: string) =>
  createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
    global: { fetch: quietFetch },
  })

describe.each(testDatabases())('the start-up command on $name', (target) => {
  let database: FreshDatabase
  let dataDir: string
  const running: Running[] = []
  let args: string[]
  let env: Record<string, string>

  beforeAll(async () => {
    database = await target.fresh()
    dataDir = await mkdtemp(join(tmpdir(), 'host-data-'))
    args = database.url ? [] : ['--data', dataDir]
    env = database.url ? { DATABASE_URL: database.url } : {}
  })
  afterAll(async () => {
    for (const r of running) if (r.child.exitCode === null) r.child.kill('SIGKILL')
    await Promise.all(running.map((r) => r.exited))
    await database?.drop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('starts, prints the URL and the demo accounts, serves, survives SIGKILL mid-write and stops on SIGTERM', async () => {
    const first = await startCli(args, env)
    running.push(first)
    const banner = first.output()
    expect(banner).toMatch(/\| role\s+\| e-mail\s+\| password\s+\|/)
    for (const account of demoAccounts) expect(banner).toContain(`| ${account.email}`)
    expect(banner).toContain(`Learning centre app   ${first.url}`)
    const migrations = (await readdir(defaultMigrationsDir)).filter((f) => f.endsWith('.sql'))
    expect(banner).toContain(`Applied ${migrations.length} new migrations (${migrations[0]} … `)

    const person = clientFor(first.url, first.anonKey)
    const signIn = await person.auth.signInWithPassword({
      email: 'admin@demo.school',
      password: 'demo-admin-1',
    })
    expect(signIn.error).toBeNull()

    // Three writers create accounts until the process is killed; every answered write must
    // survive the kill.
    const service = clientFor(first.url, first.serviceRoleKey)
    const acknowledged: string[] = []
    let stop = false
    const writers = [0, 1, 2].map(async (w) => {
      for (let i = 0; !stop; i++) {
        const email = `killed-${w}-${i}@parents.test`
        const { error } = await service.auth.admin.createUser({
          email,
          password: 'survives-1',
          email_confirm: true,
        })
        if (error) return
        acknowledged.push(email)
      }
    })
    while (acknowledged.length < 6) await new Promise((r) => setTimeout(r, 50))
    first.child.kill('SIGKILL')
    stop = true
    await Promise.all(writers)
    expect(await first.exited).toBeNull()

    const second = await startCli(args, env)
    running.push(second)
    const admin = clientFor(second.url, second.serviceRoleKey)
    const { data, error } = await admin.auth.admin.listUsers({ perPage: 1000 })
    expect(error).toBeNull()
    const present = new Set(data.users.map((u) => u.email))
    expect(acknowledged.filter((e) => !present.has(e))).toEqual([])
    expect(present.size).toBeGreaterThanOrEqual(demoAccounts.length + acknowledged.length)
    // Restarting did not seed a second time over the existing centre.
    expect(second.output()).not.toContain('seeded the demo centre')
    expect(second.output()).toContain('The database is up to date')
    const again = await clientFor(second.url, second.anonKey).auth.signInWithPassword({
      email: acknowledged[0]!,
      password: 'survives-1',
    })
    expect(again.error).toBeNull()

    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
    expect(second.output()).toContain('Stopped cleanly.')

    // A newer build has since migrated this database: this build refuses to start on it.
    const db = await openDb({ url: database.url, dataDir })
    await db.query(
      `insert into supabase_migrations.schema_migrations (version, name) values ('29990101000000', 'newer')`,
    )
    await db.close()
    const refused = await startCli(args, env).then(
      () => 'started',
      (error: Error) => error.message,
    )
    expect(refused).toContain('exited with 1')
    expect(refused).toContain(
      'This database was made by a newer build of the app: it has migration 29990101000000_newer',
    )
  })
})
