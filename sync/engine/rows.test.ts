import { describe, expect, expectTypeOf, it } from 'vitest'
import type { RxDocument } from 'rxdb'
import type { AppCollections, LessonItemRow, ReferenceRow, TimetableRow } from './database.ts'
import { checkRow, parseRow, type RowOf } from '../contract/schema.ts'
import { facilitators, lessonItems, reference, timetables } from '../contract/collections/index.ts'

// The rows the screens read are typed from the zod schemas of sync/contract/collections: a field that
// does not exist does not compile (tsc checks this file: each @ts-expect-error must be an error).
describe('rows typed from their schemas', () => {
  it('gives each kind its own data', () => {
    expectTypeOf<ReferenceRow['kind']>().toEqualTypeOf<
      | 'session_timing'
      | 'subject'
      | 'classroom'
      | 'group'
      | 'fee_tariff'
      | 'holiday'
      | 'notification'
    >()
    expectTypeOf<Extract<ReferenceRow, { kind: 'subject' }>['data']>().toEqualTypeOf<{
      name: string
      color: (typeof import('../contract/constants.ts').SUBJECT_COLOURS)[number]
      mixedGroup: boolean
    }>()
    expectTypeOf<Extract<LessonItemRow, { kind: 'comment' }>['data']>().toEqualTypeOf<{
      text: string
    }>()
    expectTypeOf<RowOf<typeof facilitators>['status']>().toEqualTypeOf<'active' | 'authPending'>()
  })

  it('narrows data by kind, and a wrong field does not compile', () => {
    const read = (row: TimetableRow) => {
      // @ts-expect-error a change log has no days: data is not narrowed until kind is checked
      void row.data.days
      if (row.kind === 'change_log') {
        expectTypeOf(row.data.changes[0]!.after.topic).toEqualTypeOf<string | null>()
        // @ts-expect-error a change log has no week key inside its data
        return row.data.weekKey
      }
      if (row.kind === 'mixed_group') return row.data.name
      if (row.kind === 'mixed_lesson') return row.data.details
      expectTypeOf(row.data.days.monday).toBeArray()
      // @ts-expect-error the group's name is groupName
      return row.data.group_name
    }
    expect(read).toBeTypeOf('function')
  })

  it('types what the collections find', () => {
    type Found = Awaited<ReturnType<ReturnType<AppCollections['lesson_items']['findOne']>['exec']>>
    expectTypeOf<Found>().toEqualTypeOf<RxDocument<LessonItemRow> | null>()
    const title = (doc: NonNullable<Found>) =>
      // @ts-expect-error only an assignment has a title
      doc.data.title
    expect(title).toBeTypeOf('function')
    const insert = (c: AppCollections['reference']) =>
      // @ts-expect-error a classroom's data is its name, not a colour
      c.insert({ id: 'rc-1', kind: 'classroom', data: { color: '#c92a2a' } })
    expect(insert).toBeTypeOf('function')
  })
})

describe('the row schema agrees with the types', () => {
  const week: TimetableRow = {
    id: 'wk_2026_48_rg-tanni',
    kind: 'week',
    group_id: 'rg-tanni',
    week_key: '2026_48',
    data: {
      groupName: 'Tanni',
      mondayDate: '2026-11-23',
      days: { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [] },
    },
  }

  it('accepts a typed row of each collection', () => {
    expect(checkRow(timetables, week)).toEqual({ ok: true, row: week })
    expect(
      parseRow(reference, { id: 'rc-1', kind: 'classroom', data: { name: ' Shed ' } }),
    ).toEqual({ id: 'rc-1', kind: 'classroom', data: { name: 'Shed' } })
    expect(
      parseRow(lessonItems, {
        id: 'li-1',
        kind: 'resource',
        lesson_id: null,
        group_id: null,
        week_key: null,
        facilitator_id: null,
        data: { description: 'Atlas' },
        created_at: '2026-11-26T09:00:00.000Z',
      }).data,
    ).toEqual({ type: 'link', description: 'Atlas' })
  })

  it('refuses the data of another kind, with the field named', () => {
    const wrong = { ...week, kind: 'change_log' }
    const checked = checkRow(timetables, wrong)
    expect(checked.ok).toBe(false)
    expect(!checked.ok && checked.issues.join()).toContain('data.changes')
    expect(() =>
      parseRow(reference, { id: 'rc-2', kind: 'classroom', data: { name: '' } }),
    ).toThrow('This reference record is not valid: data.name: Enter a name')
  })

  it('refuses a definition whose kind column and kinds disagree', async () => {
    const z = await import('zod/mini')
    const { defineCollection } = await import('../contract/schema.ts')
    expect(() =>
      defineCollection({
        name: 'odd',
        row: z.object({ id: z.string(), kind: z.enum(['a', 'b']), data: z.object({}) }),
        kinds: { a: z.object({}) },
        serverColumns: [],
        roles: [],
        version: 0,
      }),
    ).toThrow('odd: the kind column must list exactly the kinds (a)')
  })
})
