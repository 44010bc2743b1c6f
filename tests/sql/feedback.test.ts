// Feedback per term (M01–M03, M08): what a facilitator may write through sync, who releases a
// term's feedback, and who reads it: staff and facilitators everything, a guardian their
// children's released entries, a student their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts, type DemoAccount } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const by = (label: string): DemoAccount => {
  const account = demoAccounts.find((a) => a.label === label)
  if (!account) throw new Error(`no demo account ${label}`)
  return account
}
const facilitator = by('facilitator')
const otherFacilitator = demoAccounts.find(
  (a) =>
    a.facilitatorId &&
    a.facilitatorId !== facilitator.facilitatorId &&
    a.label !== 'parent facilitator',
)!
const facilitatorAdmin = by('facilitator admin')
const guardian = by('guardian')
const student = by('student')
const parentFacilitator = by('parent facilitator')
const administration = by('administration')

interface PushAnswer {
  conflicts: Record<string, unknown>[]
  refused: { id: string; reason: string; code: string }[]
}

async function push(
  db: Db,
  account: DemoAccount,
  docs: { doc: Record<string, unknown>; assumed: Record<string, unknown> | null }[],
): Promise<PushAnswer> {
  return asUser(
    db,
    claimsOf(account),
    async (tx: Queryable) => {
      const [row] = await tx.query<{ answer: PushAnswer }>(
        'select public.sync_push($1, $2::jsonb) as answer',
        [
          'feedback',
          JSON.stringify(
            docs.map((d) => ({ newDocumentState: d.doc, assumedMasterState: d.assumed })),
          ),
        ],
      )
      return row!.answer
    },
    { commit: true },
  )
}

async function current(db: Db, id: string) {
  const [row] = await db.query<{ doc: Record<string, unknown> }>(
    `select to_jsonb(f) - '_seq' - '_modified' as doc from public.feedback f where id = $1`,
    [id],
  )
  return row?.doc ?? null
}

async function visibleTo(db: Db, account: DemoAccount): Promise<string[]> {
  return asUser(db, claimsOf(account), async (tx) =>
    (
      await tx.query<{ id: string }>(
        `select id from public.feedback where id like 'fb-t-%' order by id`,
      )
    ).map((r) => r.id),
  )
}

const entry = (id: string, by: DemoAccount, studentId: string, studentName: string) => ({
  id,
  kind: 'student',
  term: '2026_2027_2',
  group_id: 'rg-jaul',
  subject_id: 'rs-maths',
  facilitator_id: by.facilitatorId!,
  student_id: studentId,
  status: 'draft',
  data: {
    title: 'Fractions',
    feedback: `${by.name} on ${studentName}`,
    groupFeedbackId: null,
    color: 'green',
    notParticipating: false,
    studentName,
  },
  _deleted: false,
})

describe.each(testDatabases())('feedback on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  it('keeps what two facilitators write about one child, each as their own entry (M03)', async () => {
    const a = entry('fb-t-a', facilitator, 'st-tiago', 'Tiago Fernandes')
    const b = entry('fb-t-b', otherFacilitator, 'st-tiago', 'Tiago Fernandes')
    expect(await push(db, facilitator, [{ doc: a, assumed: null }])).toEqual({
      conflicts: [],
      refused: [],
    })
    expect(await push(db, otherFacilitator, [{ doc: b, assumed: null }])).toEqual({
      conflicts: [],
      refused: [],
    })
    const rows = await db.query<{ id: string; family_id: string; created_at: string }>(
      `select id, family_id, created_at::text from public.feedback where id in ('fb-t-a', 'fb-t-b') order by id`,
    )
    // The server sets the family (who may read it once released) and the time.
    expect(rows.map((r) => [r.id, r.family_id])).toEqual([
      ['fb-t-a', 'demo-family-fernandes'],
      ['fb-t-b', 'demo-family-fernandes'],
    ])
    expect(rows.every((r) => r.created_at)).toBe(true)
  })

  it('refuses a facilitator writing as someone else, and an entry without its text', async () => {
    const forged = entry('fb-t-forged', otherFacilitator, 'st-kabir', 'Kabir Shetty')
    const empty = { ...entry('fb-t-empty', facilitator, 'st-kabir', 'Kabir Shetty') }
    empty.data = { ...empty.data, feedback: '  ' }
    const answer = await push(db, facilitator, [
      { doc: forged, assumed: null },
      { doc: empty, assumed: null },
    ])
    expect(answer.refused.map((r) => [r.id, r.code])).toEqual([
      ['fb-t-forged', '42501'],
      ['fb-t-empty', '23514'],
    ])
    expect(answer.refused[1]!.reason).toMatch(/Student feedback needs some text/)
    expect(await current(db, 'fb-t-forged')).toBeNull()
    expect(await current(db, 'fb-t-empty')).toBeNull()
  })

  it('hides drafts and ready entries from the family; a facilitator cannot release (M08)', async () => {
    const a = (await current(db, 'fb-t-a'))!
    const ready = { ...a, status: 'ready' }
    expect((await push(db, facilitator, [{ doc: ready, assumed: a }])).refused).toEqual([])
    expect(await visibleTo(db, guardian)).toEqual([])
    expect(await visibleTo(db, student)).toEqual([])

    const released = { ...ready, status: 'released' }
    const answer = await push(db, facilitator, [{ doc: released, assumed: ready }])
    expect(answer.refused.map((r) => r.reason)).toEqual([
      'The office or a facilitator admin releases feedback.',
    ])
    expect((await current(db, 'fb-t-a'))!.status).toBe('ready')
  })

  it('lets the office or a facilitator admin release; then the family and the student read it', async () => {
    const a = (await current(db, 'fb-t-a'))!
    expect(
      (await push(db, facilitatorAdmin, [{ doc: { ...a, status: 'released' }, assumed: a }]))
        .refused,
    ).toEqual([])
    const b = (await current(db, 'fb-t-b'))!
    expect(
      (await push(db, administration, [{ doc: { ...b, status: 'released' }, assumed: b }])).refused,
    ).toEqual([])

    expect(await visibleTo(db, guardian)).toEqual(['fb-t-a', 'fb-t-b'])
    expect(await visibleTo(db, student)).toEqual(['fb-t-a', 'fb-t-b'])
    // Another family's guardian (the parent facilitator's own family is the Naiks) reads it as a
    // facilitator, not as a guardian: every facilitator reads the centre's feedback.
    expect(await visibleTo(db, parentFacilitator)).toEqual(['fb-t-a', 'fb-t-b'])
  })

  it('keeps released feedback released, and lets only the office correct it', async () => {
    const a = (await current(db, 'fb-t-a'))!
    const back = await push(db, administration, [{ doc: { ...a, status: 'draft' }, assumed: a }])
    expect(back.refused.map((r) => r.reason)).toEqual([
      'Released feedback stays released: families have read it.',
    ])
    const edited = { ...a, data: { ...(a.data as object), feedback: 'Changed after release' } }
    const byFacilitator = await push(db, facilitator, [{ doc: edited, assumed: a }])
    expect(byFacilitator.refused.map((r) => r.reason)).toEqual([
      'Released feedback is corrected by the office.',
    ])
    expect((await push(db, administration, [{ doc: edited, assumed: a }])).refused).toEqual([])
    expect(((await current(db, 'fb-t-a'))!.data as { feedback: string }).feedback).toBe(
      'Changed after release',
    )
  })

  it('refuses moving an entry to another student', async () => {
    const b = (await current(db, 'fb-t-b'))!
    const moved = await push(db, administration, [
      { doc: { ...b, student_id: 'st-kabir' }, assumed: b },
    ])
    expect(moved.refused.map((r) => r.reason)).toEqual([
      'Feedback stays with its term, group, subject, student and facilitator: remove it and write it again.',
    ])
  })
})
