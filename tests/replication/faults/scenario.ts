// The sync fault scenario: five devices (two facilitators, an admin, an administration clerk and
// a guardian, each an RxDB database with the app's replication) make random edits while the
// network comes and goes, the host is killed (SIGKILL) and started again, and devices are closed
// in the middle of syncing and opened again:
// - the facilitators and the admin edit timetable weeks; the facilitators write, edit and
//   remove lesson comments, write notes about a child (shared with the family or not), and take the register (mark and unmark children away for a day or a
//   lesson, often the same child on both devices offline); the admin adds, renames and removes
//   classrooms;
// - the admin moves inquiries through the pipeline (status, notes, potential, archive) and edits
//   families' and students' profiles (data);
// - the admin and the clerk onboard WhatsApp numbers, often the same number on both before
//   either has heard of the other's (with the same name or each their own), and queue template
//   messages to the numbers they know (no one wrote in, so free text would be refused);
// - the guardian edits their own family's profile;
// - the clerk records fee payments, each numbered by the server when it arrives.
// The sequence comes from a seed, so a failing run can be replayed. At the end every device
// syncs, and the run checks:
// - every edit is on the server, or a later edit was made on top of it, or its person was told
//   it was lost (a merged week) — nothing disappears silently;
// - every record created exists once, with the last text its author gave it; a WhatsApp number
//   onboarded by both staff devices is one record with the name of the first to arrive (the
//   other person is told theirs did not survive), and each message is stored once, queued,
//   with a place in its chat of its own (its outbox row is made with it: see
//   tests/replication/whatsapp.test.ts);
// - every payment recorded exists once, recorded, with a receipt number no other payment has;
// - every device holds exactly what the server lets its person see;
// - nothing was refused (every edit in the workload is allowed).
import type { SupabaseClient } from '@supabase/supabase-js'
import fc from 'fast-check'
import {
  families,
  inquiries,
  lessonItems,
  payments,
  reference,
  students,
  timetables,
  whatsapp,
} from '@sync/contract/collections/index.ts'
import { INQUIRY_STATUSES, type InquiryStatus } from '@sync/contract/collections/inquiries.ts'
import { absenceId } from '@sync/rules/classroom/absence-id.ts'
import { applyStep, type AdmissionStep } from '@sync/rules/admissions/steps.ts'
import type { InquiryRow } from '@sync/engine/database.ts'
import { SCHOOL_DAYS, templateDocId, weekDocId } from '@sync/contract/collections/timetables.ts'
import type { CollectionDefinition } from '@sync/contract/schema.ts'
import {
  lostLessonEdits,
  templateDaysIn,
  timetableConflictHandler,
} from '@sync/rules/timetable/conflict.ts'
import { collectionNamed, type AppDatabase } from '@sync/engine/database.ts'
import type { LostLessonEdit } from '@sync/rules/timetable/conflict.ts'
import { normaliseDays } from '@sync/rules/timetable/normalise.ts'
import type { FamilyData } from '@sync/contract/collections/families.ts'
import type { StudentData } from '@sync/contract/collections/students.ts'
import { demoAccounts } from '../../../supabase/local/demo-accounts.ts'
import { device } from '../support.ts'
import { faultArbitraries, isFault, startFleet, type FaultOp } from './fleet.ts'

export interface ScenarioOptions {
  seed: number
  /** Operations in the run (edits and faults). */
  steps: number
  /** PostgreSQL server URL of a fresh database; PGlite in a temporary folder without one. */
  databaseUrl?: string
  log?: (line: string) => void
}

export interface ScenarioReport {
  seed: number
  edits: number
  /** Edits by collection. */
  editsBy: Record<string, number>
  faults: { kills: number; reopens: number; offline: number }
  /** Edits that are neither on the server, nor overwritten knowingly, nor reported. */
  lost: string[]
  /** Records stored more than once, or a week stored twice. */
  duplicated: string[]
  /** Devices whose data differs from what the server lets them see. */
  diverged: string[]
  /** Changes the server refused (none are expected). */
  refused: string[]
  /** Merged-away lesson edits the devices were told about. */
  reportedLosses: number
  /** Names of WhatsApp numbers that another device onboarded first, each told to its person. */
  reportedNumberNames: number
  /** Marks of a child that another facilitator's change reached the server before, each told. */
  reportedRegisterMarks: number
  /**
   * Changes outside timetables that lost to the server (each record has one author: none; a
   * WhatsApp number two devices onboarded is one record, not a lost change).
   */
  otherLosses: string[]
}

type Op =
  | { t: 'week'; d: number; week: number; group: number; pick: number }
  | { t: 'comment'; d: number; week: number }
  | { t: 'note'; d: number; share: boolean }
  | { t: 'edit-comment'; d: number; pick: number }
  | { t: 'delete-comment'; d: number; pick: number }
  | { t: 'absence'; d: number; child: number; day: number; lesson: boolean }
  | { t: 'room' }
  | { t: 'rename-room'; pick: number }
  | { t: 'delete-room'; pick: number }
  | { t: 'inquiry'; pick: number; field: number; value: number }
  | { t: 'family'; d: number; pick: number }
  | { t: 'student'; pick: number }
  | { t: 'wa-number'; d: number; both: boolean; differ: boolean }
  | { t: 'wa-message'; d: number; pick: number }
  | { t: 'payment'; pick: number }
  | FaultOp

// RxDB opens at most 13 collections at a time in one process: these devices hold 13.
const DEVICES = [
  { label: 'facilitator', defs: [timetables, lessonItems] },
  { label: 'facilitator admin', defs: [timetables, lessonItems] },
  { label: 'admin', defs: [reference, timetables, inquiries, families, students, whatsapp] },
  { label: 'administration', defs: [whatsapp, payments] },
  { label: 'guardian', defs: [families] },
] as const
const FACILITATORS = [0, 1]
const ADMIN = 2
const GUARDIAN = 4
const CLERK = 3
const STAFF = [ADMIN, CLERK]
const WEEKS = ['2027_02', '2027_03']
// The register both facilitators take: three children of Jaul on two days of the first week.
const ABSENT_CHILDREN = ['st-tiago', 'st-ira', 'st-kabir']
const ABSENCE_DAYS = ['2027-01-11', '2027-01-12']
const GROUPS = ['rg-tanni', 'rg-jaul']
/** The seeded inquiries the admin triages. */
const INQUIRIES = [
  'inq-demo-dsouza',
  'inq-demo-mehta',
  'inq-demo-keller',
  'inq-demo-naik',
  'inq-demo-fernandes',
  'inq-demo-facilitator',
]
/** The guardian's own family; the admin edits the others. */
const OWN_FAMILY = 'demo-family-fernandes'
const STAFF_FAMILIES = ['demo-family-naik', 'demo-family-shetty', 'demo-family-kamat']
const STUDENTS = ['st-tiago', 'st-ira', 'st-kabir', 'st-anya']
/** Who the clerk records fees for, with their families. */
const PAYERS = [
  ['st-tiago', 'demo-family-fernandes'],
  ['st-ira', 'demo-family-naik'],
  ['st-kabir', 'demo-family-shetty'],
  ['st-anya', 'demo-family-dsouza'],
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

/** The payers' families whose guardians have e-mail addresses (the others' receipts are not e-mailed). */
const MAILED_FAMILIES: ReadonlySet<string> = new Set(['demo-family-fernandes', 'demo-family-naik'])

const weekEditor = fc.integer({ min: 0, max: 2 })
const facilitator = fc.constantFrom(...FACILITATORS)
const staff = fc.constantFrom(...STAFF)
const pick = fc.nat({ max: 1000 })

export const operations = (steps: number) =>
  fc.array(
    fc.oneof(
      {
        weight: 30,
        arbitrary: fc.record({
          t: fc.constant('week' as const),
          d: weekEditor,
          week: fc.nat({ max: 1 }),
          group: fc.nat({ max: 1 }),
          pick,
        }),
      },
      {
        weight: 10,
        arbitrary: fc.record({
          t: fc.constant('comment' as const),
          d: facilitator,
          week: fc.nat({ max: 1 }),
        }),
      },
      {
        weight: 10,
        arbitrary: fc.record({ t: fc.constant('edit-comment' as const), d: facilitator, pick }),
      },
      {
        weight: 3,
        arbitrary: fc.record({ t: fc.constant('delete-comment' as const), d: facilitator, pick }),
      },
      {
        weight: 5,
        arbitrary: fc.record({
          t: fc.constant('note' as const),
          d: facilitator,
          share: fc.boolean(),
        }),
      },
      {
        weight: 10,
        arbitrary: fc.record({
          t: fc.constant('absence' as const),
          d: facilitator,
          child: fc.nat({ max: ABSENT_CHILDREN.length - 1 }),
          day: fc.nat({ max: ABSENCE_DAYS.length - 1 }),
          lesson: fc.boolean(),
        }),
      },
      { weight: 5, arbitrary: fc.record({ t: fc.constant('room' as const) }) },
      { weight: 5, arbitrary: fc.record({ t: fc.constant('rename-room' as const), pick }) },
      { weight: 2, arbitrary: fc.record({ t: fc.constant('delete-room' as const), pick }) },
      {
        weight: 8,
        arbitrary: fc.record({
          t: fc.constant('inquiry' as const),
          pick,
          field: fc.nat({ max: 4 }),
          value: pick,
        }),
      },
      {
        weight: 6,
        arbitrary: fc.record({
          t: fc.constant('family' as const),
          d: fc.constantFrom(ADMIN, GUARDIAN),
          pick,
        }),
      },
      { weight: 4, arbitrary: fc.record({ t: fc.constant('student' as const), pick }) },
      {
        weight: 4,
        arbitrary: fc.record({
          t: fc.constant('wa-number' as const),
          d: staff,
          both: fc.boolean(),
          differ: fc.boolean(),
        }),
      },
      {
        weight: 8,
        arbitrary: fc.record({ t: fc.constant('wa-message' as const), d: staff, pick }),
      },
      { weight: 5, arbitrary: fc.record({ t: fc.constant('payment' as const), pick }) },
      ...faultArbitraries(DEVICES.length, { offline: 8, online: 8, kill: 2, reopen: 4, settle: 4 }),
    ),
    { minLength: steps, maxLength: steps },
  )

interface TopicWrite {
  device: number
  week: string
  session: string
  value: string
  base: string | null
}

const RETRY = { baseMs: 300, maxMs: 2_000 }

export async function runScenario(ops: Op[], options: ScenarioOptions): Promise<ScenarioReport> {
  const log = options.log ?? (() => {})
  const fleet = await startFleet('sync-faults', options.databaseUrl)
  const { client, url, devices, faults } = fleet
  const losses: LostLessonEdit[][] = DEVICES.map(() => [])
  const refusals: string[] = []
  const otherLosses: string[] = []
  const writes: TopicWrite[] = []
  const comments = new Map<string, { owner: number; text: string; deleted: boolean }>()
  // Facilitators' notes about Tiago (L11), shared with his family or not: every one is kept.
  const notes = new Map<string, { text: string; kind: 'note' | 'shared_note' }>()
  // Each absence's state as each facilitator's device last left it (marked or not).
  const registers = new Map<string, Map<number, boolean>>()
  let toldRegisters = 0
  const rooms = new Map<string, { name: string; deleted: boolean }>()
  // The last value each field was given on its author's device.
  const inquiryEdits = new Map<
    string,
    { status?: InquiryStatus; notes?: string; potential?: boolean; archived?: boolean }
  >()
  const familyEdits = new Map<string, { maritalStatus?: string; occupation?: string }>()
  // The meeting e-mails the admin sent (admission steps), by step id: the inquiry of each.
  const stepsTaken = new Map<string, string>()
  const studentEdits = new Map<string, string>()
  // The name each staff device gave a number it onboarded, and the numbers whose name a device
  // was told did not survive (another device had onboarded the number first).
  const numbers = new Map<string, Map<number, string>>()
  const toldNumbers: { device: number; id: string; name: string }[] = []
  const messages = new Map<string, { waId: string; body: string }>()
  const recorded = new Map<string, number>()
  const monthsPaid = new Map<string, number>()
  let edits = 0
  const editsBy: Record<string, number> = {}
  const edited = (collection: string) => {
    edits++
    editsBy[collection] = (editsBy[collection] ?? 0) + 1
  }
  let counter = 0
  const unique = (prefix: string) => `${prefix}-${options.seed}-${++counter}`

  const open = async (i: number, name?: string) => {
    const spec = DEVICES[i]!
    const d = await device(
      { client, url },
      spec.label,
      spec.defs as readonly CollectionDefinition[],
      {
        name,
        conflictHandlers: (db: () => AppDatabase | undefined) => ({
          timetables: timetableConflictHandler(templateDaysIn(db)),
        }),
        describeLoss: { timetables: lostLessonEdits },
        retry: RETRY,
        noWait: name !== undefined,
      },
    )
    d.sync.conflicts$.subscribe((c) => {
      if (c.collection === 'timetables') losses[i]!.push(...((c.details ?? []) as LostLessonEdit[]))
      else if (c.collection === 'whatsapp' && c.mine.kind === 'number')
        toldNumbers.push({ device: i, id: c.id, name: String((c.mine.data as Doc).name) })
      // Two facilitators changed the same child's mark: the register's final state is checked
      // below, and the person whose change arrived second was told.
      else if (c.collection === 'lesson_items' && c.mine.kind === 'absence') toldRegisters++
      else
        otherLosses.push(
          `${spec.label}: ${c.collection} ${c.id}: ${JSON.stringify(c.mine.data)}${c.mine._deleted ? ' (deleted)' : ''} lost to ${JSON.stringify(c.theirs.data)}${c.theirs._deleted ? ' (deleted)' : ''}`,
        )
    })
    d.sync.refused$.subscribe((r) =>
      refusals.push(...r.map((x) => `${spec.label}: ${x.collection} ${x.id}: ${x.reason}`)),
    )
    devices[i] = d
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
    await fleet.close()
  }

  async function apply(op: Op) {
    if (isFault(op)) return fleet.fault(op, open)
    switch (op.t) {
      case 'week':
        return editWeek(op.d, WEEKS[op.week]!, GROUPS[op.group]!, op.pick)
      case 'comment': {
        const d = devices[op.d]!
        const id = unique(`li-f${op.d}`)
        const text = unique('text')
        const account = demoAccounts.find((a) => a.label === DEVICES[op.d]!.label)!
        await d.db.lesson_items.insert({
          id,
          kind: 'comment',
          lesson_id: `${WEEKS[op.week]}:rg-tanni_mo_1`,
          group_id: 'rg-tanni',
          week_key: WEEKS[op.week]!,
          facilitator_id: account.facilitatorId!,
          data: { text },
          created_at: new Date().toISOString(),
        })
        comments.set(id, { owner: op.d, text, deleted: false })
        edited('lesson_items')
        return
      }
      case 'note': {
        const d = devices[op.d]!
        const id = unique(`note-f${op.d}`)
        const text = unique('observed')
        const kind = op.share ? ('shared_note' as const) : ('note' as const)
        const account = demoAccounts.find((a) => a.label === DEVICES[op.d]!.label)!
        await d.db.lesson_items.insert({
          id,
          kind,
          lesson_id: null,
          group_id: 'rg-jaul',
          week_key: WEEKS[0]!,
          facilitator_id: account.facilitatorId!,
          student_id: 'st-tiago',
          data: { text },
          created_at: new Date().toISOString(),
        })
        notes.set(id, { text, kind })
        edited('lesson_items')
        return
      }
      case 'absence': {
        const d = devices[op.d]!
        const studentId = ABSENT_CHILDREN[op.child]!
        const date = ABSENCE_DAYS[op.day]!
        const lessonId = op.lesson ? `${WEEKS[0]}:rg-jaul_${op.day === 0 ? 'mo' : 'tu'}_1` : null
        const id = absenceId(studentId, date, lessonId)
        const account = demoAccounts.find((a) => a.label === DEVICES[op.d]!.label)!
        const doc = await d.db.lesson_items.findOne(id).exec()
        if (doc) await doc.incrementalRemove()
        else
          await d.db.lesson_items.upsert({
            id,
            kind: 'absence',
            lesson_id: lessonId,
            group_id: 'rg-jaul',
            week_key: WEEKS[0]!,
            facilitator_id: account.facilitatorId!,
            student_id: studentId,
            data: { date, reportedBy: 'facilitator' },
            created_at: new Date().toISOString(),
          })
        const states = registers.get(id) ?? new Map<number, boolean>()
        states.set(op.d, !doc)
        registers.set(id, states)
        edited('lesson_items')
        return
      }
      case 'edit-comment':
      case 'delete-comment': {
        const mine = [...comments].filter(([, c]) => c.owner === op.d && !c.deleted)
        if (mine.length === 0) return
        const [id, c] = mine[op.pick % mine.length]!
        const doc = await devices[op.d]!.db.lesson_items.findOne(id).exec()
        if (!doc) throw new Error(`device ${op.d} lost its own comment ${id}`)
        if (op.t === 'delete-comment') {
          await doc.incrementalRemove()
          c.deleted = true
        } else {
          c.text = unique('text')
          await doc.incrementalPatch({ data: { text: c.text } })
        }
        edited('lesson_items')
        return
      }
      case 'room': {
        const id = unique('rc-fault')
        const name = unique('room')
        await devices[2]!.db.reference.insert({ id, kind: 'classroom', data: { name } })
        rooms.set(id, { name, deleted: false })
        edited('reference')
        return
      }
      case 'rename-room':
      case 'delete-room': {
        const live = [...rooms].filter(([, r]) => !r.deleted)
        if (live.length === 0) return
        const [id, r] = live[op.pick % live.length]!
        const doc = await devices[2]!.db.reference.findOne(id).exec()
        if (!doc) throw new Error(`the admin's device lost classroom ${id}`)
        if (op.t === 'delete-room') {
          await doc.incrementalRemove()
          r.deleted = true
        } else {
          r.name = unique('room')
          await doc.incrementalPatch({ data: { name: r.name } })
        }
        edited('reference')
        return
      }
      case 'inquiry':
        return editInquiry(INQUIRIES[op.pick % INQUIRIES.length]!, op.field, op.value)
      case 'family':
        return editFamily(
          op.d,
          op.d === GUARDIAN ? OWN_FAMILY : STAFF_FAMILIES[op.pick % STAFF_FAMILIES.length]!,
        )
      case 'student': {
        const id = STUDENTS[op.pick % STUDENTS.length]!
        const doc = await devices[ADMIN]!.db.students.findOne(id).exec()
        if (!doc) throw new Error(`the admin's device has no student ${id}`)
        const questions = unique('questions')
        await doc.incrementalModify((s) => ({ ...s, data: { ...s.data, questions } }))
        studentEdits.set(id, questions)
        edited('students')
        return
      }
      case 'wa-number': {
        // onboardWhatsApp, a new number: on one staff device, or on both before either has
        // heard of the other's (each onboarding while the other's is still on its way, or
        // offline), with the same name or each with their own. The record is named after the
        // number, so both make the same id.
        const waId = `9198${String(options.seed).slice(-4)}${String(++counter).padStart(4, '0')}`
        const id = `wa-${waId}`
        const names = new Map<number, string>()
        numbers.set(id, names)
        for (const d of op.both ? STAFF : [op.d]) {
          const name = `Family ${waId.slice(-4)}${op.differ ? ` (${DEVICES[d]!.label})` : ''}`
          // Already heard of (the form refuses a known number).
          if (await devices[d]!.db.whatsapp.findOne(id).exec()) continue
          await devices[d]!.db.whatsapp.insert({
            id,
            kind: 'number',
            wa_id: waId,
            data: { name, status: 'Active' },
            created_at: new Date().toISOString(),
          })
          names.set(d, name)
          edited('whatsapp numbers')
        }
        return
      }
      case 'wa-message': {
        // To a number the device knows. Outside the 24 hours after the person's last message
        // (no one has written in this run) only a template goes.
        const db = devices[op.d]!.db
        const known = await db.whatsapp.find({ selector: { kind: 'number' } }).exec()
        if (known.length === 0) return
        const waId = known[op.pick % known.length]!.get('wa_id') as string
        const id = unique(`wam-d${op.d}`)
        const body = unique('message')
        await db.whatsapp.insert({
          id,
          kind: 'message',
          wa_id: waId,
          data: { direction: 'out', body, mode: 'template' },
          created_at: new Date().toISOString(),
        })
        messages.set(id, { waId, body })
        edited('whatsapp messages')
        return
      }
      case 'payment': {
        // A fee the clerk records, online or not, with its receipt e-mailed where it can be.
        const [studentId, familyId] = PAYERS[op.pick % PAYERS.length]!
        const id = unique('pay')
        // Each of a student's fees pays the month after the last one: the server refuses a
        // second fee of one month (a duplicate), and this workload holds only allowed edits.
        const nth = monthsPaid.get(studentId) ?? 0
        monthsPaid.set(studentId, nth + 1)
        const paid = paidMonth(nth)
        const amount = 1000 + (op.pick % 900) * 10
        await devices[CLERK]!.db.payments.insert({
          id,
          family_id: familyId,
          student_id: studentId,
          kind: 'fee',
          status: 'recorded',
          receipt_number: null,
          data: {
            paymentType: 'Monthly Fee',
            paymentOption: 'Cash',
            period: paid.period,
            feeYear: paid.feeYear,
            receivedFrom: 'A parent',
            amount,
            paymentDate: '2027-02-01',
            familyName: familyId,
            // E-mailed to the family's guardians where they have an address (the server writes it).
            sendEmail: MAILED_FAMILIES.has(familyId),
          },
        })
        recorded.set(id, amount)
        edited('payments')
        return
      }
    }
  }

  async function editWeek(i: number, weekKey: string, groupId: string, at: number) {
    const db = devices[i]!.db
    const id = weekDocId(groupId, weekKey)
    let doc = await db.timetables.findOne(id).exec()
    if (!doc) {
      const template = await db.timetables.findOne(templateDocId(groupId)).exec()
      if (!template) throw new Error(`device ${i} has no template for ${groupId}`)
      const data = template.get('data') as { groupName: string; days: unknown }
      try {
        doc = await db.timetables.insert({
          id,
          kind: 'week',
          group_id: groupId,
          week_key: weekKey,
          data: {
            groupName: data.groupName,
            mondayDate: '2027-01-04',
            days: normaliseDays(data.days),
          },
        })
      } catch (error) {
        // As the app does: another device's copy of the week arrived meanwhile; edit that one.
        doc = await db.timetables.findOne(id).exec()
        if (!doc) throw error
      }
    }
    const value = unique(`topic-d${i}`)
    let write: TopicWrite | null = null
    await doc.incrementalModify((current) => {
      if (current.kind !== 'week') return current
      const data = current.data
      const sessions = Object.values(data.days).flat()
      if (sessions.length === 0) return current
      const target = sessions[at % sessions.length]!
      write = { device: i, week: id, session: target.id, value, base: target.topic }
      const days = { ...data.days }
      for (const day of SCHOOL_DAYS)
        days[day] = days[day].map((s) => (s.id === target.id ? { ...s, topic: value } : s))
      return { ...current, data: { ...data, days } }
    })
    if (write) {
      writes.push(write)
      edited('timetables')
    }
  }

  async function editInquiry(id: string, field: number, value: number) {
    const doc = await devices[ADMIN]!.db.inquiries.findOne(id).exec()
    if (!doc) throw new Error(`the admin's device has no inquiry ${id}`)
    const edit = inquiryEdits.get(id) ?? {}
    if (field === 0) {
      const status = INQUIRY_STATUSES[value % INQUIRY_STATUSES.length]!
      await doc.incrementalModify((i) => ({ ...i, status }))
      edit.status = status
    } else if (field === 1) {
      const text = unique('note')
      const notes = { text, edited: new Date().toISOString(), editedBy: 'Anita Admin' }
      await doc.incrementalModify((i) =>
        i.kind === 'family'
          ? { ...i, data: { ...i.data, notes } }
          : { ...i, data: { ...i.data, notes } },
      )
      edit.notes = text
    } else if (field === 4 && doc.kind === 'family') {
      // A meeting e-mail: an admission step the server carries out once (issue 16).
      const step: AdmissionStep = {
        id: unique('step')
          .replace(/[^A-Za-z0-9_-]/g, '-')
          .slice(-40)
          .padStart(8, 's'),
        kind: 'meeting',
        at: new Date().toISOString(),
        by: 'Anita Admin',
        mail: {
          sender: 'anita',
          to: ['family@example.in'],
          cc: [],
          subject: 'Meeting at the centre',
          html: '<p>We would love to meet you.</p>',
        },
        meeting: { date: '2027-01-12', start: '15:30', end: '17:00', contact: 'Anita' },
      }
      await doc.incrementalModify(
        (i) => ({ ...i, ...applyStep(i as InquiryRow, step) }) as typeof i,
      )
      edit.status = 'meeting'
      stepsTaken.set(step.id, id)
    } else if (field === 2) {
      let potential = false
      await doc.incrementalModify((i) => {
        potential = !i.potential
        return { ...i, potential }
      })
      edit.potential = potential
    } else {
      let archived = false
      await doc.incrementalModify((i) => {
        archived = !i.archived
        return { ...i, archived }
      })
      edit.archived = archived
    }
    inquiryEdits.set(id, edit)
    edited('inquiries')
  }

  async function editFamily(i: number, id: string) {
    const doc = await devices[i]!.db.families.findOne(id).exec()
    if (!doc) throw new Error(`device ${i} has no family ${id}`)
    const edit = familyEdits.get(id) ?? {}
    if (i === GUARDIAN) {
      // The guardian's own occupation, in the profile wizard.
      const occupation = unique('occupation')
      await doc.incrementalModify((f) => ({
        ...f,
        data: {
          ...f.data,
          guardians: f.data.guardians.map((g, n) => (n === 0 ? { ...g, occupation } : g)),
        },
      }))
      edit.occupation = occupation
    } else {
      const maritalStatus = unique('status')
      await doc.incrementalModify((f) => ({ ...f, data: { ...f.data, maritalStatus } }))
      edit.maritalStatus = maritalStatus
    }
    familyEdits.set(id, edit)
    edited('families')
  }

  function settleAll() {
    return fleet.settleAll()
  }

  function pullAll(who: SupabaseClient, collection: string) {
    return fleet.pullAll(who, collection)
  }

  async function check(): Promise<ScenarioReport> {
    const lost: string[] = []
    const duplicated: string[] = []
    const diverged: string[] = []
    const sessions = new Map<string, string | null>()
    const server = new Map<string, Map<string, Record<string, unknown>>>()

    for (const [i, spec] of DEVICES.entries()) {
      const account = demoAccounts.find((a) => a.label === spec.label)!
      const who = client()
      await who.auth.signInWithPassword({ email: account.email, password: account.password })
      for (const def of spec.defs) {
        const rows = await pullAll(who, def.name)
        const ids = rows.map((r) => String(r.id))
        if (new Set(ids).size !== ids.length) duplicated.push(`${def.name}: an id twice`)
        const byId = new Map(rows.map((r) => [String(r.id), r]))
        // What any device's person can see (the guardian sees one family, the admin all).
        server.set(def.name, new Map([...(server.get(def.name) ?? []), ...byId]))
        const local = await collectionNamed(devices[i]!.db, def.name)!.find().exec()
        const localIds = new Set(local.map((d) => d.primary))
        const serverIds = rows.filter((r) => !r._deleted).map((r) => String(r.id))
        for (const id of serverIds)
          if (!localIds.has(id)) diverged.push(`${spec.label} lacks ${def.name} ${id}`)
        for (const doc of local) {
          const row = byId.get(doc.primary)
          if (!row || row._deleted) diverged.push(`${spec.label} keeps ${def.name} ${doc.primary}`)
          else if (canonical(doc.get('data')) !== canonical(row.data))
            diverged.push(
              `${spec.label} differs on ${def.name} ${doc.primary}: ${difference(doc.get('data'), row.data)}`,
            )
        }
      }
      await who.auth.signOut()
    }

    const weeks = server.get('timetables')!
    for (const w of weeks.values()) {
      if (w.kind !== 'week' || !WEEKS.includes(String(w.week_key))) continue
      const days = normaliseDays((w.data as { days?: unknown }).days)
      for (const s of Object.values(days).flat()) sessions.set(`${w.id}|${s.id}`, s.topic)
    }
    const seenAsBase = new Set(writes.map((w) => `${w.week}|${w.session}|${w.base}`))
    for (const w of writes) {
      const key = `${w.week}|${w.session}`
      if (sessions.get(key) === w.value) continue
      if (seenAsBase.has(`${key}|${w.value}`)) continue
      const told = losses[w.device]!.some(
        (l) => l.sessionId === w.session && l.mine?.topic === w.value,
      )
      if (!told) lost.push(`topic ${w.value} of ${key} (device ${w.device})`)
    }
    const items = server.get('lesson_items')!
    for (const [id, c] of comments) {
      const row = items.get(id)
      // Made and removed before it ever synced: the server never stores it.
      if (!row && c.deleted) continue
      if (!row) lost.push(`comment ${id}`)
      else if (Boolean(row._deleted) !== c.deleted) lost.push(`deletion of comment ${id}`)
      else if (!c.deleted && (row.data as { text?: string }).text !== c.text)
        lost.push(`text of comment ${id}`)
    }
    for (const [id, n] of notes) {
      const row = items.get(id)
      if (!row || row._deleted) lost.push(`note ${id}`)
      else if (row.kind !== n.kind || (row.data as { text?: string }).text !== n.text)
        lost.push(`text or sharing of note ${id}`)
    }
    // The register ends as one of the facilitators last left it: when both changed the same
    // child's mark offline, the first to reach the server stands and the other device shows it.
    for (const [id, states] of registers) {
      const row = items.get(id)
      const marked = Boolean(row && !row._deleted)
      if (![...states.values()].includes(marked))
        lost.push(`absence ${id}: ${marked ? 'marked' : 'not marked'}, as no facilitator left it`)
    }
    const refs = server.get('reference')!
    for (const [id, r] of rooms) {
      const row = refs.get(id)
      if (!row && r.deleted) continue
      if (!row) lost.push(`classroom ${id}`)
      else if (Boolean(row._deleted) !== r.deleted) lost.push(`deletion of classroom ${id}`)
      else if (!r.deleted && (row.data as { name?: string }).name !== r.name)
        lost.push(`name of classroom ${id}`)
    }
    for (const [id, e] of inquiryEdits) {
      const row = server.get('inquiries')!.get(id)
      if (!row) {
        lost.push(`inquiry ${id}`)
        continue
      }
      const notes = (row.data as { notes?: { text?: string } | null }).notes?.text
      if (e.status !== undefined && row.status !== e.status) lost.push(`status of inquiry ${id}`)
      if (e.notes !== undefined && notes !== e.notes) lost.push(`notes of inquiry ${id}`)
      if (e.potential !== undefined && row.potential !== e.potential)
        lost.push(`potential of inquiry ${id}`)
      if (e.archived !== undefined && row.archived !== e.archived)
        lost.push(`archiving of inquiry ${id}`)
    }
    for (const [id, e] of familyEdits) {
      const data = server.get('families')!.get(id)?.data as FamilyData | undefined
      if (!data) {
        lost.push(`family ${id}`)
        continue
      }
      if (e.maritalStatus !== undefined && data.maritalStatus !== e.maritalStatus)
        lost.push(`marital status of family ${id}`)
      if (e.occupation !== undefined && data.guardians[0]?.occupation !== e.occupation)
        lost.push(`guardian's occupation in family ${id}`)
    }
    for (const [id, questions] of studentEdits) {
      const data = server.get('students')!.get(id)?.data as StudentData | undefined
      if (data?.questions !== questions) lost.push(`questions of student ${id}`)
    }
    const wa = [...server.get('whatsapp')!.values()]
    for (const [id, names] of numbers) {
      const rows = wa.filter((r) => r.kind === 'number' && r.wa_id === id.slice(3))
      const data = rows[0]?.data as { name?: string; status?: string } | undefined
      if (rows.length === 0 || rows[0]!.id !== id || rows[0]!._deleted) {
        lost.push(`WhatsApp number ${id} (onboarded by device ${[...names.keys()].join(' and ')})`)
        continue
      }
      if (rows.length > 1) duplicated.push(`WhatsApp number ${id}`)
      if (data?.status !== 'Active') lost.push(`status of WhatsApp number ${id}`)
      // The name of the device that onboarded it first; the other person is told theirs did not
      // survive, and no one else is.
      if (![...names.values()].includes(String(data?.name)))
        lost.push(`name of WhatsApp number ${id}: ${String(data?.name)}`)
      for (const [d, name] of names) {
        const told = toldNumbers.some((t) => t.device === d && t.id === id && t.name === name)
        if (name !== data?.name && !told)
          lost.push(`name ${name} of WhatsApp number ${id} (device ${d}), not told`)
      }
    }
    for (const t of toldNumbers) {
      const data = server.get('whatsapp')!.get(t.id)?.data as { name?: string } | undefined
      if (numbers.get(t.id)?.get(t.device) !== t.name || data?.name === t.name)
        otherLosses.push(`device ${t.device} told its name ${t.name} of ${t.id} did not survive`)
    }
    for (const [id, m] of messages) {
      const rows = wa.filter((r) => r.kind === 'message' && (r.data as Doc).body === m.body)
      const row = rows[0]
      if (!row || row.id !== id) lost.push(`WhatsApp message ${id}`)
      else if (rows.length > 1) duplicated.push(`WhatsApp message ${id}`)
      else if (row.wa_id !== m.waId || row._deleted || row.msg_count == null || !row.status)
        lost.push(`WhatsApp message ${id}: ${JSON.stringify(row)}`)
    }
    if (stepsTaken.size > 0) {
      const account = demoAccounts.find((a) => a.label === 'admin')!
      const who = client()
      await who.auth.signInWithPassword({ email: account.email, password: account.password })
      const done = new Map<string, { id: string; mails: { id: string }[] }[]>()
      for (const inquiry of new Set(stepsTaken.values())) {
        const { data, error } = await who.rpc('inquiry_steps', { inquiry })
        if (error) throw error
        done.set(inquiry, data as { id: string; mails: { id: string }[] }[])
      }
      for (const [step, inquiry] of stepsTaken) {
        const found = done.get(inquiry)!.filter((s) => s.id === step)
        if (found.length === 0) lost.push(`meeting e-mail step ${step}`)
        else if (found.length > 1) duplicated.push(`meeting e-mail step ${step}`)
        else if (found[0]!.mails.filter((m) => m.id === `step-${step}`).length !== 1)
          lost.push(`meeting e-mail of step ${step}`)
      }
    }
    const numbered = new Map<string, string>()
    for (const [id, amount] of recorded) {
      const row = server.get('payments')?.get(id)
      if (!row || row._deleted) lost.push(`payment ${id}`)
      else if (row.status !== 'recorded' || (row.data as Doc).amount !== amount)
        lost.push(`payment ${id}: ${JSON.stringify(row)}`)
      else if (typeof row.receipt_number !== 'string') lost.push(`receipt number of payment ${id}`)
      else if (numbered.has(row.receipt_number))
        duplicated.push(
          `receipt ${row.receipt_number} (${id} and ${numbered.get(row.receipt_number)})`,
        )
      else numbered.set(row.receipt_number, id)
    }
    const places = wa
      .filter((r) => r.kind === 'message')
      .map((r) => `${String(r.wa_id)}#${String(r.msg_count)}`)
    if (new Set(places).size !== places.length)
      duplicated.push('two WhatsApp messages in the same place of a chat')
    return {
      seed: options.seed,
      edits,
      editsBy,
      faults,
      lost,
      duplicated,
      diverged,
      refused: refusals,
      reportedLosses: losses.reduce((n, l) => n + l.length, 0),
      reportedNumberNames: toldNumbers.length,
      reportedRegisterMarks: toldRegisters,
      otherLosses,
    }
  }
}

/** Where two documents first differ, for the report. */
function difference(a: unknown, b: unknown, path = ''): string {
  if (canonical(a) === canonical(b)) return ''
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = difference((a as Doc)[key], (b as Doc)[key], `${path}.${key}`)
      if (d) return d
    }
  }
  return `${path}: device ${canonical(a)?.slice(0, 80)} server ${canonical(b)?.slice(0, 80)}`
}
type Doc = Record<string, unknown>

/** JSON with object keys sorted (Postgres orders jsonb keys its own way). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )
}

/** Generates the operations of a seed and runs them. */
export async function runSeeded(options: ScenarioOptions): Promise<ScenarioReport> {
  const [ops] = fc.sample(operations(options.steps), { seed: options.seed, numRuns: 1 })
  return runScenario(ops as Op[], options)
}
