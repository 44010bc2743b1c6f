import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { reference } from '@sync/contract/collections/index.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, eventually, type Device } from './support.ts'

const defs = [reference] as const

async function name(d: Device, id: string) {
  const doc = await d.db.reference.findOne(id).exec()
  return (doc?.get('data') as { name?: string } | undefined)?.name
}

async function rename(d: Device, id: string, value: string) {
  const doc = await d.db.reference.findOne(id).exec()
  await doc!.incrementalPatch({ data: { ...(doc!.get('data') as object), name: value } })
}

describe.each(testDatabases())('replication of reference data on $name', (target) => {
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

  it('pulls everything the person may see on first sync', async () => {
    const staff = await make('administration')
    const parent = await make('guardian')
    const staffDocs = await staff.db.reference.find().exec()
    const parentDocs = await parent.db.reference.find().exec()
    expect(staffDocs.length).toBeGreaterThan(30)
    expect(staffDocs.some((d) => d.get('kind') === 'fee_tariff')).toBe(true)
    expect(parentDocs.some((d) => d.get('kind') === 'fee_tariff')).toBe(false)
  })

  it.each([
    ['first A then B', ['A', 'B']],
    ['first B then A', ['B', 'A']],
  ])('two devices editing offline converge when they reconnect %s', async (label, order) => {
    const tag = label.replace(/\W/g, '')
    const a = await make('admin')
    const b = await make('administration')
    const devices: Record<string, Device> = { A: a, B: b }
    a.goOffline()
    b.goOffline()
    await rename(a, 'rs-maths', `Maths (A ${tag})`)
    await rename(b, 'rs-maths', `Maths (B ${tag})`)
    await rename(a, 'rc-banyan', `Banyan Hall ${tag}`)
    await rename(b, 'rc-mango', `Mango Hall ${tag}`)
    expect(await a.sync.countPending()).toBe(2)
    expect(await b.sync.countPending()).toBe(2)

    const [first, second] = order.map((k) => devices[k]!)
    await first!.goOnline()
    await second!.goOnline()
    await first!.goOnline()

    for (const d of [a, b]) {
      expect(await name(d, 'rc-banyan')).toBe(`Banyan Hall ${tag}`)
      expect(await name(d, 'rc-mango')).toBe(`Mango Hall ${tag}`)
      expect(await d.sync.countPending()).toBe(0)
    }
    // The same row: the first to reach the server wins; the other device is told what it lost.
    const winner = first === a ? `Maths (A ${tag})` : `Maths (B ${tag})`
    const loserValue = first === a ? `Maths (B ${tag})` : `Maths (A ${tag})`
    expect(await name(a, 'rs-maths')).toBe(winner)
    expect(await name(b, 'rs-maths')).toBe(winner)
    expect(second!.lost).toEqual([
      expect.objectContaining({
        collection: 'reference',
        id: 'rs-maths',
        mine: expect.objectContaining({ data: expect.objectContaining({ name: loserValue }) }),
      }),
    ])
    expect(first!.lost).toEqual([])
  })

  it('undoes a refused change, tells why, and keeps syncing the rest', async () => {
    const fac = await make('facilitator')
    fac.goOffline()
    await rename(fac, 'rc-cashew', 'My room')
    await fac.db.reference.insert({ id: 'rc-fac-new', kind: 'classroom', data: { name: 'Shed' } })
    await fac.goOnline()
    expect(await name(fac, 'rc-cashew')).toBe('Cashew Room')
    expect(await fac.db.reference.findOne('rc-fac-new').exec()).toBeNull()
    expect(fac.refused.map((r) => [r.id, r.reason])).toEqual(
      expect.arrayContaining([
        ['rc-cashew', 'You are not allowed to make this change to reference.'],
        ['rc-fac-new', 'You are not allowed to make this change to reference.'],
      ]),
    )
    expect(await fac.sync.countPending()).toBe(0)
  })

  it('a record created and deleted offline never appears on the server and does not loop', async () => {
    const a = await make('admin')
    a.goOffline()
    const doc = await a.db.reference.insert({
      id: 'rc-temp',
      kind: 'classroom',
      data: { name: 'Temp' },
    })
    await doc.remove()
    await a.goOnline()
    expect(await a.sync.countPending()).toBe(0)
    // At most a deleted row remains (the creation may have been on its way when it was removed).
    const rows = await host.db.query(
      "select 1 from public.reference where id = 'rc-temp' and not _deleted",
    )
    expect(rows).toEqual([])
  })

  it('a change reaches another open device through the poke, without a manual pull', async () => {
    const a = await make('admin')
    const b = await make('administration')
    await rename(a, 'rc-garden', 'Big Garden')
    await a.sync.awaitInSync()
    await eventually(async () => expect(await name(b, 'rc-garden')).toBe('Big Garden'))
  })

  it('drops rows that are no longer visible after a role change', async () => {
    const staffAccount = await make('admission')
    expect(
      await staffAccount.db.reference.find({ selector: { kind: 'fee_tariff' } }).exec(),
    ).not.toHaveLength(0)
    await host.db.query(
      "update public.members set role = 'guardian' where email = 'admission@demo.school'",
    )
    try {
      staffAccount.sync.resync()
      await eventually(async () => {
        expect(
          await staffAccount.db.reference.find({ selector: { kind: 'fee_tariff' } }).exec(),
        ).toHaveLength(0)
      })
      expect(await staffAccount.db.reference.find().exec()).not.toHaveLength(0)
    } finally {
      await host.db.query(
        "update public.members set role = 'admission' where email = 'admission@demo.school'",
      )
    }
  })
})
