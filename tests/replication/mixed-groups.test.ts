import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { timetables, type MixedGroup } from '@sync/contract/collections/timetables.ts'
import {
  lostLessonEdits,
  templateDaysIn,
  timetableConflictHandler,
} from '@sync/rules/timetable/conflict.ts'
import type { AppDatabase } from '@sync/engine/database.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, type Device } from './support.ts'

// Two facilitator admins edit the same combined mixed group offline (L02, L04): different
// children and subgroups both survive, a field both changed keeps the server's value and the
// other admin is told, and a child both placed in different subgroups ends in one of them.

const options = {
  conflictHandlers: (db: () => AppDatabase | undefined) => ({
    timetables: timetableConflictHandler(templateDaysIn(db)),
  }),
  describeLoss: { timetables: lostLessonEdits },
}
const ID = 'mg-replication'
const subgroup = (
  facilitatorId: string,
  facilitator: string,
  subjectId: string,
  subject: string,
) => ({
  facilitatorId,
  facilitator,
  subjectId,
  subject,
  classroomId: null,
  classroom: null,
  students: {},
})
const start: MixedGroup = {
  name: 'Friday art and music',
  subgroups: {
    art: subgroup('f0000000-0000-4000-a000-000000000001', 'Asha Gaonkar', 'rs-art', 'Art'),
    music: subgroup('f0000000-0000-4000-a000-000000000002', 'Rahul Desai', 'rs-music', 'Music'),
  },
}
const child = (student: string, groupId: string, group: string) => ({ student, groupId, group })

async function edit(d: Device, change: (g: MixedGroup) => MixedGroup) {
  const doc = await d.db.timetables.findOne(ID).exec()
  if (doc?.kind !== 'mixed_group') throw new Error('no mixed group on this device')
  await doc.incrementalPatch({
    data: change(structuredClone(doc.toMutableJSON().data as MixedGroup)),
  })
}

async function stored(): Promise<MixedGroup> {
  const d = await device(hostRef!, 'admin', [timetables], options)
  await d.close()
  return (
    await hostRef!.db.query<{ data: MixedGroup }>(
      'select data from public.timetables where id = $1',
      [ID],
    )
  )[0]!.data
}
let hostRef: TestHost | undefined

describe.each(testDatabases())(
  'two facilitator admins editing one mixed group offline on $name',
  (target) => {
    let host: TestHost
    const open: Device[] = []
    beforeAll(async () => {
      host = await startTestHost({ database: target })
      hostRef = host
      // Asha is made a facilitator admin too, so two admins keep mixed groups.
      await host.db.query(
        `update public.members set extra = 'admin' where email = 'facilitator@demo.school'`,
      )
      await host.db.query(
        `insert into public.timetables (id, kind, data) values ($1, 'mixed_group', $2::jsonb)`,
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

    it('keeps both admins’ children, the server’s subgroup for a child both placed, and tells the other admin', async () => {
      const asha = await device(host, 'facilitator', [timetables], options)
      const rahul = await device(host, 'facilitator admin', [timetables], options)
      open.push(asha, rahul)
      asha.goOffline()
      rahul.goOffline()
      await edit(asha, (g) => {
        g.subgroups.art!.students['st-ira'] = child('Ira Naik', 'rg-jaul', 'Jaul')
        g.subgroups.art!.students['st-meera'] = child('Meera Pai', 'rg-paani', 'Paani')
        g.name = 'Friday art (Asha)'
        return g
      })
      await edit(rahul, (g) => {
        g.subgroups.music!.students['st-leela'] = child('Leela Prabhu', 'rg-dongor', 'Dongor')
        g.subgroups.music!.students['st-meera'] = child('Meera Pai', 'rg-paani', 'Paani')
        g.name = 'Friday music (Rahul)'
        return g
      })

      await rahul.goOnline()
      await asha.goOnline()
      await rahul.goOnline()

      const server = await stored()
      expect(Object.keys(server.subgroups.art!.students).sort()).toEqual(['st-ira'])
      expect(Object.keys(server.subgroups.music!.students).sort()).toEqual(['st-leela', 'st-meera'])
      expect(server.name).toBe('Friday music (Rahul)')
      for (const d of [asha, rahul]) {
        const doc = await d.db.timetables.findOne(ID).exec()
        expect(doc?.get('data')).toEqual(server)
        expect(await d.sync.countPending()).toBe(0)
      }
      expect(rahul.lost).toEqual([])
      expect(asha.lost).toHaveLength(1)
      expect(asha.lost[0]!.details).toEqual(
        expect.arrayContaining([
          { field: 'name', mine: 'Friday art (Asha)', kept: 'Friday music (Rahul)' },
          {
            field: "Meera Pai's subgroup",
            mine: 'Asha Gaonkar - Art',
            kept: 'Rahul Desai - Music',
          },
        ]),
      )
    })
  },
)
