// A member's notifications on two of their devices (P04, P05): read or cleared on both while
// offline, they meet on the server without a loss reported, a refusal or a notification coming
// back, and every device ends with the server's state.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { reference } from '@sync/contract/collections/index.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, type Device } from './support.ts'

const defs = [reference] as const
const guardian = demoAccounts.find((a) => a.label === 'guardian')!

async function state(d: Device, id: string) {
  const doc = await d.db.reference.findOne(id).exec()
  const row = doc?.toMutableJSON()
  return row?.kind === 'notification' ? { isNew: row.data.isNew } : null
}

async function markRead(d: Device, id: string) {
  const doc = await d.db.reference.findOne(id).exec()
  const row = doc!.toMutableJSON()
  if (row.kind !== 'notification') throw new Error('not a notification')
  await doc!.incrementalPatch({ data: { ...row.data, isNew: false } })
}

describe.each(testDatabases())('notifications on two devices on $name', (target) => {
  let host: TestHost
  const open: Device[] = []
  const make = async (label: string) => {
    const d = await device(host, label, defs)
    open.push(d)
    return d
  }

  beforeAll(async () => {
    host = await startTestHost({ database: target })
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((d) => d.close()))
  })
  afterAll(async () => {
    await host.stop()
    await target.close()
  })

  it('read on both offline, or read on one and cleared on the other, they converge', async () => {
    const made = await host.db.query<{ id: string }>(
      `select app.notify($1, 'calendar_event', t.title, t.link) as id
         from (values ('Sports day', 'https://calendar.example/e/a'),
                      ('Parents'' meeting', 'https://calendar.example/e/b')) t(title, link)`,
      [guardian.id],
    )
    const [one, two] = made.map((r) => r.id)
    expect(new Set([one, two]).size).toBe(2)
    const phone = await make('guardian')
    const laptop = await make('guardian')
    for (const d of [phone, laptop]) {
      expect(await state(d, one!)).toEqual({ isNew: true })
      expect(await state(d, two!)).toEqual({ isNew: true })
    }
    phone.goOffline()
    laptop.goOffline()
    await markRead(phone, one!)
    await markRead(laptop, one!)
    await markRead(phone, two!)
    await (await phone.db.reference.findOne(two!).exec())!.incrementalRemove()
    await markRead(laptop, two!)
    await phone.goOnline()
    await laptop.goOnline()
    await phone.goOnline()

    const server = await host.db.query<{ id: string; is_new: boolean; _deleted: boolean }>(
      `select id, (data ->> 'isNew')::boolean as is_new, _deleted from public.reference
        where id = any($1) order by id`,
      [[one, two]],
    )
    expect(Object.fromEntries(server.map((r) => [r.id, [r.is_new, r._deleted]]))).toEqual({
      [one!]: [false, false],
      [two!]: [false, true],
    })
    for (const d of [phone, laptop]) {
      expect(await state(d, one!)).toEqual({ isNew: false })
      expect(await state(d, two!)).toBeNull()
      expect(await d.sync.countPending()).toBe(0)
      expect(d.refused).toEqual([])
    }
  })
})
