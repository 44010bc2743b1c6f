// Feedback under faults (M01, M03, M08): two facilitators (Asha, and Rahul, a facilitator admin)
// write feedback about the same children on their own devices, often about one child in one
// subject at once with both devices offline, while a guardian (Maria) and a student (Tiago)
// read what is released, the network comes and goes, the host is killed (SIGKILL) and started
// again, and devices are closed in the middle of syncing:
// - either facilitator writes an entry about Tiago, Inês or Ira (a draft, or ready at once), or
//   both write about the same child and subject with both devices offline;
// - each changes the text of their own drafts, and marks them ready (their last change);
// - Rahul releases entries his device holds as ready, his own and Asha's.
// The sequence comes from a seed. At the end every device syncs, and the run checks:
// - every entry is on the server once, with its author's last text and the status it was last
//   given (released when Rahul released it): two facilitators writing about one child both keep
//   what they wrote, and nobody is told of a lost change (each entry has one writer at a time);
// - every device holds exactly what the server lets its person see: the facilitators every
//   entry, Maria her children's released entries only, Tiago his own released entries only;
// - nothing was refused (every change in the workload is allowed).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import fc from 'fast-check'
import WebSocket from 'ws'
import { feedback } from '@sync/contract/collections/index.ts'
import type { FeedbackRow } from '@sync/engine/database.ts'
import { demoAccounts } from '../../../supabase/local/demo-accounts.ts'
import { makeKeys } from '../../../supabase/local/keys.ts'
import { freePort, killed, startHostProcess, stopped } from '../../helpers/host-process.ts'
import { device, type Device } from '../support.ts'

export interface FeedbackScenarioOptions {
  seed: number
  /** Operations in the run (edits and faults). */
  steps: number
  /** PostgreSQL server URL of a fresh database; PGlite in a temporary folder without one. */
  databaseUrl?: string
  log?: (line: string) => void
}

export interface FeedbackScenarioReport {
  seed: number
  edits: number
  editsBy: Record<string, number>
  faults: { kills: number; reopens: number; offline: number }
  /** Entries missing on the server, with another text or status, or stored twice. */
  lost: string[]
  /** Devices whose feedback differs from what the server lets their person see. */
  diverged: string[]
  /** Changes the server refused, and changes a device was told it lost (none are expected). */
  refused: string[]
  /** Times both facilitators wrote about one child in one subject with both devices offline. */
  bothOffline: number
  /** Entries released by Rahul (his own and Asha's). */
  released: number
  /** Released entries the family's and the child's devices received. */
  familyRead: number
}

type Op =
  | { t: 'write'; d: number; child: number; subject: number; ready: boolean }
  | { t: 'both'; child: number; subject: number }
  | { t: 'edit'; d: number; pick: number }
  | { t: 'ready'; d: number; pick: number }
  | { t: 'release'; pick: number }
  | { t: 'offline'; d: number }
  | { t: 'online'; d: number }
  | { t: 'kill' }
  | { t: 'reopen'; d: number }
  | { t: 'settle'; d: number }

const DEVICES = ['facilitator', 'facilitator admin', 'guardian', 'student'] as const
const FACILITATORS = [0, 1]
const RELEASER = 1
const TERM = '2026_2027_2'
const CHILDREN = [
  { id: 'st-tiago', name: 'Tiago Fernandes', group: 'rg-jaul' },
  { id: 'st-ines', name: 'Inês Fernandes', group: 'rg-tanni' },
  { id: 'st-ira', name: 'Ira Naik', group: 'rg-jaul' },
] as const
const SUBJECTS = ['rs-maths', 'rs-english'] as const

const anyDevice = fc.integer({ min: 0, max: DEVICES.length - 1 })
const facilitator = fc.constantFrom(...FACILITATORS)
const pick = fc.nat({ max: 1000 })
const child = fc.nat({ max: CHILDREN.length - 1 })
const subject = fc.nat({ max: SUBJECTS.length - 1 })

export const feedbackOperations = (steps: number) =>
  fc.array(
    fc.oneof(
      {
        weight: 12,
        arbitrary: fc.record({
          t: fc.constant('write' as const),
          d: facilitator,
          child,
          subject,
          ready: fc.boolean(),
        }),
      },
      { weight: 6, arbitrary: fc.record({ t: fc.constant('both' as const), child, subject }) },
      {
        weight: 10,
        arbitrary: fc.record({ t: fc.constant('edit' as const), d: facilitator, pick }),
      },
      {
        weight: 6,
        arbitrary: fc.record({ t: fc.constant('ready' as const), d: facilitator, pick }),
      },
      { weight: 6, arbitrary: fc.record({ t: fc.constant('release' as const), pick }) },
      { weight: 8, arbitrary: fc.record({ t: fc.constant('offline' as const), d: anyDevice }) },
      { weight: 10, arbitrary: fc.record({ t: fc.constant('online' as const), d: anyDevice }) },
      { weight: 2, arbitrary: fc.record({ t: fc.constant('kill' as const) }) },
      { weight: 4, arbitrary: fc.record({ t: fc.constant('reopen' as const), d: anyDevice }) },
      { weight: 4, arbitrary: fc.record({ t: fc.constant('settle' as const), d: anyDevice }) },
    ),
    { minLength: steps, maxLength: steps },
  )

const RETRY = { baseMs: 300, maxMs: 2_000 }

type Status = FeedbackRow['status']

interface Written {
  author: number
  child: (typeof CHILDREN)[number]
  text: string
  status: Status
}

export async function runFeedbackScenario(
  ops: Op[],
  options: FeedbackScenarioOptions,
): Promise<FeedbackScenarioReport> {
  const log = options.log ?? (() => {})
  const dataDir = await mkdtemp(join(tmpdir(), 'feedback-faults-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const { anonKey } = await makeKeys()
  const clients: SupabaseClient[] = []
  const client = () => {
    const c = createClient(url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    })
    clients.push(c)
    return c
  }
  let host: ChildProcess = await startHostProcess(port, dataDir, options.databaseUrl)
  const restart: { running: Promise<void> | null } = { running: null }
  const devices: Device[] = []
  const names: string[] = []
  const refusals: string[] = []
  const written = new Map<string, Written>()
  const faults = { kills: 0, reopens: 0, offline: 0 }
  let bothOffline = 0
  let edits = 0
  const editsBy: Record<string, number> = {}
  const edited = (what: string) => {
    edits++
    editsBy[what] = (editsBy[what] ?? 0) + 1
  }
  let counter = 0
  const unique = (prefix: string) => `${prefix}-${options.seed}-${++counter}`

  const open = async (i: number, name?: string) => {
    const label = DEVICES[i]!
    const d = await device({ client, url }, label, [feedback], {
      name,
      retry: RETRY,
      noWait: name !== undefined,
    })
    // Each entry has one writer until it is ready, and is released only after: no change of
    // anyone's may lose to another's.
    d.sync.conflicts$.subscribe((c) =>
      refusals.push(`${label}: told ${c.collection} ${c.id} lost to ${JSON.stringify(c.theirs)}`),
    )
    d.sync.refused$.subscribe((r) =>
      refusals.push(...r.map((x) => `${label}: ${x.collection} ${x.id}: ${x.reason}`)),
    )
    devices[i] = d
    names[i] = d.db.name
  }

  try {
    for (let i = 0; i < DEVICES.length; i++) await open(i)
    for (const [n, op] of ops.entries()) {
      log(`${n}: ${JSON.stringify(op)}`)
      await apply(op)
    }
    await settleAll()
    return await check()
  } finally {
    for (const d of devices) await d?.close().catch(() => undefined)
    await Promise.all(clients.map((c) => c.removeAllChannels().catch(() => undefined)))
    await restart.running?.catch(() => undefined)
    await stopped(host)
    await rm(dataDir, { recursive: true, force: true, maxRetries: 5 })
  }

  async function write(
    d: number,
    who: (typeof CHILDREN)[number],
    subjectId: string,
    ready: boolean,
  ) {
    const account = demoAccounts.find((a) => a.label === DEVICES[d])!
    const id = unique(`fb-f${d}`)
    const text = unique(`${account.name.split(' ')[0]} on ${who.name.split(' ')[0]}`)
    const status: Status = ready ? 'ready' : 'draft'
    await devices[d]!.db.feedback.insert({
      id,
      kind: 'student',
      term: TERM,
      group_id: who.group,
      subject_id: subjectId,
      facilitator_id: account.facilitatorId!,
      student_id: who.id,
      status,
      data: {
        title: 'This term',
        feedback: text,
        groupFeedbackId: null,
        color: 'green',
        notParticipating: false,
        studentName: who.name,
        facilitatorName: account.name,
      },
    })
    written.set(id, { author: d, child: who, text, status })
    edited('written')
  }

  /** The author's entries still drafts, as their device holds them. */
  function drafts(d: number) {
    return [...written].filter(([, w]) => w.author === d && w.status === 'draft')
  }

  async function apply(op: Op) {
    switch (op.t) {
      case 'write':
        return write(op.d, CHILDREN[op.child]!, SUBJECTS[op.subject]!, op.ready)
      case 'both': {
        // Both facilitators write about one child in one subject with no connection.
        for (const d of FACILITATORS) {
          if (devices[d]!.online) faults.offline++
          devices[d]!.goOffline()
        }
        for (const d of FACILITATORS)
          await write(d, CHILDREN[op.child]!, SUBJECTS[op.subject]!, false)
        bothOffline++
        return
      }
      case 'edit':
      case 'ready': {
        const mine = drafts(op.d)
        if (mine.length === 0) return
        const [id, w] = mine[op.pick % mine.length]!
        const doc = await devices[op.d]!.db.feedback.findOne(id).exec()
        if (!doc) throw new Error(`device ${op.d} lost its own entry ${id}`)
        if (op.t === 'ready') {
          await doc.incrementalPatch({ status: 'ready' })
          w.status = 'ready'
          edited('marked ready')
        } else {
          w.text = unique(`${w.text.split('-')[0]}`)
          await doc.incrementalModify((row) =>
            row.kind === 'student' ? { ...row, data: { ...row.data, feedback: w.text } } : row,
          )
          edited('edited')
        }
        return
      }
      case 'release': {
        // What Rahul's device holds as ready, as the admin's Feedback pane offers it.
        const ready = await devices[RELEASER]!.db.feedback.find({
          selector: { status: 'ready' },
        }).exec()
        const known = ready.filter((doc) => written.get(doc.primary)?.status === 'ready')
        if (known.length === 0) return
        const doc = known[op.pick % known.length]!
        await doc.incrementalPatch({ status: 'released' })
        written.get(doc.primary)!.status = 'released'
        edited('released')
        return
      }
      case 'offline':
        if (devices[op.d]!.online) faults.offline++
        return devices[op.d]!.goOffline()
      case 'online':
        void devices[op.d]!.goOnline().catch(() => undefined)
        return
      case 'kill': {
        await restart.running
        faults.kills++
        await killed(host)
        restart.running = startHostProcess(port, dataDir, options.databaseUrl).then((child) => {
          host = child
          restart.running = null
        })
        return
      }
      case 'reopen': {
        await restart.running
        faults.reopens++
        const d = devices[op.d]!
        const online = d.online
        d.sync.resync()
        await d.shutDown()
        await open(op.d, names[op.d])
        if (!online) devices[op.d]!.goOffline()
        return
      }
      case 'settle': {
        const d = devices[op.d]!
        if (!d.online || restart.running) return
        await d.sync.awaitInSync()
        return
      }
    }
  }

  async function settleAll() {
    await restart.running
    await Promise.all(devices.map((d) => d.goOnline()))
    for (let round = 0; round < 20; round++) {
      devices.forEach((d) => d.sync.resync())
      await Promise.all(devices.map((d) => d.sync.awaitInSync()))
      const pending = await Promise.all(devices.map((d) => d.sync.countPending()))
      if (pending.every((p) => p === 0) && round >= 1) return
      await new Promise((r) => setTimeout(r, 200))
    }
    throw new Error('the devices did not settle')
  }

  async function pullAll(who: SupabaseClient) {
    const docs: Record<string, unknown>[] = []
    let checkpoint: unknown = null
    for (;;) {
      const { data, error } = await who.rpc('sync_pull', {
        collection: 'feedback',
        checkpoint,
        batch_size: 1000,
      })
      if (error) throw error
      const page = data as { documents: Record<string, unknown>[]; checkpoint: unknown }
      docs.push(...page.documents)
      checkpoint = page.checkpoint
      if (page.documents.length < 1000) return docs
    }
  }

  async function check(): Promise<FeedbackScenarioReport> {
    const lost: string[] = []
    const diverged: string[] = []
    const seen = new Map<string, Record<string, unknown>[]>()
    let familyRead = 0

    for (const [i, label] of DEVICES.entries()) {
      const account = demoAccounts.find((a) => a.label === label)!
      const who = client()
      await who.auth.signInWithPassword({ email: account.email, password: account.password })
      const rows = (await pullAll(who)).filter((r) => !r._deleted)
      await who.auth.signOut()
      seen.set(label, rows)
      const byId = new Map(rows.map((r) => [String(r.id), r]))
      const local = await devices[i]!.db.feedback.find().exec()
      const localIds = new Set(local.map((d) => d.primary))
      for (const id of byId.keys()) if (!localIds.has(id)) diverged.push(`${label} lacks ${id}`)
      for (const doc of local) {
        const row = byId.get(doc.primary)
        if (!row) diverged.push(`${label} keeps ${doc.primary}`)
        else if (
          doc.get('status') !== row.status ||
          canonical(doc.get('data')) !== canonical(row.data)
        )
          diverged.push(`${label} differs on ${doc.primary}`)
      }
      // A family sees released entries only, of their own children.
      if (label === 'guardian' || label === 'student') {
        const own = label === 'guardian' ? ['st-tiago', 'st-ines'] : ['st-tiago']
        for (const r of rows) {
          if (r.status !== 'released' || !own.includes(String(r.student_id)))
            diverged.push(`${label} was sent ${String(r.id)} (${String(r.status)})`)
          else if (written.has(String(r.id))) familyRead++
        }
      }
    }

    const all = seen.get('facilitator admin')!
    for (const [id, w] of written) {
      const rows = all.filter((r) => r.id === id)
      const row = rows[0]
      if (!row) lost.push(`entry ${id} by device ${w.author}`)
      else if (rows.length > 1) lost.push(`entry ${id} stored twice`)
      else if ((row.data as { feedback?: string }).feedback !== w.text)
        lost.push(`text of ${id}: ${String((row.data as { feedback?: string }).feedback)}`)
      else if (row.status !== w.status) lost.push(`status of ${id}: ${String(row.status)}`)
      else if (row.student_id !== w.child.id) lost.push(`child of ${id}`)
      // The family reads a released entry of their own children.
      if (w.status === 'released' && w.child.id !== 'st-ira') {
        const family = seen.get('guardian')!.some((r) => r.id === id)
        if (!family) lost.push(`released ${id} never reached the family`)
      }
    }

    return {
      seed: options.seed,
      edits,
      editsBy,
      faults,
      lost,
      diverged,
      refused: refusals,
      bothOffline,
      released: [...written.values()].filter((w) => w.status === 'released').length,
      familyRead,
    }
  }
}

/** JSON with object keys sorted (Postgres orders jsonb keys its own way). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )
}

/** Generates the operations of a seed and runs them. */
export async function runFeedbackSeeded(
  options: FeedbackScenarioOptions,
): Promise<FeedbackScenarioReport> {
  const [ops] = fc.sample(feedbackOperations(options.steps), { seed: options.seed, numRuns: 1 })
  return runFeedbackScenario(ops as Op[], options)
}
