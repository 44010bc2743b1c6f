// A facilitator marks a child away and takes the mark back a moment later, before the device has
// heard the server's copy of the mark. The record had been marked and taken back before, so the
// mark brings an existing record back, and the server keeps the moment it was first made
// (created_at) over the device's. The device still believed its own copy to be the server's:
// the next tap was refused as a conflict with the device's own mark, the child stayed marked
// away and the facilitator was told another device's change had won. The server's kept
// columns are the server's to set; the mark taken back must reach it, with no notice.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { lessonItems } from '@sync/contract/collections/index.ts'
import { absenceId } from '@sync/rules/classroom/absence-id.ts'
import type { SyncTransport } from '@sync/engine/transport.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, eventually, type Device } from './support.ts'

/** Pulls of lesson items wait while `held` is set (the server's copy has not arrived yet). */
function pullsHeld() {
  let release: () => void = () => {}
  let gate: Promise<void> | null = null
  const wrap = (inner: SyncTransport): SyncTransport => ({
    ...inner,
    visible: (...args) => inner.visible(...args),
    onPoke: (...args) => inner.onPoke(...args),
    push: (...args) => inner.push(...args),
    async pull(name, checkpoint, size) {
      if (name === 'lesson_items' && gate) await gate
      return inner.pull(name, checkpoint, size)
    },
  })
  return {
    wrap,
    hold() {
      gate = new Promise<void>((r) => (release = r))
    },
    release() {
      gate = null
      release()
    },
  }
}

describe.each(testDatabases())('an absence taken back at once on $name', (target) => {
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

  it('reaches the server, and nobody is told of a lost change', async () => {
    const account = demoAccounts.find((a) => a.label === 'facilitator')!
    const pulls = pullsHeld()
    const phone = await device(host, 'facilitator', [lessonItems], {
      transport: pulls.wrap,
      retry: { baseMs: 50, maxMs: 200 },
    })
    open.push(phone)
    const id = absenceId('st-ira', '2027-01-11', null)
    const serverRow = async () =>
      (
        await host.db.query<{ deleted: boolean; created_at: Date }>(
          `select _deleted as deleted, created_at from public.lesson_items where id = $1`,
          [id],
        )
      )[0]
    // The same taps as the register (src/features/timetable/hooks/use-absence-writer.ts).
    const tap = async () => {
      const existing = await phone.db.lesson_items.findOne(id).exec()
      if (existing) return existing.incrementalRemove()
      await phone.db.lesson_items.upsert({
        id,
        kind: 'absence',
        lesson_id: null,
        group_id: 'rg-jaul',
        week_key: '2027_02',
        facilitator_id: account.facilitatorId!,
        student_id: 'st-ira',
        data: { date: '2027-01-11', reportedBy: 'facilitator' },
        created_at: new Date().toISOString(),
      })
    }
    const synced = () =>
      eventually(async () => expect(await phone.sync.countPending()).toBe(0), 20_000)

    // Marked and taken back earlier: the server holds the record, removed.
    await tap()
    await synced()
    await phone.sync.awaitInSync()
    await tap()
    await synced()
    await phone.sync.awaitInSync()
    const first = await serverRow()
    expect(first?.deleted).toBe(true)

    // Marked again (a later moment on the device), pushed, and taken back before the server's
    // copy of the mark arrives.
    pulls.hold()
    await new Promise((r) => setTimeout(r, 20))
    await tap()
    await synced()
    const marked = await serverRow()
    expect(marked?.deleted).toBe(false)
    expect(marked?.created_at.toISOString()).toBe(first?.created_at.toISOString())
    await tap()
    await synced()
    pulls.release()
    await phone.sync.awaitInSync()
    await synced()

    expect((await serverRow())?.deleted).toBe(true)
    expect(await phone.db.lesson_items.findOne(id).exec()).toBeNull()
    expect([...phone.lost, ...phone.refused]).toEqual([])
  })
})
