// Feedback written offline (M01, M03, M08): two facilitators write about one child on devices
// with no connection; when they come back both entries arrive and neither overwrites the other.
// The family's phone receives nothing until the office releases the term, then receives what
// was released, and keeps it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { feedback } from '@sync/contract/collections/index.ts'
import type { FeedbackRow } from '@sync/engine/database.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, eventually, losingFirstAnswer, type Device } from './support.ts'

const facilitatorId = (label: string) => demoAccounts.find((a) => a.label === label)!.facilitatorId!

function entry(id: string, facilitator: string, text: string): FeedbackRow {
  return {
    id,
    kind: 'student',
    term: '2026_2027_2',
    group_id: 'rg-jaul',
    subject_id: 'rs-maths',
    facilitator_id: facilitatorId(facilitator),
    student_id: 'st-tiago',
    status: 'ready',
    data: {
      title: 'Fractions',
      feedback: text,
      groupFeedbackId: null,
      color: 'green',
      notParticipating: false,
      studentName: 'Tiago Fernandes',
    },
  }
}

describe.each(testDatabases())('feedback written offline on $name', (target) => {
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

  it('keeps both facilitators’ entries and reaches the family only once released', async () => {
    const asha = await device(host, 'facilitator', [feedback], {
      transport: losingFirstAnswer('feedback'),
      retry: { baseMs: 50, maxMs: 200 },
    })
    open.push(asha)
    const admin = await device(host, 'facilitator admin', [feedback])
    open.push(admin)
    const family = await device(host, 'guardian', [feedback])
    open.push(family)

    asha.goOffline()
    admin.goOffline()
    await asha.db.feedback.insert(entry('fb-r-asha', 'facilitator', 'Asha: adds fractions well'))
    await admin.db.feedback.insert(
      entry('fb-r-admin', 'facilitator admin', 'Rahul: explains his working'),
    )
    expect(await asha.sync.countPending()).toBe(1)
    await asha.goOnline()
    await admin.goOnline()
    await eventually(async () => {
      expect(await asha.sync.countPending()).toBe(0)
      expect(await admin.sync.countPending()).toBe(0)
    }, 20_000)

    const rows = await host.db.query<{ id: string; text: string; family_id: string }>(
      `select id, data ->> 'feedback' as text, family_id from public.feedback
        where id like 'fb-r-%' order by id`,
    )
    expect(rows).toEqual([
      { id: 'fb-r-admin', text: 'Rahul: explains his working', family_id: 'demo-family-fernandes' },
      { id: 'fb-r-asha', text: 'Asha: adds fractions well', family_id: 'demo-family-fernandes' },
    ])
    // Each device receives the other's entry; the family's receives nothing yet.
    await eventually(async () => {
      expect(await admin.db.feedback.findOne('fb-r-asha').exec()).not.toBeNull()
      expect(await asha.db.feedback.findOne('fb-r-admin').exec()).not.toBeNull()
    }, 20_000)
    expect(await family.db.feedback.find().exec()).toEqual([])

    // The facilitator admin releases the term, offline first.
    admin.goOffline()
    const term = await admin.db.feedback.find({ selector: { term: '2026_2027_2' } }).exec()
    for (const doc of term.filter((d) => d.status === 'ready'))
      await doc.incrementalPatch({ status: 'released' })
    await admin.goOnline()
    await eventually(async () => {
      const seen = await family.db.feedback.find().exec()
      expect(seen.map((d) => [d.id, d.status]).sort()).toEqual([
        ['fb-r-admin', 'released'],
        ['fb-r-asha', 'released'],
      ])
    }, 20_000)
    expect(asha.refused).toEqual([])
    expect(admin.refused).toEqual([])
    expect(asha.lost).toEqual([])
  })
})
