// The office's records under faults: two office devices (the administration clerk and the admin)
// and a guardian (Maria) work on the same families, students, inquiries and payments at once,
// each an RxDB database with the app's replication and its field-by-field merge, while the
// network comes and goes, the host is killed (SIGKILL) and started again, and devices are closed
// in the middle of syncing:
// - any of them changes a field of the Fernandes family or of Tiago and Inês (the same field on
//   two devices as often as different ones); the office also the Naik family, the children's
//   names and two inquiries' family description and tentative term;
// - any of them adds an emergency contact to the Fernandes family, so the list grows on two
//   devices at once (a list whose length changed is one field);
// - the office moves Tiago or Inês to another group (Maria's devices must then re-pull what she
//   may see, without losing what she has not sent): her device also holds her children's groups'
//   timetables, which a move takes from her or gives her;
// - the office records a month's fee, often the same month of the same child on both devices
//   before either has heard of the other; the device that comes second is told who recorded it,
//   and its person keeps both as two instalments or drops theirs.
// The sequence comes from a seed. At the end every device syncs, and the run checks:
// - every field edit is on the server, or a later edit was made on top of it, or its person was
//   told it was lost with that field and their value (nothing disappears silently); every notice
//   names a field its person changed and a value the server does not hold;
// - every emergency contact added is on the server or its person was told the list was replaced;
// - every month of every child is recorded once (instalments kept on purpose aside), every
//   receipt number belongs to one payment, and every payment is on the server or its person was
//   told why not;
// - every device holds what the server holds; nothing else was refused;
// - Maria's device holds the timetables of her children's groups at the end and none of another
//   group, and when a move changed those groups her device was reset (told to drop what she may no
//   longer read) rather than left with a stale copy.
import type { SupabaseClient } from '@supabase/supabase-js'
import fc from 'fast-check'
import {
  families,
  inquiries,
  payments,
  students,
  timetables,
} from '@sync/contract/collections/index.ts'
import { uuidv7 } from '@sync/contract/ids.ts'
import type { CollectionDefinition } from '@sync/contract/schema.ts'
import { collectionNamed, type AppDatabase } from '@sync/engine/database.ts'
import type { LostChange } from '@sync/engine/notices.ts'
import { asInstalment, periodAlreadyRecorded } from '@sync/rules/fees/instalment.ts'
import type { LostField } from '@sync/rules/merge/conflict.ts'
import { fieldLabel } from '@sync/rules/merge/fields.ts'
import { conflictHandlersFor, describeLoss } from '@/db/conflict-handlers'
import { demoAccounts } from '../../../supabase/local/demo-accounts.ts'
import type { SyncTransport } from '@sync/engine/transport.ts'
import { device } from '../support.ts'
import { faultArbitraries, isFault, startFleet, type FaultOp } from './fleet.ts'

export interface OfficeScenarioOptions {
  seed: number
  /** Operations in the run (edits and faults). */
  steps: number
  /** PostgreSQL server URL of a fresh database; PGlite in a temporary folder without one. */
  databaseUrl?: string
  log?: (line: string) => void
}

export interface OfficeScenarioReport {
  seed: number
  edits: number
  editsBy: Record<string, number>
  faults: { kills: number; reopens: number; offline: number }
  /** Field edits (and emergency contacts) neither on the server, nor built upon, nor told. */
  fieldEditsLost: string[]
  /** Months recorded twice as separate payments, and receipt numbers given twice. */
  paymentsDuplicated: string[]
  /** Payments neither on the server nor refused to their person with the reason. */
  paymentsLost: string[]
  /** Field edits lost on purpose (the same field changed on two devices), each told. */
  conflictsTold: number
  /** Second recordings of a month, each refused to its person with who recorded it first. */
  monthsRefused: number
  /** Notices that name no edit of their person's, or a value the server holds. */
  wrongNotices: string[]
  /** Devices whose data differs from what the server lets them see. */
  diverged: string[]
  /** Refusals other than a month recorded twice. */
  refused: string[]
  /**
   * What a group move left wrong on Maria's device: a timetable of a group she has no child in,
   * one of her children's groups missing, or groups changed without her device being reset.
   */
  visibility: string[]
  /** Visibility resets Maria's device was answered (her children's groups changed). */
  resets: number
  /** Whether her children's groups at the end differ from those at the start. */
  groupsChanged: boolean
}

const OFFICE = [0, 1]
const GUARDIAN = 2
const DEVICES = [
  { label: 'administration', defs: [inquiries, families, students, payments] },
  { label: 'admin', defs: [inquiries, families, students, payments] },
  { label: 'guardian', defs: [families, students, payments, timetables] },
] as const

/** The fields edited, by whom: a guardian changes only their own family and children. */
const FIELDS: { collection: string; id: string; path: string; guardian: boolean }[] = [
  { collection: 'families', id: 'demo-family-fernandes', path: 'name', guardian: false },
  {
    collection: 'families',
    id: 'demo-family-fernandes',
    path: 'data.maritalStatus',
    guardian: true,
  },
  {
    collection: 'families',
    id: 'demo-family-fernandes',
    path: 'data.guardians.0.occupation',
    guardian: true,
  },
  {
    collection: 'families',
    id: 'demo-family-fernandes',
    path: 'data.guardians.1.workPlace',
    guardian: true,
  },
  { collection: 'families', id: 'demo-family-naik', path: 'data.maritalStatus', guardian: false },
  { collection: 'students', id: 'st-tiago', path: 'data.questions', guardian: true },
  { collection: 'students', id: 'st-tiago', path: 'data.nationality', guardian: true },
  { collection: 'students', id: 'st-tiago', path: 'name', guardian: false },
  { collection: 'students', id: 'st-ines', path: 'data.questions', guardian: true },
  {
    collection: 'inquiries',
    id: 'inq-demo-dsouza',
    path: 'data.familyDescription',
    guardian: false,
  },
  {
    collection: 'inquiries',
    id: 'inq-demo-dsouza',
    path: 'data.tentativeAdmissionTerm',
    guardian: false,
  },
  {
    collection: 'inquiries',
    id: 'inq-demo-mehta',
    path: 'data.familyDescription',
    guardian: false,
  },
]
const OWN_CHILDREN = ['st-tiago', 'st-ines']
const GROUPS = ['rg-jaul', 'rg-tanni', 'rg-paani', 'rg-vaaro']
const PAYERS = [
  ['st-tiago', 'demo-family-fernandes', 'Tiago Fernandes'],
  ['st-ines', 'demo-family-fernandes', 'Inês Fernandes'],
  ['st-ira', 'demo-family-naik', 'Ira Naik'],
] as const

/** The n-th month from February 2027, as a fee's period and the fee year it counts in. */
function paidMonth(n: number) {
  const y = 2027 + Math.floor((1 + n) / 12)
  const m = (1 + n) % 12
  const ym = `${y}-${String(m + 1).padStart(2, '0')}`
  const start = m >= 5 ? y : y - 1
  const feeYear = `${start}-${String((start + 1) % 100).padStart(2, '0')}`
  return {
    feeYear,
    period: {
      key: `${feeYear}/month/${ym}`,
      label: ym,
      months: 1,
      start: `${ym}-01`,
      end: `${ym}-28`,
    },
  }
}

type Op =
  | { t: 'field'; d: number; pick: number }
  | { t: 'contact'; d: number }
  | { t: 'move'; d: number; pick: number; group: number }
  | { t: 'pay'; d: number; pick: number; both: boolean; keep: boolean }
  | FaultOp

const anyDevice = fc.integer({ min: 0, max: DEVICES.length - 1 })
const office = fc.constantFrom(...OFFICE)
const pick = fc.nat({ max: 1000 })

export const officeOperations = (steps: number) =>
  fc.array(
    fc.oneof(
      {
        weight: 30,
        arbitrary: fc.record({ t: fc.constant('field' as const), d: anyDevice, pick }),
      },
      { weight: 6, arbitrary: fc.record({ t: fc.constant('contact' as const), d: anyDevice }) },
      {
        weight: 4,
        arbitrary: fc.record({
          t: fc.constant('move' as const),
          d: office,
          pick,
          group: fc.nat({ max: GROUPS.length - 1 }),
        }),
      },
      {
        weight: 10,
        arbitrary: fc.record({
          t: fc.constant('pay' as const),
          d: office,
          pick,
          both: fc.boolean(),
          keep: fc.boolean(),
        }),
      },
      ...faultArbitraries(DEVICES.length, { offline: 9, online: 9, kill: 1, reopen: 3, settle: 4 }),
    ),
    { minLength: steps, maxLength: steps },
  )

type Doc = Record<string, unknown>

const at = (doc: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((v, k) => (v as Doc | undefined)?.[k], doc)

function setAt(doc: Doc, [key, ...rest]: string[], value: unknown): Doc {
  if (Array.isArray(doc)) {
    const copy = [...(doc as unknown[])]
    copy[Number(key)] = rest.length ? setAt(copy[Number(key)] as Doc, rest, value) : value
    return copy as unknown as Doc
  }
  return { ...doc, [key!]: rest.length ? setAt((doc[key!] ?? {}) as Doc, rest, value) : value }
}

interface FieldWrite {
  device: number
  collection: string
  id: string
  path: string
  value: string
  base: unknown
}

const RETRY = { baseMs: 300, maxMs: 2_000 }

export async function runOfficeScenario(
  ops: Op[],
  options: OfficeScenarioOptions,
): Promise<OfficeScenarioReport> {
  const log = options.log ?? (() => {})
  const fleet = await startFleet('office-faults', options.databaseUrl)
  const { client, url, devices, faults } = fleet
  const told: LostChange[][] = DEVICES.map(() => [])
  const refusedOther: string[] = []
  const writes: FieldWrite[] = []
  const contacts: { device: number; name: string }[] = []
  // Payments each device recorded, the months the run has given out, and refusals to answer.
  const recorded = new Map<string, { device: number; student: string; key: string }>()
  const refusedMonths = new Map<string, string>()
  const answers: { device: number; mine: Doc; keep: boolean }[] = []
  const keepChoice = new Map<string, boolean>()
  const monthsGiven = new Map<string, number>()
  let edits = 0
  const editsBy: Record<string, number> = {}
  const edited = (what: string) => {
    edits++
    editsBy[what] = (editsBy[what] ?? 0) + 1
  }
  let counter = 0
  const unique = (prefix: string) => `${prefix}-${options.seed}-${++counter}`

  // Pulls of Maria's timetables answered "reset" (what she may read changed).
  let resets = 0
  const countingResets = (inner: SyncTransport): SyncTransport => ({
    ...inner,
    push: (...args) => inner.push(...args),
    visible: (...args) => inner.visible(...args),
    onPoke: (...args) => inner.onPoke(...args),
    async pull(collection, checkpoint, size) {
      const answer = await inner.pull(collection, checkpoint, size)
      if (collection === 'timetables' && answer.reset) resets++
      return answer
    },
  })
  const open = async (i: number, name?: string) => {
    const spec = DEVICES[i]!
    const d = await device(
      { client, url },
      spec.label,
      spec.defs as readonly CollectionDefinition[],
      {
        name,
        ...(i === GUARDIAN ? { transport: countingResets } : {}),
        conflictHandlers: (db: () => AppDatabase | undefined) => conflictHandlersFor(db),
        describeLoss,
        retry: RETRY,
        noWait: name !== undefined,
      },
    )
    d.sync.conflicts$.subscribe((c) => told[i]!.push(c))
    d.sync.refused$.subscribe((list) => {
      for (const r of list) {
        if (r.collection === 'payments' && periodAlreadyRecorded(r.reason) && r.mine && r.id) {
          refusedMonths.set(r.id, r.reason)
          answers.push({ device: i, mine: r.mine, keep: keepChoice.get(r.id) ?? false })
        } else refusedOther.push(`${spec.label}: ${r.collection} ${r.id}: ${r.reason}`)
      }
    })
    devices[i] = d
  }

  /** The groups of Maria's children, as `db` holds them. */
  const childrenGroups = async (db: AppDatabase) => {
    const docs = await db.students.findByIds(OWN_CHILDREN).exec()
    return new Set([...docs.values()].map((doc) => String(doc.get('group_id'))))
  }
  let startGroups = new Set<string>()

  try {
    for (let i = 0; i < DEVICES.length; i++) await open(i)
    startGroups = await childrenGroups(devices[GUARDIAN]!.db)
    for (const [n, op] of ops.entries()) {
      log(`${n}: ${JSON.stringify(op)}`)
      await answerRefusals()
      await apply(op)
    }
    await settleAll()
    return await check()
  } finally {
    await fleet.close()
  }

  /** The person answers "keep both as two instalments" or "drop mine" (the device undid it). */
  async function answerRefusals() {
    for (const a of answers.splice(0)) {
      if (!a.keep) continue
      const instalment = asInstalment(a.mine, uuidv7())
      await devices[a.device]!.db.payments.insert(instalment as never)
      recorded.set(instalment.id, {
        device: a.device,
        student: String(a.mine.student_id),
        key: `instalment ${instalment.id}`,
      })
      edited('payments kept as instalments')
    }
  }

  async function editField(i: number, n: number) {
    const choices = i === GUARDIAN ? FIELDS.filter((f) => f.guardian) : FIELDS
    const field = choices[n % choices.length]!
    const doc = await collectionNamed(devices[i]!.db, field.collection)!.findOne(field.id).exec()
    if (!doc) throw new Error(`device ${i} has no ${field.collection} ${field.id}`)
    const value = unique(field.path.split('.').at(-1)!)
    let base: unknown
    await doc.incrementalModify((current: Doc) => {
      base = at(current, field.path)
      return setAt(current, field.path.split('.'), value)
    })
    writes.push({ device: i, ...field, value, base })
    edited(`${field.collection} fields`)
  }

  async function addContact(i: number) {
    const doc = await devices[i]!.db.families.findOne('demo-family-fernandes').exec()
    if (!doc) throw new Error(`device ${i} has no Fernandes family`)
    const name = unique('contact')
    await doc.incrementalModify((f) => ({
      ...f,
      data: {
        ...f.data,
        emergencyInfos: [
          ...(f.data.emergencyInfos ?? []),
          { type: 'Second Contact Person' as const, name, mobilePhone: '+91 9822000009' },
        ],
      },
    }))
    contacts.push({ device: i, name })
    edited('emergency contacts')
  }

  async function record(i: number, student: string, family: string, name: string, n: number) {
    const id = unique('pay')
    const paid = paidMonth(n)
    await devices[i]!.db.payments.insert({
      id,
      family_id: family,
      student_id: student,
      kind: 'fee',
      status: 'recorded',
      receipt_number: null,
      data: {
        paymentType: 'Monthly Fee',
        paymentOption: 'Cash',
        period: paid.period,
        feeYear: paid.feeYear,
        receivedFrom: 'A parent',
        amount: 14500,
        paymentDate: '2027-02-01',
        studentName: name,
        familyName: family,
        sendEmail: false,
      },
    })
    recorded.set(id, { device: i, student, key: paid.period.key })
    return id
  }

  async function apply(op: Op) {
    if (isFault(op)) return fleet.fault(op, open)
    switch (op.t) {
      case 'field':
        return editField(op.d, op.pick)
      case 'contact':
        return addContact(op.d)
      case 'move': {
        // The office moves a child to another group: Maria's scope changes with it.
        const id = OWN_CHILDREN[op.pick % OWN_CHILDREN.length]!
        const doc = await devices[op.d]!.db.students.findOne(id).exec()
        if (!doc) throw new Error(`device ${op.d} has no student ${id}`)
        await doc.incrementalPatch({ group_id: GROUPS[op.group]! })
        edited('group moves')
        return
      }
      case 'pay': {
        // The next month of the child on one office device, or on both before either hears.
        const [student, family, name] = PAYERS[op.pick % PAYERS.length]!
        const n = monthsGiven.get(student) ?? 0
        monthsGiven.set(student, n + 1)
        for (const d of op.both ? OFFICE : [op.d]) {
          const id = await record(d, student, family, name, n)
          keepChoice.set(id, op.keep)
          edited('payments')
        }
        return
      }
    }
  }

  // A refusal answered "keep both" makes a new payment: settle that one too.
  function settleAll() {
    return fleet.settleAll({ rounds: 30, busy: () => answers.length > 0, between: answerRefusals })
  }

  async function pullAll(who: SupabaseClient, collection: string) {
    return (await fleet.pullAll(who, collection)) as Doc[]
  }

  async function check(): Promise<OfficeScenarioReport> {
    const fieldEditsLost: string[] = []
    const paymentsDuplicated: string[] = []
    const paymentsLost: string[] = []
    const wrongNotices: string[] = []
    const diverged: string[] = []
    const server = new Map<string, Map<string, Doc>>()

    for (const [i, spec] of DEVICES.entries()) {
      const account = demoAccounts.find((a) => a.label === spec.label)!
      const who = client()
      await who.auth.signInWithPassword({ email: account.email, password: account.password })
      for (const def of spec.defs) {
        const rows = await pullAll(who, def.name)
        const byId = new Map(rows.map((r) => [String(r.id), r]))
        server.set(def.name, new Map([...(server.get(def.name) ?? []), ...byId]))
        const local = await collectionNamed(devices[i]!.db, def.name)!.find().exec()
        const localIds = new Set(local.map((d) => d.primary))
        for (const r of rows)
          if (!r._deleted && !localIds.has(String(r.id)))
            diverged.push(`${spec.label} lacks ${def.name} ${String(r.id)}`)
        for (const doc of local) {
          const row = byId.get(doc.primary)
          if (!row || row._deleted) diverged.push(`${spec.label} keeps ${def.name} ${doc.primary}`)
          else
            // Every column, the server's own (a receipt number, who and when) as well.
            for (const key of Object.keys(row).filter((k) => k !== '_deleted'))
              if (canonical(doc.get(key)) !== canonical(row[key]))
                diverged.push(
                  `${spec.label} differs on ${def.name} ${doc.primary} ${key}: device ` +
                    `${canonical(doc.get(key)).slice(0, 80)}, server ${canonical(row[key]).slice(0, 80)}`,
                )
        }
      }
      await who.auth.signOut()
    }

    // Field edits: on the server, built upon by a later edit, or told with field and value.
    const toldFields = (i: number, collection: string, id: string) =>
      told[i]!.filter((c) => c.collection === collection && c.id === id).flatMap(
        (c) => (c.details ?? []) as LostField[],
      )
    const seenAsBase = new Set(
      writes.map((w) => `${w.collection}|${w.id}|${w.path}|${String(w.base)}`),
    )
    for (const w of writes) {
      const row = server.get(w.collection)?.get(w.id)
      if (at(row, w.path) === w.value) continue
      if (seenAsBase.has(`${w.collection}|${w.id}|${w.path}|${w.value}`)) continue
      const label = fieldLabel(w.path)
      if (
        toldFields(w.device, w.collection, w.id).some(
          (f) => unnamed(f.field) === label && f.mine === w.value,
        )
      )
        continue
      fieldEditsLost.push(
        `${w.collection} ${w.id} ${label} = ${w.value} (${DEVICES[w.device]!.label})`,
      )
    }
    const serverContacts = (
      (at(server.get('families')?.get('demo-family-fernandes'), 'data.emergencyInfos') ?? []) as {
        name: string
      }[]
    ).map((c) => c.name)
    for (const c of contacts) {
      if (serverContacts.includes(c.name)) continue
      const isTold = told[c.device]!.some(
        (l) =>
          l.collection === 'families' &&
          ((l.details ?? []) as LostField[]).some((f) => f.field === 'emergency infos') &&
          JSON.stringify(at(l.mine, 'data.emergencyInfos') ?? []).includes(c.name),
      )
      if (!isTold) fieldEditsLost.push(`emergency contact ${c.name} (${DEVICES[c.device]!.label})`)
    }
    // Every notice names a field its person changed, with a value the server does not hold.
    let conflictsTold = 0
    for (const [i, notices] of told.entries())
      for (const n of notices) {
        const details = (n.details ?? null) as LostField[] | null
        if (!details || details.length === 0) {
          wrongNotices.push(`${DEVICES[i]!.label}: ${n.collection} ${n.id} lost whole`)
          continue
        }
        for (const f of details) {
          conflictsTold++
          const mineWrites = writes.filter(
            (w) =>
              w.device === i &&
              w.collection === n.collection &&
              w.id === n.id &&
              fieldLabel(w.path) === unnamed(f.field) &&
              w.value === f.mine,
          )
          const contactList = f.field === 'emergency infos' && n.collection === 'families'
          const groupMove = f.field === 'group id' && n.collection === 'students'
          const row = server.get(n.collection)?.get(n.id)
          if (contactList || groupMove) continue
          if (mineWrites.length === 0 || mineWrites.some((w) => at(row, w.path) === w.value))
            wrongNotices.push(`${DEVICES[i]!.label}: ${n.collection} ${n.id} ${f.field} ${f.mine}`)
        }
      }

    // Payments: each month once, each receipt number once, none gone without a word.
    const rows = [...(server.get('payments')?.values() ?? [])].filter(
      (r) => !r._deleted && r.kind === 'fee' && r.status === 'recorded',
    )
    const months = new Map<string, string[]>()
    const numbers = new Map<string, string>()
    for (const r of rows) {
      const data = r.data as Doc
      if (data.instalment !== true) {
        const key = `${String(r.student_id)} ${String((data.period as Doc | undefined)?.key)}`
        months.set(key, [...(months.get(key) ?? []), String(r.id)])
      }
      const number = r.receipt_number
      if (typeof number === 'string') {
        if (numbers.has(number))
          paymentsDuplicated.push(`receipt ${number} (${String(r.id)} and ${numbers.get(number)})`)
        numbers.set(number, String(r.id))
      }
    }
    for (const [key, ids] of months)
      if (ids.length > 1)
        paymentsDuplicated.push(`${key} recorded ${ids.length} times (${ids.join(', ')})`)
    const onServer = new Map(rows.map((r) => [String(r.id), r]))
    for (const [id, p] of recorded) {
      const row = onServer.get(id)
      if (row && typeof row.receipt_number === 'string') continue
      if (row) paymentsLost.push(`payment ${id} has no receipt number`)
      else if (!refusedMonths.has(id)) paymentsLost.push(`payment ${id} of ${p.student} ${p.key}`)
    }

    // A group move: Maria holds the timetables of her children's groups, and none of another.
    const visibility: string[] = []
    const endGroups = new Set(
      OWN_CHILDREN.map((id) => String(server.get('students')?.get(id)?.group_id)),
    )
    const held = await devices[GUARDIAN]!.db.timetables.find().exec()
    for (const doc of held)
      if (!endGroups.has(String(doc.get('group_id'))))
        visibility.push(
          `guardian keeps timetables ${doc.primary} of ${String(doc.get('group_id'))}`,
        )
    for (const group of endGroups)
      if (
        !held.some((doc) => doc.get('group_id') === group && doc.get('kind') === 'group_template')
      )
        visibility.push(`guardian lacks the timetable of ${group}`)
    const groupsChanged = [...endGroups].sort().join() !== [...startGroups].sort().join()
    if (groupsChanged && resets === 0)
      visibility.push(
        `guardian's groups went from ${[...startGroups].join(', ')} to ${[...endGroups].join(', ')} without a reset`,
      )

    return {
      seed: options.seed,
      edits,
      editsBy,
      faults,
      fieldEditsLost,
      paymentsDuplicated,
      paymentsLost,
      conflictsTold,
      monthsRefused: refusedMonths.size,
      wrongNotices,
      diverged,
      refused: refusedOther,
      visibility,
      resets,
      groupsChanged,
    }
  }
}

/** JSON with object keys sorted (Postgres orders jsonb keys its own way). */
/** A notice's field without the name of the guardian it concerns: 'guardian 1 › occupation'. */
const unnamed = (field: string) => field.replace(/ \([^)]*\)/g, '')

// A moment written either way ('…Z' by a device, '…+00:00' by Postgres) is the same moment.
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) => {
    if (typeof v === 'string' && MOMENT.test(v)) return new Date(v).toISOString()
    return v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v
  })
}

/** Generates the operations of a seed and runs them. */
export async function runOfficeSeeded(
  options: OfficeScenarioOptions,
): Promise<OfficeScenarioReport> {
  const [ops] = fc.sample(officeOperations(options.steps), { seed: options.seed, numRuns: 1 })
  return runOfficeScenario(ops as Op[], options)
}
