// A device pushes hundreds of offline changes and the host is killed (SIGKILL) in the middle of
// it, then started again on the same data: every change arrives exactly once, none is lost, and
// the device ends with nothing pending.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, describe, expect, it } from 'vitest'
import { reference } from '../../sync/collections/index.ts'
import { makeKeys } from '../../supabase/local/keys.ts'
import { testDatabases, type FreshDatabase } from '../helpers/test-db.ts'
import type { TestHost } from '../helpers/host.ts'
import { device } from './support.ts'

const ROWS = 300

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function startHostProcess(
  port: number,
  dataDir: string,
  databaseUrl?: string,
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'supabase/local/main.ts', '--port', String(port), '--data', dataDir],
    {
      env: { ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start:\n${out}`)), 90_000)
    child.stdout!.on('data', () => {
      if (out.includes('Press Ctrl-C to stop.')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.on('exit', (code) => reject(new Error(`host exited with ${code}:\n${out}`)))
  })
  return child
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.on('exit', () => resolve())
    child.kill('SIGKILL')
  })

/** Stops the host and waits until it has exited, so its data folder is no longer written. */
const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.on('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })

describe.each(testDatabases())('killing the host during a large push on $name', (target) => {
  const cleanup: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c()
    await target.close()
  })

  it('loses nothing and duplicates nothing', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'host-fault-'))
    cleanup.push(() => rm(dataDir, { recursive: true, force: true, maxRetries: 5 }))
    let database: FreshDatabase | undefined
    if (target.name === 'postgres') {
      database = await target.fresh()
      cleanup.push(() => database!.drop())
    }
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    let host = await startHostProcess(port, dataDir, database?.url)
    cleanup.push(() => stopped(host))

    const { anonKey } = await makeKeys()
    const client = () =>
      createClient(url, anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
      })
    const d = await device({ client } as unknown as TestHost, 'admin', [reference])
    cleanup.push(() => d.close())

    d.goOffline()
    await d.db.reference.bulkInsert(
      Array.from({ length: ROWS }, (_, i) => ({
        id: `rc-fault-${i}`,
        kind: 'classroom',
        data: { name: `Room ${i}` },
      })),
    )
    expect(await d.sync.countPending()).toBe(ROWS)

    const syncing = d.goOnline()
    // Kill once the first rows have reached the server but before the push is over.
    const watcher = client()
    await watcher.auth.signInWithPassword({ email: 'admin@demo.school', password: 'demo-admin-1' })
    for (let i = 0; i < 400; i++) {
      const { data } = await watcher.rpc('sync_pull', {
        collection: 'reference',
        checkpoint: null,
        batch_size: 1000,
      })
      const arrived = ((data as { documents?: { id: string }[] } | null)?.documents ?? []).filter(
        (doc) => doc.id.startsWith('rc-fault-'),
      ).length
      if (arrived > 0) break
      await new Promise((r) => setTimeout(r, 20))
    }
    await killed(host)
    host = await startHostProcess(port, dataDir, database?.url)
    await syncing.catch(() => undefined)
    d.sync.resync()
    await d.sync.awaitInSync()
    await expect.poll(() => d.sync.countPending(), { timeout: 60_000, interval: 500 }).toBe(0)

    const check = client()
    await check.auth.signInWithPassword({ email: 'admin@demo.school', password: 'demo-admin-1' })
    const { data, error } = await check.rpc('sync_pull', {
      collection: 'reference',
      checkpoint: null,
      batch_size: 1000,
    })
    expect(error).toBeNull()
    const rows = (
      data as { documents: { id: string; data: { name: string }; _deleted: boolean }[] }
    ).documents.filter((doc) => doc.id.startsWith('rc-fault-'))
    expect(rows).toHaveLength(ROWS)
    expect(new Set(rows.map((r) => r.id)).size).toBe(ROWS)
    expect(
      rows.every((r) => r.data.name === `Room ${r.id.slice('rc-fault-'.length)}` && !r._deleted),
    ).toBe(true)
    await watcher.auth.signOut()
    await check.auth.signOut()
  })
})
