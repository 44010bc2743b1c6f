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
import type { SupabaseClient } from '@supabase/supabase-js'
import fc from 'fast-check'
import { feedback } from '@sync/contract/collections/index.ts'
import type { FeedbackRow } from '@sync/engine/database.ts'
import { demoAccounts } from '../../../supabase/local/demo-accounts.ts'
import { device } from '../support.ts'
import { canonical, faultArbitraries, isFault, startFleet, type FaultOp } from './fleet.ts'

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
  | FaultOp

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
      ...faultArbitraries(DEVICES.length),
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
  const fleet = await startFleet('feedback-faults', options.databaseUrl)
  const { client, url, devices, faults } = fleet
  const refusals: string[] = []
  const written = new Map<string, Written>()
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
  }

  try {
    for (let i = 0; i < DEVICES.length; i++) await open(i)
    for (const [n, op] of ops.entries()) {
      log(`${n}: ${JSON.stringify(op)}`)
      await apply(op)
    }
    await fleet.settleAll()
    return await check()
  } finally {
    await fleet.close()
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
    if (isFault(op)) return fleet.fault(op, open)
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
    }
  }

  function pullAll(who: SupabaseClient) {
    return fleet.pullAll(who, 'feedback')
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

/** Generates the operations of a seed and runs them. */
export async function runFeedbackSeeded(
  options: FeedbackScenarioOptions,
): Promise<FeedbackScenarioReport> {
  const [ops] = fc.sample(feedbackOperations(options.steps), { seed: options.seed, numRuns: 1 })
  return runFeedbackScenario(ops as Op[], options)
}
