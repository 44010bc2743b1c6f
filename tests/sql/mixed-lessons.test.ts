import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

// Mixed-group lessons (L01) on the server: the subgroup's facilitator writes their subgroup's
// lesson and no other's, a family reads only the lessons of its children's subgroups, and a child
// leaving a subgroup moves their family's sync scope so its devices drop that subgroup's lessons.

const account = (label: string) => demoAccounts.find((a) => a.label === label)!
const asha = claimsOf(account('facilitator')) // facilitator f…001
const priya = claimsOf(account('parent facilitator')) // facilitator f…003, Ira's guardian
const maria = account('guardian') // Tiago's guardian
const FID = (n: number) => `f0000000-0000-4000-a000-00000000000${n}`

async function push(tx: Queryable, rows: unknown[]) {
  const [row] = await tx.query<{ r: { refused: { id: string; reason: string }[] } }>(
    "select public.sync_push('timetables', $1::jsonb) as r",
    [JSON.stringify(rows)],
  )
  return row!.r
}

const lesson = (id: string, subgroup: string, topic: string | null, details = '') => ({
  id,
  kind: 'mixed_lesson',
  group_id: subgroup,
  week_key: '2026_49',
  data: {
    mainMixedGroupId: 'mg-ml',
    day: 'friday',
    timingId: 'rt-ml',
    facilitatorId: null,
    subjectId: null,
    topicId: null,
    topic,
    subtopicId: null,
    subtopic: null,
    details,
  },
  _deleted: false,
})

const child = (student: string) => ({ student, groupId: 'rg-jaul', group: 'Jaul' })
const subgroup = (n: number, students: Record<string, unknown>) => ({
  facilitatorId: FID(n),
  facilitator: `F${n}`,
  subjectId: 'rs-art',
  subject: 'Art',
  classroomId: null,
  classroom: null,
  students,
})

describe.each(testDatabases())('mixed-group lessons on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
    await db.query(
      `insert into public.timetables (id, kind, data) values ('mg-ml', 'mixed_group', $1::jsonb)`,
      [
        JSON.stringify({
          name: 'Friday art',
          subgroups: {
            'sg-ml-asha': subgroup(1, { 'st-tiago': child('Tiago Fernandes') }),
            'sg-ml-rahul': subgroup(2, { 'st-ira': child('Ira Naik') }),
          },
        }),
      ],
    )
    for (const row of [
      lesson('ml-asha', 'sg-ml-asha', 'Clay'),
      lesson('ml-rahul', 'sg-ml-rahul', 'Paper'),
    ])
      await db.query(
        `insert into public.timetables (id, kind, group_id, week_key, data) values ($1, $2, $3, $4, $5::jsonb)`,
        [row.id, row.kind, row.group_id, row.week_key, JSON.stringify(row.data)],
      )
  })
  afterAll(() => target.close())

  it("lets the subgroup's facilitator write its lesson and refuses another subgroup's", async () => {
    const result = await asUser(db, asha, async (tx) => {
      const pushed = await push(tx, [
        {
          newDocumentState: lesson('ml-asha-new', 'sg-ml-asha', 'Masks', 'Bring paint'),
          assumedMasterState: null,
        },
        {
          newDocumentState: lesson('ml-rahul-new', 'sg-ml-rahul', 'Masks'),
          assumedMasterState: null,
        },
      ])
      const rows = await tx.query<{ id: string; details: string }>(
        `select id, data ->> 'details' as details from public.timetables where id like 'ml-%-new' order by id`,
      )
      return { pushed, rows }
    })
    expect(result.rows).toEqual([{ id: 'ml-asha-new', details: 'Bring paint' }])
    expect(result.pushed.refused.map((r) => r.id)).toEqual(['ml-rahul-new'])
  })

  it('refuses details longer than 2000 characters', async () => {
    const result = await asUser(db, asha, (tx) =>
      push(tx, [
        {
          newDocumentState: lesson('ml-long', 'sg-ml-asha', null, 'x'.repeat(2001)),
          assumedMasterState: null,
        },
      ]),
    )
    expect(result.refused[0]?.reason).toMatch(/at most 2000 characters/)
  })

  it("lets a family read its children's subgroup lessons only", async () => {
    const read = (claims: ReturnType<typeof claimsOf>) =>
      asUser(db, claims, async (tx) =>
        (
          await tx.query<{ id: string }>(
            `select id from public.timetables where kind = 'mixed_lesson' and id in ('ml-asha', 'ml-rahul') order by id`,
          )
        ).map((r) => r.id),
      )
    expect(await read(claimsOf(maria))).toEqual(['ml-asha'])
    // Priya is Ira's guardian and a facilitator: as a facilitator she reads every lesson.
    expect(await read(priya)).toEqual(['ml-asha', 'ml-rahul'])
  })

  it("moves the family's scope when their child leaves a subgroup", async () => {
    const scope = async () =>
      Number(
        (
          await db.query<{ s: string }>(
            `select sync_scope::text as s from public.members where id = $1`,
            [maria.id],
          )
        )[0]!.s,
      )
    const before = await scope()
    const pushed = await asUser(
      db,
      claimsOf(account('facilitator admin')),
      async (tx) => {
        const [master] = await tx.query<{ doc: Record<string, unknown> }>(
          `select to_jsonb(t) - '_seq' - '_modified' as doc from public.timetables t where id = 'mg-ml'`,
        )
        const data = master!.doc.data as {
          name: string
          subgroups: Record<string, { students: object }>
        }
        const asha = { ...data.subgroups['sg-ml-asha']!, students: {} }
        const after = {
          ...master!.doc,
          data: { ...data, subgroups: { ...data.subgroups, 'sg-ml-asha': asha } },
        }
        return push(tx, [{ newDocumentState: after, assumedMasterState: master!.doc }])
      },
      { commit: true },
    )
    expect(pushed.refused).toEqual([])
    expect((await scope()) - before).toBeGreaterThan(0)
    const read = await asUser(db, claimsOf(maria), async (tx) =>
      tx.query(`select id from public.timetables where id = 'ml-asha'`),
    )
    expect(read).toEqual([])
  })
})
