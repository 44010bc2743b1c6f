// Shared pieces of the benchmark suites: statistics, the local host as a child process (so its
// CPU and memory are its own), throwaway PostgreSQL databases, signing in over HTTP, and the
// JSON report each suite prints. Chromium helpers are in browser.ts.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { makeKeys } from '../../supabase/local/keys.ts'
import type { PushResult } from '@sync/engine/transport.ts'

/** The built app the suites serve (scripts/bench.mjs builds it here). */
export const DIST = process.env.BENCH_DIST ?? '.tmp/bench/app'
export const PG_SERVER = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const RUNS = Number(process.env.BENCH_RUNS ?? 5)
export const keys = await makeKeys(process.env.JWT_SECRET || undefined)

// ---- statistics -------------------------------------------------------------------------
export function quantile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b)
  if (s.length === 0) return NaN
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))
  return s[i]!
}
export const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}
export const p95 = (v: number[]) => quantile(v, 0.95)
export const log = (line: string) => process.stderr.write(`  ${line}\n`)

// ---- the report -------------------------------------------------------------------------
export type Unit = 'ms' | 'bytes' | 'rps' | 'MB' | 'ratio' | 'count'
export interface Row {
  metric: string
  unit: Unit
  median: number | null
  p95?: number | null
  samples?: number[]
  note?: string
}
export interface SuiteResult {
  suite: string
  title: string
  rows: Row[]
  notes: string[]
}
/** A row with the median (and optionally p95) of its samples. */
export function row(metric: string, unit: Unit, samples: number[], more: Partial<Row> = {}): Row {
  return { metric, unit, median: samples.length ? median(samples) : null, samples, ...more }
}
export function report(result: SuiteResult): void {
  process.stdout.write(`${JSON.stringify(result)}\n`)
}

// ---- the local host ---------------------------------------------------------------------
export interface HostProcess {
  url: string
  pid: number
  child: ChildProcess
  /** Milliseconds from spawn to the first 200 on /auth/v1/health. */
  startMs: number
  stop(): Promise<void>
}
export interface HostArgs {
  memory?: boolean
  dataDir?: string
  databaseUrl?: string
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

/** Starts `supabase/local/main.ts` (as `npm start` does) and waits until it answers. */
export async function startHost(args: HostArgs): Promise<HostProcess> {
  const port = await freePort()
  const flags = ['--port', String(port), '--dist', DIST]
  if (args.memory) flags.push('--memory')
  if (args.dataDir) flags.push('--data', args.dataDir)
  const env = { ...process.env, DATABASE_URL: args.databaseUrl ?? '' }
  const started = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/local/main.ts', ...flags], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`host exited: ${stderr}`)
    if (performance.now() - started > 120_000) child.kill('SIGKILL')
    try {
      if ((await fetch(`${url}/auth/v1/health`)).status === 200) break
    } catch {}
    await new Promise((r) => setTimeout(r, 10))
  }
  const startMs = performance.now() - started
  return {
    url,
    pid: child.pid!,
    child,
    startMs,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN)
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 }
}

/** CPU time a process has used so far (user + system), in ms. */
export function cpuMsOf(pid: number): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), prefix))
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) }
}

/** A new, empty database on the PostgreSQL server; drop() removes it. */
export async function benchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${randomBytes(5).toString('hex')}`
  const admin = postgres(PG_SERVER, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  const url = new URL(PG_SERVER)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const conn = postgres(PG_SERVER, { max: 1, onnotice: () => {} })
      await conn.unsafe(`drop database if exists ${name} with (force)`)
      await conn.end()
    },
  }
}

// ---- the API over HTTP ------------------------------------------------------------------
export interface Session {
  access_token: string
  refresh_token: string
  user: { id: string }
  [key: string]: unknown
}
export async function signIn(url: string, email: string, password: string): Promise<Session> {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: keys.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`)
  return (await res.json()) as Session
}
export async function rpc<T>(url: string, token: string, fn: string, args: object): Promise<T> {
  const res = await fetch(`${url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      apikey: keys.anonKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(args),
  })
  if (!res.ok) throw new Error(`${fn}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

/** Writes rows as `token`'s person would sync them (new rows), and fails on any refusal. */
export async function pushNew(url: string, token: string, collection: string, docs: object[]) {
  const rows = docs.map((d) => ({
    newDocumentState: { ...d, _deleted: false },
    assumedMasterState: null,
  }))
  const answer = await rpc<PushResult>(url, token, 'sync_push', { collection, rows })
  if (answer.conflicts.length || answer.refused.length)
    throw new Error(
      `sync_push ${collection}: ${JSON.stringify(answer.refused[0] ?? answer.conflicts[0])}`,
    )
}

/** Runs `fn`, reporting a failure as a failed suite (bench.mjs shows it) rather than a crash. */
export async function runSuite(
  suite: string,
  title: string,
  fn: (out: SuiteResult) => Promise<void>,
) {
  const out: SuiteResult = { suite, title, rows: [], notes: [] }
  try {
    await fn(out)
    report(out)
    process.exit(0)
  } catch (error) {
    log(`${suite} failed: ${(error as Error).stack ?? String(error)}`)
    report({ ...out, notes: [...out.notes, `failed: ${(error as Error).message}`] })
    process.exit(1)
  }
}
