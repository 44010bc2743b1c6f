// Parents' meetings across devices (N11, N19): the office sets a meeting up; the family's phone
// receives it with the guardian's own participant row. The fault: the office and a facilitator
// edit one meeting offline (a new title, a new time) while answers arrive on WhatsApp and from the
// family's phone; when they come back both edits stand, every answer stands, and the move is
// told to each guardian once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { gatherings } from '@sync/contract/collections/index.ts'
import type { AppDatabase, GatheringRow } from '@sync/engine/database.ts'
import { conflictHandlersFor, describeLoss } from '@/db/conflict-handlers'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, eventually, type Device } from './support.ts'

const merging = {
  conflictHandlers: (db: () => AppDatabase | undefined) => conflictHandlersFor(db),
  describeLoss,
}
const guardianId = demoAccounts.find((a) => a.label === 'guardian')!.id

function meeting(id: string, title: string): GatheringRow {
  return {
    id,
    kind: 'meeting',
    meeting_id: null,
    group_ids: ['rg-jaul'],
    status: 'pending',
    data: { title, date: '2026-12-19', startTime: '10:00', endTime: '11:30' },
  }
}

describe.each(testDatabases())('parents’ meetings across devices on $name', (target) => {
  let host: TestHost
  const open: Device[] = []

  beforeAll(async () => {
    host = await startTestHost({ database: target })
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((d) => d.close().catch(() => undefined)))
  })
  afterAll(async () => {
    await host.stop()
    await target.close()
  })

  it('reaches the family’s phone with the guardian’s own invitation', async () => {
    const office = await device(host, 'administration', [gatherings])
    open.push(office)
    const family = await device(host, 'guardian', [gatherings])
    open.push(family)

    await office.db.gatherings.insert(meeting('mt-r-home', 'Term review'))
    await eventually(async () => {
      const seen = await family.db.gatherings.find().exec()
      expect(seen.map((d) => d.kind).sort()).toEqual(['meeting', 'participant', 'participant'])
    }, 20_000)
    const mine = await family.db.gatherings
      .findOne({ selector: { kind: 'participant', member_id: guardianId } })
      .exec()
    expect(mine?.data).toMatchObject({ name: 'Maria Fernandes' })
  })

  it('keeps both offline edits of a meeting and every answer that arrived meanwhile', async () => {
    const office = await device(host, 'administration', [gatherings], merging)
    open.push(office)
    const asha = await device(host, 'facilitator', [gatherings], merging)
    open.push(asha)
    const family = await device(host, 'guardian', [gatherings], merging)
    open.push(family)

    await office.db.gatherings.insert(meeting('mt-r-fault', 'Term review'))
    const participants = async (d: Device) =>
      (await d.db.gatherings.find({ selector: { meeting_id: 'mt-r-fault' } }).exec()).map((p) =>
        p.toMutableJSON(),
      )
    await eventually(async () => {
      expect(await asha.db.gatherings.findOne('mt-r-fault').exec()).not.toBeNull()
      expect(await participants(asha)).toHaveLength(5)
      expect(await participants(family)).toHaveLength(2)
    }, 20_000)

    office.goOffline()
    asha.goOffline()
    family.goOffline()
    const onOffice = await office.db.gatherings.findOne('mt-r-fault').exec()
    await onOffice!.incrementalModify((m) =>
      m.kind === 'meeting' ? { ...m, data: { ...m.data, title: 'Term two review' } } : m,
    )
    const onAsha = await asha.db.gatherings.findOne('mt-r-fault').exec()
    await onAsha!.incrementalModify((m) =>
      m.kind === 'meeting' ? { ...m, data: { ...m.data, startTime: '09:00' } } : m,
    )
    // Maria answers on her phone; João presses "I can't come" on WhatsApp.
    const maria = (await participants(family)).find((p) => p.member_id === guardianId)!
    await (await family.db.gatherings.findOne(maria.id).exec())!.incrementalPatch({
      status: 'accepted',
    })
    const [joao] = await host.db.query<{ taken: boolean }>(
      `select public.meeting_answer(id, 'rejected', '919000000003') as taken
         from public.gatherings where meeting_id = 'mt-r-fault' and data ->> 'number' = '919000000003'`,
    )
    expect(joao!.taken).toBe(true)

    await asha.goOnline()
    await family.goOnline()
    await office.goOnline()
    const server = async () =>
      (
        await host.db.query<{ data: { title: string; startTime: string } }>(
          `select data from public.gatherings where id = 'mt-r-fault'`,
        )
      )[0]!.data
    await eventually(async () => {
      expect(await server()).toMatchObject({ title: 'Term two review', startTime: '09:00' })
      for (const d of [office, asha]) {
        const m = (await d.db.gatherings.findOne('mt-r-fault').exec())!.toMutableJSON()
        expect(m.data).toMatchObject({ title: 'Term two review', startTime: '09:00' })
        const statuses = (await participants(d)).map((p) => p.status)
        expect(statuses.filter((s) => s === 'accepted')).toHaveLength(1)
        expect(statuses.filter((s) => s === 'rejected')).toHaveLength(1)
      }
    }, 20_000)
    for (const d of [office, asha, family]) {
      expect(d.refused).toEqual([])
      expect(d.lost).toEqual([])
    }
    // The move reached each guardian with a number once, with the new time.
    const moved = await host.db.query<{ n: number }>(
      `select count(*)::int as n from public.whatsapp
        where id like 'mu-%' and data ->> 'participantId' in
              (select id from public.gatherings where meeting_id = 'mt-r-fault')
        group by data ->> 'participantId'`,
    )
    expect(moved.map((r) => r.n)).toEqual([1, 1, 1, 1])
  })
})
