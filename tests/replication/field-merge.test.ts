// Edits to different fields of one record (issue 30, item 2): the office renames the Fernandes
// family while Maria, on her phone, changes her occupation. Both were offline; whichever syncs
// second merges field by field with the server's record, so both edits survive and nobody is told
// of a loss. When both changed the same field, the server's value stays and the person whose
// value lost is told which field and both values.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { families, students } from '@sync/contract/collections/index.ts'
import type { AppDatabase } from '@sync/engine/database.ts'
import { conflictHandlersFor, describeLoss } from '@/db/conflict-handlers'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, eventually, type Device } from './support.ts'

const merging = {
  conflictHandlers: (db: () => AppDatabase | undefined) => conflictHandlersFor(db),
  describeLoss,
  retry: { baseMs: 50, maxMs: 200 },
}

type Guardian = { occupation?: string } & Record<string, unknown>

async function setOccupation(d: Device, occupation: string) {
  const doc = await d.db.families.findOne('demo-family-fernandes').exec()
  await doc!.incrementalModify((f) => {
    const guardians = [...f.data.guardians]
    guardians[0] = { ...guardians[0]!, occupation }
    return { ...f, data: { ...f.data, guardians } }
  })
}

describe.each(testDatabases())('a record edited on two devices on $name', (target) => {
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

  const onServer = async () => {
    const [row] = await host.db.query<{ name: string; occupation: string }>(
      `select name, data -> 'guardians' -> 0 ->> 'occupation' as occupation
         from public.families where id = 'demo-family-fernandes'`,
    )
    return row!
  }

  it('keeps both edits when they changed different fields, and tells nobody of a loss', async () => {
    const office = await device(host, 'administration', [families, students], merging)
    open.push(office)
    const maria = await device(host, 'guardian', [families, students], merging)
    open.push(maria)
    office.goOffline()
    maria.goOffline()
    const family = await office.db.families.findOne('demo-family-fernandes').exec()
    await family!.incrementalPatch({ name: 'Fernandes-Rao' })
    await setOccupation(maria, 'Principal architect')

    await office.goOnline()
    await eventually(async () => expect(await office.sync.countPending()).toBe(0), 20_000)
    await maria.goOnline()
    await eventually(
      async () =>
        expect(await onServer()).toEqual({
          name: 'Fernandes-Rao',
          occupation: 'Principal architect',
        }),
      20_000,
    )
    await eventually(async () => {
      const seen = await office.db.families.findOne('demo-family-fernandes').exec()
      expect(seen?.name).toBe('Fernandes-Rao')
      expect((seen?.data.guardians as Guardian[])[0]!.occupation).toBe('Principal architect')
    }, 20_000)
    expect([...office.lost, ...maria.lost, ...office.refused, ...maria.refused]).toEqual([])
  })

  it('keeps the server’s value of a field both changed and names the field and both values', async () => {
    const office = await device(host, 'administration', [families, students], merging)
    open.push(office)
    const maria = await device(host, 'guardian', [families, students], merging)
    open.push(maria)
    office.goOffline()
    maria.goOffline()
    await setOccupation(office, 'Architect (office)')
    await setOccupation(maria, 'Architect (Maria)')

    await office.goOnline()
    await eventually(async () => expect(await office.sync.countPending()).toBe(0), 20_000)
    await maria.goOnline()
    await eventually(() => expect(maria.lost).toHaveLength(1), 20_000)
    expect(maria.lost[0]).toMatchObject({
      collection: 'families',
      id: 'demo-family-fernandes',
      details: [
        {
          field: 'guardian 1 (Maria Fernandes) › occupation',
          mine: 'Architect (Maria)',
          kept: 'Architect (office)',
        },
      ],
    })
    await eventually(async () => expect(await maria.sync.countPending()).toBe(0), 20_000)
    expect((await onServer()).occupation).toBe('Architect (office)')
    expect(office.lost).toEqual([])
  })
})
