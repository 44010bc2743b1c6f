import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases, type TestClaims } from '../helpers/test-db.ts'

const by = (label: string) => claimsOf(demoAccounts.find((a) => a.label === label)!)
type Doc = Record<string, unknown> & { id: string }

async function pull(tx: Queryable, collection: string) {
  const [row] = await tx.query<{ r: { documents: Doc[] } }>(
    'select public.sync_pull($1, null, 1000) as r',
    [collection],
  )
  return row!.r.documents
}
async function push(tx: Queryable, collection: string, rows: unknown[]) {
  const [row] = await tx.query<{
    r: { conflicts: Doc[]; refused: { id: string; reason: string }[] }
  }>('select public.sync_push($1, $2::jsonb) as r', [collection, JSON.stringify(rows)])
  return row!.r
}

const week = (id: string, groupId = 'rg-jaul') => ({
  id,
  kind: 'week',
  group_id: groupId,
  week_key: '2026_48',
  data: {
    groupName: 'Jaul',
    mondayDate: '2026-11-23',
    days: { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [] },
  },
  _deleted: false,
})

describe.each(testDatabases())('timetable rights on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  it('seeds a weekly template for every group', async () => {
    const docs = await asUser(db, by('facilitator'), (tx) => pull(tx, 'timetables'))
    const templates = docs.filter((d) => d.kind === 'group_template')
    expect(templates.length).toBe(6)
    const days = (templates[0]!.data as { days: Record<string, unknown[]> }).days
    expect(Object.keys(days).sort()).toEqual([
      'friday',
      'monday',
      'thursday',
      'tuesday',
      'wednesday',
    ])
    expect(days.monday).toHaveLength(5)
  })

  it.each([
    ['facilitator', true, true, false],
    ['facilitator admin', true, true, true],
    ['parent facilitator', true, true, false],
    ['administration', true, true, true],
    // Families read their own groups' timetables (tests/sql/families.test.ts), never edit them.
    ['guardian', true, false, false],
    ['student', true, false, false],
    ['member (no role yet)', false, false, false],
    ['blocked', false, false, false],
  ] as [string, boolean, boolean, boolean][])(
    '%s: reads %s, edits weeks %s, edits templates %s',
    async (label, reads, editsWeeks, editsTemplates) => {
      const who: TestClaims = by(label)
      const docs = await asUser(db, who, (tx) => pull(tx, 'timetables'))
      expect(docs.length > 0).toBe(reads)
      const weekResult = await asUser(db, who, (tx) =>
        push(tx, 'timetables', [
          { newDocumentState: week(`wk-${label.replace(/\W/g, '')}`), assumedMasterState: null },
        ]),
      )
      expect(weekResult.refused.length === 0).toBe(editsWeeks)
      if (reads) {
        const template = docs.find((d) => d.id === 'tpl_rg-jaul')!
        const changed = { ...template, data: { ...(template.data as object), status: 'inactive' } }
        const result = await asUser(db, who, (tx) =>
          push(tx, 'timetables', [{ newDocumentState: changed, assumedMasterState: template }]),
        )
        expect(result.refused.length === 0).toBe(editsTemplates)
      }
    },
  )

  it('records who saved a change, and the change log cannot be rewritten', async () => {
    const who = by('facilitator')
    const entry = {
      id: 'log-1',
      kind: 'change_log',
      group_id: 'rg-jaul',
      week_key: '2026_48',
      _deleted: false,
      data: {
        changes: [{ sessionId: 's1', topic: 'Fractions' }],
        groupName: 'Jaul',
        day: 'monday',
        createdAt: '2026-11-23T10:00:00Z',
        createdBy: who.sub,
        createdByName: 'Asha Gaonkar',
        year: '2026-27',
        term: 'Term 2',
      },
    }
    const result = await asUser(
      db,
      who,
      async (tx) => {
        const first = await push(tx, 'timetables', [
          { newDocumentState: entry, assumedMasterState: null },
        ])
        const [row] = await tx.query<{ updated_by: string; updated_by_name: string }>(
          "select updated_by::text, updated_by_name from public.timetables where id = 'log-1'",
        )
        // As a pull would return it (a pull sees it once committed, when it is numbered).
        const [{ doc: stored }] = (await tx.query<{ doc: Record<string, unknown> }>(
          "select to_jsonb(t) - '_seq' - '_modified' as doc from public.timetables t where id = 'log-1'",
        )) as [{ doc: Record<string, unknown> }]
        const rewrite = await push(tx, 'timetables', [
          {
            newDocumentState: { ...stored, data: { ...entry.data, groupName: 'Other' } },
            assumedMasterState: stored,
          },
        ])
        return { first, row, rewrite, stored }
      },
      { commit: true },
    )
    const staffRewrite = await asUser(db, by('administration'), (tx) =>
      push(tx, 'timetables', [
        {
          newDocumentState: { ...result.stored, data: { ...entry.data, groupName: 'Other' } },
          assumedMasterState: result.stored,
        },
      ]),
    )
    expect(result.first.refused).toEqual([])
    expect(result.row).toEqual({ updated_by: who.sub, updated_by_name: 'Asha Gaonkar' })
    expect(result.rewrite.refused[0]?.reason).toBe(
      'You are not allowed to make this change to timetables.',
    )
    expect(staffRewrite.refused[0]?.reason).toBe('The calendar change log cannot be changed')
  })

  it('lets facilitators add comments as themselves and change only their own', async () => {
    const asha = by('facilitator')
    const rahul = by('facilitator admin')
    const comment = (id: string, facilitatorId: string) => ({
      id,
      kind: 'comment',
      lesson_id: 'rg-jaul_mo_1',
      group_id: 'rg-jaul',
      week_key: '2026_48',
      facilitator_id: facilitatorId,
      data: { text: 'Great questions today' },
      created_at: '2026-11-23T10:00:00Z',
      _deleted: false,
    })
    const ashaId = 'f0000000-0000-4000-a000-000000000001'
    const rahulId = 'f0000000-0000-4000-a000-000000000002'
    const own = await asUser(
      db,
      asha,
      (tx) =>
        push(tx, 'lesson_items', [
          { newDocumentState: comment('c-own', ashaId), assumedMasterState: null },
        ]),
      { commit: true },
    )
    expect(own.refused).toEqual([])
    const impersonate = await asUser(db, asha, (tx) =>
      push(tx, 'lesson_items', [
        { newDocumentState: comment('c-fake', rahulId), assumedMasterState: null },
      ]),
    )
    expect(impersonate.refused).toHaveLength(1)
    const stored = (await asUser(db, rahul, (tx) => pull(tx, 'lesson_items'))).find(
      (d) => d.id === 'c-own',
    )!
    const edit = await asUser(db, rahul, (tx) =>
      push(tx, 'lesson_items', [
        { newDocumentState: { ...stored, data: { text: 'Changed' } }, assumedMasterState: stored },
      ]),
    )
    expect(edit.refused[0]?.reason).toBe('You are not allowed to make this change to lesson items.')
    const parent = await asUser(db, by('guardian'), (tx) => pull(tx, 'lesson_items'))
    expect(parent).toEqual([])
  })

  it('refuses a comment without text, with the rule in words', async () => {
    const result = await asUser(db, by('facilitator'), (tx) =>
      push(tx, 'lesson_items', [
        {
          newDocumentState: {
            id: 'c-empty',
            kind: 'comment',
            lesson_id: 'x',
            group_id: null,
            week_key: null,
            facilitator_id: 'f0000000-0000-4000-a000-000000000001',
            data: { text: '  ' },
            created_at: '2026-11-23T10:00:00Z',
            _deleted: false,
          },
          assumedMasterState: null,
        },
      ]),
    )
    expect(result.refused[0]?.reason).toBe('A comment needs some text (at most 5000 characters).')
  })

  it.each([
    ['Friday', true],
    ['2026-13-01', true],
    ['2026-12-04', false],
  ])(
    "refuses an assignment due '%s' unless it is a date (D41-5): refused %s",
    async (dueDate, refused) => {
      const result = await asUser(db, by('facilitator'), (tx) =>
        push(tx, 'lesson_items', [
          {
            newDocumentState: {
              id: `a-due-${dueDate}`,
              kind: 'assignment',
              lesson_id: '2026_48:rg-jaul_mo_2',
              group_id: 'rg-jaul',
              week_key: '2026_48',
              facilitator_id: 'f0000000-0000-4000-a000-000000000001',
              data: { title: 'Fraction wall', dueDate },
              created_at: '2026-11-23T10:00:00Z',
              _deleted: false,
            },
            assumedMasterState: null,
          },
        ]),
      )
      expect(result.refused.map((r) => r.reason)).toEqual(
        refused ? ["An assignment's due date is a date (YYYY-MM-DD)."] : [],
      )
    },
  )
})
