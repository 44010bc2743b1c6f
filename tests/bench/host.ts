// Host (issue 3): the local host as `npm start` runs it (supabase/local/main.ts in its own
// process), on PGlite and on the PostgreSQL server. Five runs of:
//  - start time: process spawn to the first 200 on /auth/v1/health — PGlite in memory, a new
//    PGlite data folder (migrations and demo seed) and the same folder again (restart), a new
//    PostgreSQL database and the same database again;
//  - requests per second of an authenticated RPC, sync_pull('reference', null, 50) as the demo
//    admin (fetch with the anon key and the bearer token), 20 concurrent clients for 10 s,
//    after 1 s of warm-up, with the requests' latency;
//  - the host process's resident memory from /proc/<pid>/status: VmHWM (peak) after 2 s idle,
//    and VmHWM after the load (PGlite runs inside the host; PostgreSQL's own memory is not
//    counted).
import {
  benchDatabase,
  keys,
  log,
  median,
  memoryOf,
  p95,
  row,
  rpc,
  runSuite,
  RUNS,
  signIn,
  startHost,
  tempDir,
  type HostArgs,
  type HostProcess,
} from './support.ts'

const CLIENTS = 20
const LOAD_MS = Number(process.env.BENCH_LOAD_MS ?? 10_000)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** 20 clients calling sync_pull back to back for `ms`; requests per second and latencies. */
async function load(url: string, token: string, ms: number) {
  const body = JSON.stringify({ collection: 'reference', checkpoint: null, batch_size: 50 })
  const headers = {
    apikey: keys.anonKey,
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
  }
  const latencies: number[] = []
  let errors = 0
  const started = performance.now()
  const until = started + ms
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const t = performance.now()
        const res = await fetch(`${url}/rest/v1/rpc/sync_pull`, { method: 'POST', headers, body })
        await res.arrayBuffer()
        if (res.ok) latencies.push(performance.now() - t)
        else errors++
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  return { rps: latencies.length / seconds, latencies, errors }
}

interface LoadSamples {
  rps: number[]
  p50: number[]
  p95: number[]
  idleHwm: number[]
  idleRss: number[]
  loadHwm: number[]
  errors: number
}
const samples = (): LoadSamples => ({
  rps: [],
  p50: [],
  p95: [],
  idleHwm: [],
  idleRss: [],
  loadHwm: [],
  errors: 0,
})

async function measureLoad(host: HostProcess, s: LoadSamples) {
  await sleep(2000)
  const idle = memoryOf(host.pid)
  s.idleHwm.push(idle.hwm)
  s.idleRss.push(idle.rss)
  const session = await signIn(host.url, 'admin@demo.school', 'demo-admin-1')
  await rpc(host.url, session.access_token, 'sync_pull', { collection: 'reference' })
  await load(host.url, session.access_token, 1000)
  const result = await load(host.url, session.access_token, LOAD_MS)
  s.rps.push(result.rps)
  s.p50.push(median(result.latencies))
  s.p95.push(p95(result.latencies))
  s.errors += result.errors
  s.loadHwm.push(memoryOf(host.pid).hwm)
  log(
    `${Math.round(result.rps)} rps; peak ${Math.round(idle.hwm)} MB idle, ${Math.round(s.loadHwm.at(-1)!)} MB loaded`,
  )
}

async function timedStart(args: HostArgs, into: number[]): Promise<HostProcess> {
  const host = await startHost(args)
  into.push(host.startMs)
  return host
}

await runSuite('host', 'Local host: start time, RPC throughput, memory', async (out) => {
  const start = { memory: [], dataNew: [], dataAgain: [], pgNew: [], pgAgain: [] } as Record<
    string,
    number[]
  >
  const pglite = samples()
  const pg = samples()
  for (let run = 1; run <= RUNS; run++) {
    log(`run ${run}`)
    let host = await timedStart({ memory: true }, start.memory!)
    try {
      await measureLoad(host, pglite)
    } finally {
      await host.stop()
    }

    const folder = tempDir('bench-pglite-')
    try {
      await (await timedStart({ dataDir: folder.path }, start.dataNew!)).stop()
      await (await timedStart({ dataDir: folder.path }, start.dataAgain!)).stop()
    } finally {
      folder.remove()
    }

    const database = await benchDatabase()
    try {
      host = await timedStart({ databaseUrl: database.url }, start.pgNew!)
      try {
        await measureLoad(host, pg)
      } finally {
        await host.stop()
      }
      await (await timedStart({ databaseUrl: database.url }, start.pgAgain!)).stop()
    } finally {
      await database.drop()
    }
  }
  out.rows.push(
    row('start: PGlite in memory', 'ms', start.memory!),
    row('start: PGlite, new data folder (migrate + seed)', 'ms', start.dataNew!),
    row('start: PGlite, existing data folder', 'ms', start.dataAgain!),
    row('start: PostgreSQL, new database (migrate + seed)', 'ms', start.pgNew!),
    row('start: PostgreSQL, existing database', 'ms', start.pgAgain!),
  )
  for (const [name, s] of [
    ['PGlite', pglite],
    ['PostgreSQL', pg],
  ] as const) {
    out.rows.push(
      row(`${name}: sync_pull requests/s, ${CLIENTS} clients`, 'rps', s.rps),
      row(`${name}: sync_pull latency under load`, 'ms', s.p50, {
        p95: s.p95.length ? median(s.p95) : null,
        note: "each run's median and p95 request time; the medians of the runs",
      }),
      row(`${name}: host peak memory idle (VmHWM)`, 'MB', s.idleHwm),
      row(`${name}: host resident memory idle (VmRSS)`, 'MB', s.idleRss),
      row(`${name}: host peak memory under load (VmHWM)`, 'MB', s.loadHwm),
    )
    if (s.errors) out.notes.push(`${name}: ${s.errors} requests failed under load.`)
  }
  out.notes.push(
    `Load: ${CLIENTS} concurrent fetch clients in the benchmark process, ${LOAD_MS / 1000} s per run, ` +
      'on the same two cores as the host (and, for PostgreSQL, the database server).',
  )
})
