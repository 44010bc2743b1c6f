import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

// The server's own refusals for combined mixed groups, whatever a device sends: a child in two
// subgroups of one group (L04), and removing a group an active weekly template uses (L05).

const admin = claimsOf(demoAccounts.find((a) => a.label === 'facilitator admin')!)
type Doc = Record<string, unknown> & { id: string }

async function push(tx: Queryable, rows: unknown[]) {
  const [row] = await tx.query<{ r: { refused: { id: string; reason: string }[] } }>(
    "select public.sync_push('timetables', $1::jsonb) as r",
    [JSON.stringify(rows)],
  )
  return row!.r
}
async function stored(tx: Queryable, id: string): Promise<Doc | undefined> {
  const rows = await tx.query<{ doc: Doc }>(
    "select to_jsonb(t) - '_seq' - '_modified' as doc from public.timetables t where id = $1",
    [id],
  )
  return rows[0]?.doc
}

const ira = { student: 'Ira Naik', groupId: 'rg-jaul', group: 'Jaul' }
const subgroup = (facilitator: string, subject: string, students: Record<string, unknown>) => ({
  facilitatorId: `f-${facilitator}`,
  facilitator,
  subjectId: `s-${subject}`,
  subject,
  classroomId: null,
  classroom: null,
  students,
})
const mixedGroup = (id: string, name: string, subgroups: Record<string, unknown>) => ({
  id,
  kind: 'mixed_group',
  group_id: null,
  week_key: null,
  data: { name, subgroups },
  _deleted: false,
})

describe.each(testDatabases())('mixed group refusals on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  it('refuses a new mixed group with a child in two subgroups, and writes nothing (L04)', async () => {
    const group = mixedGroup('mg-twice', 'Friday art', {
      'sg-a': subgroup('Asha Gaonkar', 'Art', { 'st-ira': ira }),
      'sg-b': subgroup('Rahul Desai', 'Music', { 'st-ira': ira }),
    })
    const result = await asUser(db, admin, async (tx) => ({
      pushed: await push(tx, [{ newDocumentState: group, assumedMasterState: null }]),
      row: await stored(tx, 'mg-twice'),
    }))
    expect(result.pushed.refused).toMatchObject([
      { id: 'mg-twice', reason: 'Ira Naik already in mixed group (Asha Gaonkar - Art)' },
    ])
    expect(result.row).toBeUndefined()
  })

  it('names the subgroup the child was already in when another one takes them (L04)', async () => {
    const before = mixedGroup('mg-move', 'Friday music', {
      'sg-a': subgroup('Asha Gaonkar', 'Art', {}),
      'sg-b': subgroup('Rahul Desai', 'Music', { 'st-ira': ira }),
    })
    const result = await asUser(db, admin, async (tx) => {
      const first = await push(tx, [{ newDocumentState: before, assumedMasterState: null }])
      const master = (await stored(tx, 'mg-move'))!
      const data = master.data as { name: string; subgroups: Record<string, unknown> }
      const after = {
        ...master,
        data: {
          ...data,
          subgroups: {
            ...data.subgroups,
            'sg-a': subgroup('Asha Gaonkar', 'Art', { 'st-ira': ira }),
          },
        },
      }
      const second = await push(tx, [{ newDocumentState: after, assumedMasterState: master }])
      return { first, second, row: await stored(tx, 'mg-move') }
    })
    expect(result.first.refused).toEqual([])
    expect(result.second.refused).toMatchObject([
      { id: 'mg-move', reason: 'Ira Naik already in mixed group (Rahul Desai - Music)' },
    ])
    const subgroups = (result.row!.data as { subgroups: Record<string, { students: object }> })
      .subgroups
    expect(Object.keys(subgroups['sg-a']!.students)).toEqual([])
    expect(Object.keys(subgroups['sg-b']!.students)).toEqual(['st-ira'])
  })

  it('keeps a mixed group an active weekly template uses, and removes it once unused (L05)', async () => {
    const result = await asUser(db, admin, async (tx) => {
      await push(tx, [
        {
          newDocumentState: mixedGroup('mg-used', 'Monday circle', {
            'sg-a': subgroup('Asha Gaonkar', 'Art', {}),
          }),
          assumedMasterState: null,
        },
      ])
      // Jaul's template names it on Monday's first session (09:30 - 10:15) and Tuesday's.
      const template = (await stored(tx, 'tpl_rg-jaul'))!
      const days = structuredClone(
        (template.data as { days: Record<string, Record<string, unknown>[]> }).days,
      )
      days.tuesday![0]!.mainMixedGroupId = 'mg-used'
      days.monday![0]!.mainMixedGroupId = 'mg-used'
      const templateData = template.data as Record<string, unknown>
      const usesIt = { ...template, data: { ...templateData, days } }
      const templateSaved = await push(tx, [
        { newDocumentState: usesIt, assumedMasterState: template },
      ])

      const master = (await stored(tx, 'mg-used'))!
      const whileUsed = await push(tx, [
        { newDocumentState: { ...master, _deleted: true }, assumedMasterState: master },
      ])
      const keptRow = await stored(tx, 'mg-used')

      const usedTemplate = (await stored(tx, 'tpl_rg-jaul'))!
      await push(tx, [
        {
          newDocumentState: {
            ...usedTemplate,
            data: { ...templateData, days, status: 'inactive' },
          },
          assumedMasterState: usedTemplate,
        },
      ])
      const once = await push(tx, [
        { newDocumentState: { ...master, _deleted: true }, assumedMasterState: master },
      ])
      return { templateSaved, whileUsed, keptRow, once, gone: await stored(tx, 'mg-used') }
    })
    expect(result.templateSaved.refused).toEqual([])
    expect(result.whileUsed.refused).toMatchObject([
      { id: 'mg-used', reason: 'Monday circle is still in use: Jaul on Monday, 09:30 - 10:15' },
    ])
    expect(result.keptRow?._deleted).toBe(false)
    expect(result.once.refused).toEqual([])
    expect(result.gone?._deleted).toBe(true)
  })
})
