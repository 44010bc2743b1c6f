// A device pushes hundreds of offline changes and the host is killed (SIGKILL) in the middle of
// it, then started again on the same data: every change arrives exactly once, none is lost, and
// the device ends with nothing pending.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, describe, expect, it } from 'vitest'
import { reference } from '@sync/contract/collections/index.ts'
import { makeKeys } from '../../supabase/local/keys.ts'
import { testDatabases, type FreshDatabase } from '../helpers/test-db.ts'
import { freePort, killed, startHostProcess, stopped } from '../helpers/host-process.ts'
import { device } from './support.ts'

const ROWS = 300

describe.each(testDatabases())('killing the host during a large push on $name', (target) => {
  const cleanup: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c()
    await target.close()
  })

  // Two host start-ups on a loaded machine take a while: this test has its own time limit.
  it('loses nothing and duplicates nothing', { timeout: 240_000 }, async () => {
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
    const d = await device({ client, url }, 'admin', [reference])
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
