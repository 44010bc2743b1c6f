import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SCHOOL_DAYS, timetables, weekDocId } from '@sync/contract/collections/timetables.ts'
import {
  lostLessonEdits,
  templateDaysIn,
  timetableConflictHandler,
  type LostLessonEdit,
} from '@sync/rules/timetable/conflict.ts'
import { normaliseDays } from '@sync/rules/timetable/normalise.ts'
import type { AppDatabase } from '@sync/engine/database.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, eventually, type Device } from './support.ts'

const options = {
  conflictHandlers: (db: () => AppDatabase | undefined) => ({
    timetables: timetableConflictHandler(templateDaysIn(db)),
  }),
  describeLoss: { timetables: lostLessonEdits },
}
const WEEK = '2026_48'
const id = weekDocId('rg-tanni', WEEK)

async function topicOf(d: Device, sessionId: string) {
  const doc = await d.db.timetables.findOne(id).exec()
  const days = normaliseDays((doc?.get('data') as { days?: unknown })?.days)
  return (
    Object.values(days)
      .flat()
      .find((s) => s.id === sessionId)?.topic ?? null
  )
}

async function setTopic(d: Device, sessionId: string, topic: string) {
  const doc = await d.db.timetables.findOne(id).exec()
  if (doc?.kind !== 'week') throw new Error(`${id} is not a week`)
  const days = { ...doc.data.days }
  for (const day of SCHOOL_DAYS)
    days[day] = days[day].map((s) => (s.id === sessionId ? { ...s, topic } : s))
  await doc.incrementalPatch({ data: { ...doc.data, days } })
}

describe.each(testDatabases())('two facilitators editing one week offline on $name', (target) => {
  let host: TestHost
  const open: Device[] = []
  beforeAll(async () => {
    host = await startTestHost({ database: target })
    // The week both facilitators start from: made from the Tanni template.
    const [template] = await host.db.query<{ data: { days: unknown; groupName: string } }>(
      "select data from public.timetables where id = 'tpl_rg-tanni'",
    )
    await host.db.query(
      `insert into public.timetables (id, kind, group_id, week_key, data) values ($1, 'week', 'rg-tanni', $2, $3::jsonb)`,
      [
        id,
        WEEK,
        JSON.stringify({
          groupName: template!.data.groupName,
          mondayDate: '2026-11-23',
          days: template!.data.days,
        }),
      ],
    )
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((d) => d.close()))
  })
  afterAll(async () => {
    await host.stop()
    await target.close()
  })

  it('merges lessons changed by one side and keeps the server version of a lesson both changed, telling the loser', async () => {
    const asha = await device(host, 'facilitator', [timetables], options)
    const rahul = await device(host, 'facilitator admin', [timetables], options)
    open.push(asha, rahul)
    asha.goOffline()
    rahul.goOffline()
    await setTopic(asha, 'rg-tanni_mo_2', 'Fractions')
    await setTopic(rahul, 'rg-tanni_tu_3', 'Story writing')
    await setTopic(asha, 'rg-tanni_we_4', 'Seeds (Asha)')
    await setTopic(rahul, 'rg-tanni_we_4', 'Plants (Rahul)')

    await rahul.goOnline()
    await asha.goOnline()
    await rahul.goOnline()

    for (const d of [asha, rahul]) {
      expect(await topicOf(d, 'rg-tanni_mo_2')).toBe('Fractions')
      expect(await topicOf(d, 'rg-tanni_tu_3')).toBe('Story writing')
      expect(await topicOf(d, 'rg-tanni_we_4')).toBe('Plants (Rahul)')
      expect(await d.sync.countPending()).toBe(0)
    }
    expect(rahul.lost).toEqual([])
    expect(asha.lost).toHaveLength(1)
    expect(asha.lost[0]!.details as LostLessonEdit[]).toEqual([
      expect.objectContaining({
        sessionId: 'rg-tanni_we_4',
        day: 'wednesday',
        groupName: 'Tanni',
        mine: expect.objectContaining({ topic: 'Seeds (Asha)' }),
        kept: expect.objectContaining({ topic: 'Plants (Rahul)' }),
      }),
    ])
    const [row] = await host.db.query<{ data: { days: unknown } }>(
      'select data from public.timetables where id = $1',
      [id],
    )
    const stored = Object.values(normaliseDays(row!.data.days)).flat()
    expect(stored.find((s) => s.id === 'rg-tanni_mo_2')?.topic).toBe('Fractions')
    expect(stored.find((s) => s.id === 'rg-tanni_tu_3')?.topic).toBe('Story writing')
  })

  it('a comment added by each facilitator to the same lesson never conflicts', async () => {
    const { lessonItems } = await import('@sync/contract/collections/lesson-items.ts')
    const asha = await device(host, 'facilitator', [lessonItems], options)
    const rahul = await device(host, 'facilitator admin', [lessonItems], options)
    open.push(asha, rahul)
    asha.goOffline()
    rahul.goOffline()
    const comment = (cid: string, facilitator: string, text: string) => ({
      id: cid,
      kind: 'comment' as const,
      lesson_id: 'rg-tanni_mo_2',
      group_id: 'rg-tanni',
      week_key: WEEK,
      facilitator_id: facilitator,
      data: { text },
      created_at: new Date().toISOString(),
    })
    await asha.db.lesson_items.insert(
      comment('cm-asha', 'f0000000-0000-4000-a000-000000000001', 'Loved the pizza fractions'),
    )
    await rahul.db.lesson_items.insert(
      comment('cm-rahul', 'f0000000-0000-4000-a000-000000000002', 'Follow up on halves'),
    )
    await asha.goOnline()
    await rahul.goOnline()
    await eventually(async () => {
      for (const d of [asha, rahul]) {
        const ids = (
          await d.db.lesson_items.find({ selector: { lesson_id: 'rg-tanni_mo_2' } }).exec()
        ).map((x) => x.id)
        expect(ids.sort()).toEqual(['cm-asha', 'cm-rahul'])
      }
    })
    expect([...asha.lost, ...rahul.lost, ...asha.refused, ...rahul.refused]).toEqual([])
  })

  it('two facilitators who make the same new week offline keep both their lessons', async () => {
    const newWeek = '2026_49'
    const newId = weekDocId('rg-tanni', newWeek)
    const asha = await device(host, 'facilitator', [timetables], options)
    const rahul = await device(host, 'facilitator admin', [timetables], options)
    open.push(asha, rahul)
    asha.goOffline()
    rahul.goOffline()
    // Each device makes the week from the group's template, as the week screen does on a save.
    const makeWeek = async (d: Device) => {
      const template = await d.db.timetables.findOne('tpl_rg-tanni').exec()
      if (template?.kind !== 'group_template') throw new Error('rg-tanni has no template')
      const { groupName, days } = template.data
      await d.db.timetables.insert({
        id: newId,
        kind: 'week',
        group_id: 'rg-tanni',
        week_key: newWeek,
        data: { groupName, mondayDate: '2026-11-30', days },
      })
    }
    const setIn = async (d: Device, sessionId: string, topic: string) => {
      const doc = await d.db.timetables.findOne(newId).exec()
      await doc!.incrementalModify((current) => {
        if (current.kind !== 'week') return current
        const days = { ...current.data.days }
        for (const day of SCHOOL_DAYS)
          days[day] = days[day].map((x) => (x.id === sessionId ? { ...x, topic } : x))
        return { ...current, data: { ...current.data, days } }
      })
    }
    await makeWeek(asha)
    await makeWeek(rahul)
    await setIn(asha, 'rg-tanni_mo_2', 'Decimals')
    await setIn(rahul, 'rg-tanni_th_1', 'Monsoon songs')

    await asha.goOnline()
    await rahul.goOnline()
    await asha.goOnline()

    const [row] = await host.db.query<{ data: { days: unknown } }>(
      'select data from public.timetables where id = $1',
      [newId],
    )
    const stored = Object.values(normaliseDays(row!.data.days)).flat()
    expect(stored.find((x) => x.id === 'rg-tanni_mo_2')?.topic).toBe('Decimals')
    expect(stored.find((x) => x.id === 'rg-tanni_th_1')?.topic).toBe('Monsoon songs')
    expect([...asha.lost, ...rahul.lost, ...asha.refused, ...rahul.refused]).toEqual([])
  })
})
