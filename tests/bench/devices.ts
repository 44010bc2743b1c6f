// 200 devices on one box (issue 37): the local host as `npm start` runs it (its own process), on
// PGlite in memory and on the PostgreSQL server, with BENCH_DEVICES (default 200) simulated
// devices in the benchmark process (tests/helpers/devices.ts). Each holds its own realtime
// connection joined to the private `sync` channel and, on a poke, pulls `reference` with its own
// checkpoint, as the app's replication does. The devices share the sessions of 8 demo accounts
// (office, admission, facilitators, guardian, student): 25 devices each.
//  - joins: time until every device has joined the channel, and its first full pull of
//    `reference` (devices 20 at a time);
//  - write to all: BENCH_DEVICE_WRITES (default 5) times, the admin adds a classroom (every
//    member reads it): per device, the time from sending the write to the pull answer that
//    holds it, and to the poke; p50, p95 and max over every device and write;
//  - write to some: the admin adds a fee tariff, which only the office and the facilitators read
//    (125 of 200 devices): the same times over those devices; the others pull and must not get it;
//  - throughput: every device pulls `reference` with its checkpoint (an empty answer, what a poke
//    mostly costs) back to back for BENCH_LOAD_MS (default 10 s) after 1 s of warm-up;
//  - memory: the host's VmHWM (peak since it started, migrations and seed included) and the
//    highest VmRSS sampled every 200 ms while the devices were connected.
// Goals: a write reaches every device within 2 s at p95; sync_pull serves at least 300
// requests/s on PostgreSQL; the host stays under 1 GB on PGlite.
import { allReceived, SimulatedDevice } from '../helpers/devices.ts'
import {
  benchDatabase,
  cpuMsOf,
  keys,
  log,
  median,
  memoryOf,
  p95,
  pushNew,
  row,
  runSuite,
  signIn,
  startHost,
  type HostArgs,
  type Row,
} from './support.ts'

const DEVICES = Number(process.env.BENCH_DEVICES ?? 200)
const WRITES = Number(process.env.BENCH_DEVICE_WRITES ?? 5)
const LOAD_MS = Number(process.env.BENCH_LOAD_MS ?? 10_000)
const GOAL_ARRIVAL_MS = 2000
const GOAL_RPS = 300
const GOAL_MEMORY_MB = 1024
// Accounts that read the sync channel; guardians (the parent facilitator is one) and students do
// not read fee tariffs.
const ACCOUNTS = [
  'admin',
  'administration',
  'admission',
  'facilitator',
  'facilitator-admin',
  'parent-facilitator',
  'guardian',
  'student',
]
const NO_TARIFFS = new Set(['parent-facilitator', 'guardian', 'student'])
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const max = (v: number[]) => v.reduce((a, b) => Math.max(a, b), -Infinity)

/** Runs `fn` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(fn))
}

interface Target {
  name: string
  args(): Promise<{ args: HostArgs; drop?(): Promise<void> }>
}

interface Measured {
  joinMs: number
  firstPullMs: number
  all: number[]
  allPoke: number[]
  some: number[]
  somePoke: number[]
  pullsPerWrite: number[]
  rps: number
  cpuPerPull: number
  latencies: number[]
  failed: number
  hwm: number
  peakRss: number
}

async function measure(target: Target): Promise<Measured> {
  const { args, drop } = await target.args()
  const host = await startHost(args)
  let peakRss = 0
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, memoryOf(host.pid).rss)
    } catch {}
  }, 200)
  const devices: { device: SimulatedDevice; account: string }[] = []
  try {
    const tokens = new Map<string, string>()
    for (const slug of ACCOUNTS) {
      const session = await signIn(host.url, `${slug}@demo.school`, `demo-${slug}-1`)
      tokens.set(slug, session.access_token)
    }
    for (let i = 0; i < DEVICES; i++) {
      const account = ACCOUNTS[i % ACCOUNTS.length]!
      const device = new SimulatedDevice({
        url: host.url,
        anonKey: keys.anonKey,
        token: tokens.get(account)!,
        collections: ['reference'],
      })
      devices.push({ device, account })
    }
    let started = performance.now()
    await inBatches(devices, 20, ({ device }) => device.connect())
    const joinMs = performance.now() - started
    started = performance.now()
    await inBatches(devices, 20, ({ device }) => device.poke('reference'))
    const firstPullMs = performance.now() - started
    log(`${target.name}: ${DEVICES} devices joined in ${Math.round(joinMs)} ms`)
    await sleep(1000)

    const admin = tokens.get('admin')!
    const out = { all: [], allPoke: [], some: [], somePoke: [], pullsPerWrite: [] } as Pick<
      Measured,
      'all' | 'allPoke' | 'some' | 'somePoke' | 'pullsPerWrite'
    >
    const pullsNow = () => devices.reduce((n, d) => n + d.device.pulls, 0)
    const write = async (
      id: string,
      doc: object,
      to: SimulatedDevice[],
      into: number[],
      pokes: number[],
    ) => {
      const pullsBefore = pullsNow()
      const pokedBefore = new Map(to.map((d) => [d, d.pokes.length]))
      const t0 = performance.now()
      await pushNew(host.url, admin, 'reference', [{ id, ...doc }])
      await allReceived(to, id, 60_000)
      for (const d of to) {
        into.push(d.arrivals.get(id)! - t0)
        const poke = d.pokes[pokedBefore.get(d)!]
        if (poke !== undefined) pokes.push(poke - t0)
      }
      await sleep(1000)
      out.pullsPerWrite.push(pullsNow() - pullsBefore)
    }
    for (let w = 0; w < WRITES; w++) {
      const all = devices.map((d) => d.device)
      const idAll = `bench-devices-room-${w}`
      await write(
        idAll,
        { kind: 'classroom', data: { name: `Room ${w}` } },
        all,
        out.all,
        out.allPoke,
      )
      const readers = devices.filter((d) => !NO_TARIFFS.has(d.account)).map((d) => d.device)
      const idSome = `bench-devices-tariff-${w}`
      await write(
        idSome,
        { kind: 'fee_tariff', data: { name: `Tariff ${w}`, amount: 1000 + w } },
        readers,
        out.some,
        out.somePoke,
      )
      const leaked = devices.filter(
        (d) => NO_TARIFFS.has(d.account) && d.device.arrivals.has(idSome),
      )
      if (leaked.length)
        throw new Error(`${leaked.length} guardian or student devices got a fee tariff`)
      log(
        `${target.name} write ${w + 1}: all p95 ${Math.round(p95(out.all))} ms, some p95 ${Math.round(p95(out.some))} ms`,
      )
    }

    // Throughput: every device pulls back to back with its own checkpoint.
    const load = async (ms: number) => {
      const latencies: number[] = []
      const failedBefore = devices.reduce((n, d) => n + d.device.failedPulls, 0)
      const t = performance.now()
      const until = t + ms
      await Promise.all(
        devices.map(async ({ device }) => {
          while (performance.now() < until) {
            const s = performance.now()
            if (await device.pullOnce('reference')) latencies.push(performance.now() - s)
          }
        }),
      )
      const failed = devices.reduce((n, d) => n + d.device.failedPulls, 0) - failedBefore
      return { rps: latencies.length / ((performance.now() - t) / 1000), latencies, failed }
    }
    await load(1000)
    const cpuBefore = cpuMsOf(host.pid)
    const loaded = await load(LOAD_MS)
    const cpuPerPull = (cpuMsOf(host.pid) - cpuBefore) / loaded.latencies.length
    log(
      `${target.name}: ${Math.round(loaded.rps)} sync_pull/s, host CPU ${cpuPerPull.toFixed(2)} ms each`,
    )
    const memory = memoryOf(host.pid)
    return {
      joinMs,
      firstPullMs,
      ...out,
      rps: loaded.rps,
      cpuPerPull,
      latencies: loaded.latencies,
      failed: devices.reduce((n, d) => n + d.device.failedPulls, 0),
      hwm: memory.hwm,
      peakRss: Math.max(peakRss, memory.rss),
    }
  } finally {
    clearInterval(sampler)
    await Promise.all(devices.map(({ device }) => device.close().catch(() => {})))
    await host.stop()
    await drop?.()
  }
}

const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED')

await runSuite('devices', `${DEVICES} devices on one box: poke, pull, memory`, async (out) => {
  const targets: Target[] = [
    { name: 'PGlite', args: async () => ({ args: { memory: true } }) },
    {
      name: 'PostgreSQL',
      args: async () => {
        const database = await benchDatabase()
        return { args: { databaseUrl: database.url }, drop: database.drop }
      },
    },
  ]
  const some = Math.round((DEVICES * (ACCOUNTS.length - NO_TARIFFS.size)) / ACCOUNTS.length)
  for (const target of targets) {
    const m = await measure(target)
    const dist = (metric: string, samples: number[], note: string): Row =>
      row(metric, 'ms', samples, {
        median: median(samples),
        p95: p95(samples),
        note: `${note}; max ${Math.round(max(samples))} ms`,
        samples,
      })
    const allP95 = p95(m.all)
    const someP95 = p95(m.some)
    out.rows.push(
      row(`${target.name}: ${DEVICES} devices join the sync channel`, 'ms', [m.joinMs]),
      row(`${target.name}: their first pull of reference`, 'ms', [m.firstPullMs]),
      dist(
        `${target.name}: write to all ${DEVICES} devices, until pulled`,
        m.all,
        `goal p95 ≤ 2 s: ${verdict(allP95 <= GOAL_ARRIVAL_MS)}`,
      ),
      dist(`${target.name}: write to all, until poked`, m.allPoke, 'the poke over realtime'),
      dist(
        `${target.name}: write to ${some} office and facilitator devices, until pulled`,
        m.some,
        `goal p95 ≤ 2 s: ${verdict(someP95 <= GOAL_ARRIVAL_MS)}`,
      ),
      row(`${target.name}: sync_pull calls per write`, 'count', m.pullsPerWrite),
      row(`${target.name}: sync_pull requests/s, ${DEVICES} devices`, 'rps', [m.rps], {
        note:
          target.name === 'PostgreSQL'
            ? `goal ≥ ${GOAL_RPS} req/s: ${verdict(m.rps >= GOAL_RPS)}`
            : 'one connection',
      }),
      dist(`${target.name}: sync_pull latency under that load`, m.latencies, 'each request'),
      row(`${target.name}: host CPU per sync_pull`, 'ms', [m.cpuPerPull], {
        note:
          target.name === 'PGlite'
            ? 'the database included'
            : 'the host process only, not the PostgreSQL server',
      }),
      row(`${target.name}: host peak memory (VmHWM)`, 'MB', [m.hwm], {
        note:
          target.name === 'PGlite'
            ? `since start, migrations included; goal < 1 GB: ${verdict(m.hwm < GOAL_MEMORY_MB)}`
            : "since start; PostgreSQL's own memory is not counted",
      }),
      row(`${target.name}: host resident memory with the devices (VmRSS)`, 'MB', [m.peakRss], {
        note: 'highest sample, every 200 ms',
      }),
    )
    if (m.failed) out.notes.push(`${target.name}: ${m.failed} sync_pull requests failed.`)
  }
  out.notes.push(
    `${DEVICES} devices in the benchmark process (realtime-js 2.109 over ws, fetch for sync_pull), sharing 8 demo accounts' sessions; ` +
      `${WRITES} writes of each kind, ${LOAD_MS / 1000} s of load; everything on the same two cores as the host (and, for PostgreSQL, the database server).`,
  )
})
