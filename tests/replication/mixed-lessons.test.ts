import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  timetables,
  type MixedGroup,
  type MixedLesson,
} from '@sync/contract/collections/timetables.ts'
import {
  lostLessonEdits,
  templateDaysIn,
  timetableConflictHandler,
} from '@sync/rules/timetable/conflict.ts'
import type { AppDatabase } from '@sync/engine/database.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, type Device } from './support.ts'

// A subgroup's lesson (L01) written on two devices offline, by the subgroup's facilitator and a
// facilitator admin: different fields both survive; a field both changed keeps the server's value
// and the facilitator whose value lost is told.

const options = {
  conflictHandlers: (db: () => AppDatabase | undefined) => ({
    timetables: timetableConflictHandler(templateDaysIn(db)),
  }),
  describeLoss: { timetables: lostLessonEdits },
}
const ID = 'ml-replication'
const group: MixedGroup = {
  name: 'Friday art',
  subgroups: {
    'sg-rep-art': {
      facilitatorId: 'f0000000-0000-4000-a000-000000000001',
      facilitator: 'Asha Gaonkar',
      subjectId: 'rs-art',
      subject: 'Art',
      classroomId: null,
      classroom: null,
      students: { 'st-ira': { student: 'Ira Naik', groupId: 'rg-jaul', group: 'Jaul' } },
    },
  },
}
const start: MixedLesson = {
  mainMixedGroupId: 'mg-rep',
  day: 'friday',
  timingId: 'rt-rep',
  facilitatorId: 'f0000000-0000-4000-a000-000000000001',
  subjectId: 'rs-art',
  topicId: null,
  topic: null,
  subtopicId: null,
  subtopic: null,
  details: '',
}

async function edit(d: Device, change: Partial<MixedLesson>) {
  const doc = await d.db.timetables.findOne(ID).exec()
  if (doc?.kind !== 'mixed_lesson') throw new Error('no subgroup lesson on this device')
  await doc.incrementalPatch({ data: { ...(doc.toMutableJSON().data as MixedLesson), ...change } })
}

describe.each(testDatabases())(
  'one subgroup lesson written on two devices offline on $name',
  (target) => {
    let host: TestHost
    const open: Device[] = []
    beforeAll(async () => {
      host = await startTestHost({ database: target })
      await host.db.query(
        `insert into public.timetables (id, kind, data) values ('mg-rep', 'mixed_group', $1::jsonb)`,
        [JSON.stringify(group)],
      )
      await host.db.query(
        `insert into public.timetables (id, kind, group_id, week_key, data)
       values ($1, 'mixed_lesson', 'sg-rep-art', '2030_30', $2::jsonb)`,
        [ID, JSON.stringify(start)],
      )
    })
    afterEach(async () => {
      await Promise.all(open.splice(0).map((d) => d.close()))
    })
    afterAll(async () => {
      await host.stop()
      await target.close()
    })

    const stored = async () =>
      (
        await host.db.query<{ data: MixedLesson }>(
          'select data from public.timetables where id = $1',
          [ID],
        )
      )[0]!.data

    it('keeps the topic of one and the details of the other, and tells who lost a field both changed', async () => {
      const asha = await device(host, 'facilitator', [timetables], options)
      const rahul = await device(host, 'facilitator admin', [timetables], options)
      open.push(asha, rahul)
      asha.goOffline()
      rahul.goOffline()
      await edit(asha, {
        topicId: 'tp-clay',
        topic: 'Clay',
        subtopic: 'Pinch pots',
        subtopicId: 'st-pots',
      })
      await edit(rahul, { details: 'Aprons on' })
      await rahul.goOnline()
      await asha.goOnline()
      await rahul.goOnline()
      expect(await stored()).toMatchObject({
        topic: 'Clay',
        subtopic: 'Pinch pots',
        details: 'Aprons on',
      })
      expect(asha.lost).toEqual([])
      expect(rahul.lost).toEqual([])

      asha.goOffline()
      rahul.goOffline()
      await edit(rahul, { details: 'Aprons on, sleeves up' })
      await edit(asha, { details: 'Bring old newspapers' })
      await rahul.goOnline()
      await asha.goOnline()
      expect((await stored()).details).toBe('Aprons on, sleeves up')
      for (const d of [asha, rahul]) {
        const doc = await d.db.timetables.findOne(ID).exec()
        expect((doc?.get('data') as MixedLesson).details).toBe('Aprons on, sleeves up')
        expect(await d.sync.countPending()).toBe(0)
      }
      expect(asha.lost).toHaveLength(1)
      expect(asha.lost[0]!.details).toEqual([
        { field: 'details', mine: 'Bring old newspapers', kept: 'Aprons on, sleeves up' },
      ])
    })
  },
)
