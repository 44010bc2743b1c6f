// Sync (issue 4): the sync engine (sync/engine/replication.ts) on Node "devices" — RxDB with the Dexie
// storage on fake-indexeddb and a signed-in supabase-js client, as in the replication tests —
// against the local host (PGlite in memory, its own process). 5,000 extra classrooms are pushed
// as the demo admin first. Then, 5 times:
//  - initial pull: a fresh device opens `reference` and replicates until in sync (~5,045
//    documents): time, and bytes both ways through a counting TCP proxy in front of the host
//    (HTTP and the Realtime socket, headers included, compressed as the host sends them);
//  - 500 offline edits: the device goes offline, renames 500 classrooms, comes back online;
//    time until the replication is in sync (pushed and acknowledged) and until countPending()
//    says 0, and how long one countPending() call takes.
// Last, write-to-arrival: one device (admin) adds a classroom, a second (facilitator) sees it
// arrive through the poke and a pull; p50/p95 over 25 writes.
import 'fake-indexeddb/auto'
import { createServer, connect, type Server } from 'node:net'
import { createClient } from '@supabase/supabase-js'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { BehaviorSubject, Subject, filter, firstValueFrom } from 'rxjs'
import WebSocket from 'ws'
import { reference } from '@sync/contract/collections/reference.ts'
import { createAppDatabase } from '@sync/engine/database.ts'
import { startSync } from '@sync/engine/replication.ts'
import { supabaseTransport } from '@sync/engine/transport.ts'
import { keys, log, p95, pushNew, row, runSuite, RUNS, signIn, startHost } from './support.ts'

const EXTRA = 5000
const EDITS = 500
const WRITES = 25

/** A TCP proxy in front of the host that counts the bytes each way. */
async function countingProxy(target: number) {
  const bytes = { up: 0, down: 0 }
  const server: Server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1')
    client.on('data', (d) => (bytes.up += d.length))
    upstream.on('data', (d) => (bytes.down += d.length))
    client.pipe(upstream).pipe(client)
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}`, bytes, close: () => server.close() }
}

let counter = 0
/** A signed-in device with `reference` open; sync starts when asked. */
async function device(url: string, email: string, password: string) {
  const supabase = createClient(url, keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
  const { data, error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw error
  const db = await createAppDatabase({
    name: `bench${++counter}x${Date.now()}`,
    storage: getRxStorageDexie(),
    definitions: [reference],
    multiInstance: false,
  })
  const state = { online: true }
  const online$ = new BehaviorSubject(true)
  const start = () =>
    startSync({
      database: db,
      definitions: [reference],
      transport: supabaseTransport(supabase),
      identifier: `${url}:${data.user.id}`,
      environment: { isOnline: () => state.online, online$, wakeups$: new Subject<void>() },
      waitForLeadership: false,
    })
  const setOnline = (online: boolean) => {
    state.online = online
    online$.next(online)
  }
  return { db, supabase, start, setOnline }
}

await runSuite(
  'sync',
  'Sync engine: initial pull, offline edits, write to arrival',
  async (out) => {
    const host = await startHost({ memory: true })
    const proxy = await countingProxy(Number(new URL(host.url).port))
    const s = { pullMs: [] as number[], down: [] as number[], up: [] as number[] }
    const edits = {
      localMs: [] as number[],
      ackMs: [] as number[],
      countMs: [] as number[],
      pushMs: [] as number[],
    }
    const arrivals: number[] = []
    let docs = 0
    let encoding = 'unknown'
    try {
      const admin = await signIn(host.url, 'admin@demo.school', 'demo-admin-1')
      for (let i = 0; i < EXTRA; i += 500) {
        const rooms = Array.from({ length: 500 }, (_, j) => ({
          id: `bench-room-${String(i + j).padStart(5, '0')}`,
          kind: 'classroom',
          data: { name: `Room ${i + j}` },
        }))
        await pushNew(host.url, admin.access_token, 'reference', rooms)
      }
      log(`seeded ${EXTRA} classrooms`)
      // Whether the API answers Node's fetch (which supabase-js uses) compressed.
      const probe = await fetch(`${proxy.url}/rest/v1/rpc/sync_pull`, {
        method: 'POST',
        headers: {
          apikey: keys.anonKey,
          authorization: `Bearer ${admin.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ collection: 'reference', batch_size: 200 }),
      })
      await probe.arrayBuffer()
      encoding = probe.headers.get('content-encoding') ?? 'none'

      for (let run = 1; run <= RUNS; run++) {
        const d = await device(proxy.url, 'admin@demo.school', 'demo-admin-1')
        proxy.bytes.up = proxy.bytes.down = 0
        let t = performance.now()
        const sync = d.start()
        await sync.awaitInSync()
        s.pullMs.push(performance.now() - t)
        s.down.push(proxy.bytes.down)
        s.up.push(proxy.bytes.up)
        docs = await d.db.reference.count().exec()

        d.setOnline(false)
        const rooms = await d.db.reference
          .find({ selector: { kind: 'classroom' }, limit: EDITS })
          .exec()
        t = performance.now()
        for (const room of rooms) {
          const data = room.get('data') as { name: string }
          await room.incrementalPatch({ data: { ...data, name: `${data.name} (run ${run})` } })
        }
        edits.localMs.push(performance.now() - t)
        t = performance.now()
        d.setOnline(true)
        for (let first = true; ; first = false) {
          await sync.awaitInSync()
          if (first) edits.ackMs.push(performance.now() - t)
          const counting = performance.now()
          const pending = await sync.countPending()
          edits.countMs.push(performance.now() - counting)
          if (pending === 0) break // else: a push was still on its way; wait again
        }
        edits.pushMs.push(performance.now() - t)
        log(
          `run ${run}: pull ${docs} docs ${Math.round(s.pullMs.at(-1)!)} ms; ${EDITS} edits pushed in ${Math.round(edits.pushMs.at(-1)!)} ms`,
        )
        await sync.stop()
        await d.db.remove()
        await d.supabase.auth.signOut()
      }

      // Write to arrival: A writes, B receives through the poke and a pull.
      const a = await device(proxy.url, 'admin@demo.school', 'demo-admin-1')
      const b = await device(proxy.url, 'facilitator@demo.school', 'demo-facilitator-1')
      const [syncA, syncB] = [a.start(), b.start()]
      await Promise.all([syncA.awaitInSync(), syncB.awaitInSync()])
      for (let i = 0; i < WRITES; i++) {
        const id = `bench-arrival-${Date.now()}-${i}`
        const arrived = firstValueFrom(b.db.reference.findOne(id).$.pipe(filter((doc) => !!doc)))
        const t = performance.now()
        await a.db.reference.insert({ id, kind: 'classroom', data: { name: `Arrival ${i}` } })
        await arrived
        arrivals.push(performance.now() - t)
        await new Promise((r) => setTimeout(r, 200))
      }
      for (const [dev, sync] of [
        [a, syncA],
        [b, syncB],
      ] as const) {
        await sync.stop()
        await dev.db.remove()
      }
    } finally {
      proxy.close()
      await host.stop()
    }
    out.rows.push(
      row(`initial pull of ${docs} documents: time`, 'ms', s.pullMs),
      row('initial pull: bytes received', 'bytes', s.down),
      row('initial pull: bytes sent', 'bytes', s.up),
      row(`${EDITS} offline edits: writing them locally`, 'ms', edits.localMs),
      row(
        `${EDITS} offline edits: online until pushed and acknowledged (awaitInSync)`,
        'ms',
        edits.ackMs,
      ),
      row(`${EDITS} offline edits: online until countPending() is 0`, 'ms', edits.pushMs),
      row(`countPending() over ${docs} documents (one call)`, 'ms', edits.countMs),
      row(`write to arrival on a second device (${WRITES} writes)`, 'ms', arrivals, {
        p95: p95(arrivals),
      }),
    )
    out.notes.push(
      "Devices are Node processes with fake-indexeddb, which is slower than a browser's " +
        "IndexedDB: the pull and edit times include its cost. Pull batches are the app's (200). " +
        'One countPending() call is timed on its own, once the edits are acknowledged. ' +
        `RPC answers to Node's fetch came with Content-Encoding: ${encoding}.`,
    )
  },
)
