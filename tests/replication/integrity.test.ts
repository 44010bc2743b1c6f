// The sync engine end to end, device to database, in the situations that once lost or reverted
// a person's edits: a new record pushed after an edit, a character Postgres cannot store, an
// oversized record, a refused change reported twice, a visibility reset interrupted by a closed
// app, and a database restored from a backup.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { lessonItems, reference } from '@sync/contract/collections/index.ts'
import type { CollectionDefinition } from '@sync/contract/schema.ts'
import { MAX_DOCUMENT_BYTES } from '@sync/contract/constants.ts'
import type { SyncTransport } from '@sync/engine/transport.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { device, eventually, type Device, type DeviceOptions } from './support.ts'

const facilitatorId = demoAccounts.find((a) => a.label === 'facilitator')!.facilitatorId!

const comment = (id: string, text: string) => ({
  id,
  kind: 'comment' as const,
  lesson_id: '2026_48:rg-tanni_mo_2',
  group_id: 'rg-tanni',
  week_key: '2026_48',
  facilitator_id: facilitatorId,
  data: { text },
  created_at: '2026-11-26T09:00:00.000Z',
})

describe.each(testDatabases())('sync integrity, device to database, on $name', (target) => {
  let host: TestHost
  const open: Device[] = []
  const make = async (
    label: string,
    defs: readonly CollectionDefinition[] = [reference],
    options: DeviceOptions = {},
  ) => {
    const d = await device(host, label, defs, options)
    open.push(d)
    return d
  }
  const serverRow = async (table: string, id: string) =>
    (
      await host.db.query<Record<string, unknown>>(
        `select id, data, _deleted from public.${table} where id = $1`,
        [id],
      )
    )[0]

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

  it('keeps a lesson comment written offline after editing another one', async () => {
    const asha = await make('facilitator', [lessonItems])
    await asha.db.lesson_items.insert(comment('li-first', 'Bring seeds'))
    await asha.sync.awaitInSync()
    asha.goOffline()
    const first = await asha.db.lesson_items.findOne('li-first').exec()
    await first!.incrementalPatch({ data: { text: 'Bring seeds and pots' } })
    await asha.db.lesson_items.insert(comment('li-second', 'Water the beans'))
    await asha.goOnline()
    expect(await asha.sync.countPending()).toBe(0)
    expect(await asha.db.lesson_items.findOne('li-second').exec()).not.toBeNull()
    expect(await serverRow('lesson_items', 'li-first')).toMatchObject({
      data: { text: 'Bring seeds and pots' },
    })
    expect(await serverRow('lesson_items', 'li-second')).toMatchObject({
      data: { text: 'Water the beans' },
      _deleted: false,
    })
    expect(asha.refused).toEqual([])
    expect(asha.lost).toEqual([])
  })

  it('refuses a change with a character Postgres cannot store, and still syncs the rest', async () => {
    const admin = await make('admin')
    admin.goOffline()
    await admin.db.reference.insert({
      id: 'rc-nul',
      kind: 'classroom',
      data: { name: 'Pasted\u0000room' },
    })
    const garden = await admin.db.reference.findOne('rc-garden').exec()
    await garden!.incrementalPatch({ data: { ...garden!.data, name: 'Garden \u0000shed' } })
    await admin.db.reference.insert({ id: 'rc-fine', kind: 'classroom', data: { name: 'Fine' } })
    await admin.goOnline()
    expect(await admin.sync.countPending()).toBe(0)
    expect(await serverRow('reference', 'rc-fine')).toMatchObject({ data: { name: 'Fine' } })
    expect(await serverRow('reference', 'rc-nul')).toBeUndefined()
    // Undone on the device: the new room is gone, the garden has the name the server has.
    expect(await admin.db.reference.findOne('rc-nul').exec()).toBeNull()
    expect((await admin.db.reference.findOne('rc-garden').exec())!.data).toMatchObject({
      name: 'Garden',
    })
    expect(admin.refused.map((r) => r.id).sort()).toEqual(['rc-garden', 'rc-nul'])
    expect(admin.refused[0]!.reason).toMatch(/invisible character that cannot be stored/)
    expect(admin.lost).toEqual([])
  })

  it('refuses an oversized record with its size, once, and keeps the queue moving', async () => {
    const admin = await make('admin')
    admin.goOffline()
    // A field the schema does not know, as a newer app version might write.
    const huge = {
      id: 'rc-huge',
      kind: 'classroom' as const,
      data: { name: 'Huge', notes: 'x'.repeat(MAX_DOCUMENT_BYTES) },
    }
    await admin.db.reference.insert(huge)
    await admin.db.reference.insert({ id: 'rc-after', kind: 'classroom', data: { name: 'After' } })
    await admin.goOnline()
    expect(await admin.sync.countPending()).toBe(0)
    expect(await serverRow('reference', 'rc-after')).toMatchObject({ data: { name: 'After' } })
    expect(await serverRow('reference', 'rc-huge')).toBeUndefined()
    expect(admin.refused).toEqual([
      expect.objectContaining({
        id: 'rc-huge',
        reason: 'This record is too large to sync (257 KB; at most 256 KB).',
      }),
    ])
  })

  it('reports a change the server refused once, as refused and not as lost to someone else', async () => {
    const asha = await make('facilitator')
    asha.goOffline()
    const art = await asha.db.reference.findOne('rs-art').exec()
    await art!.incrementalPatch({ data: { ...art!.data, name: 'My art' } })
    await asha.goOnline()
    expect(asha.refused.map((r) => [r.id, r.reason])).toEqual([
      ['rs-art', 'You are not allowed to make this change to reference.'],
    ])
    expect(asha.lost).toEqual([])
    expect((await asha.db.reference.findOne('rs-art').exec())!.data).toMatchObject({ name: 'Art' })
  })

  it('keeps an edit made after a push whose answer never came back (the app closed mid-push)', async () => {
    const name = `unanswered${Date.now()}`
    let hang = false
    const first = await make('admin', [reference], {
      name,
      transport: (inner) => ({
        ...inner,
        async push(collection, rows) {
          const answer = await inner.push(collection, rows)
          // The server stored it; the answer never reaches the app.
          if (hang) await new Promise(() => {})
          return answer
        },
      }),
    })
    hang = true
    const garden = await first.db.reference.findOne('rc-garden').exec()
    await garden!.incrementalPatch({ data: { ...garden!.data, name: 'Garden (first)' } })
    await eventually(async () =>
      expect(await serverRow('reference', 'rc-garden')).toMatchObject({
        data: { name: 'Garden (first)' },
      }),
    )
    await first.shutDown()

    const again = await make('admin', [reference], { name, noWait: true })
    again.goOffline()
    const doc = await again.db.reference.findOne('rc-garden').exec()
    await doc!.incrementalPatch({ data: { ...doc!.data, name: 'Garden (second)' } })
    await again.goOnline()
    expect(await again.sync.countPending()).toBe(0)
    expect(await serverRow('reference', 'rc-garden')).toMatchObject({
      data: { name: 'Garden (second)' },
    })
    expect(again.lost).toEqual([])
  })

  describe('a visibility reset interrupted by a closed app', () => {
    const email = 'administration@demo.school'
    afterEach(async () => {
      await host.db.query("update public.members set role = 'administration' where email = $1", [
        email,
      ])
    })

    /** Fails every call after the reset answer once `allowed` calls of `kind` have passed. */
    const failingAfterReset = (kind: 'pull' | 'visible', allowed: number) => {
      let reset = false
      let passed = 0
      return (inner: SyncTransport): SyncTransport => ({
        ...inner,
        async pull(collection, checkpoint, size) {
          if (reset && kind === 'pull' && passed++ >= allowed) throw new Error('The app closed')
          const result = await inner.pull(collection, checkpoint, size)
          if (result.reset) reset = true
          return result
        },
        async visible(collection, ids) {
          if (reset && kind === 'visible' && passed++ >= allowed) throw new Error('The app closed')
          return inner.visible(collection, ids)
        },
      })
    }

    it.each([
      ['after the first page of the new pull', 'pull', 1],
      ['while checking which rows are still visible', 'visible', 0],
    ] as const)(
      'drops the rows the person may no longer see when it is closed %s',
      async (_when, kind, allowed) => {
        const name = `reset${kind}${Date.now()}`
        const fees = { selector: { kind: 'fee_tariff' as const } }
        const first = await make('administration', [reference], { name, batchSize: 5 })
        expect(await first.db.reference.find(fees).exec()).not.toHaveLength(0)
        await first.shutDown()
        await host.db.query("update public.members set role = 'guardian' where email = $1", [email])

        const interrupted = await make('administration', [reference], {
          name,
          batchSize: 5,
          noWait: true,
          transport: failingAfterReset(kind, allowed),
        })
        await eventually(() => expect(interrupted.sync.status$.value.error).toBe('The app closed'))
        await interrupted.shutDown()

        const reopened = await make('administration', [reference], { name, batchSize: 5 })
        expect(await reopened.db.reference.find(fees).exec()).toEqual([])
        expect(await reopened.db.reference.find().exec()).not.toHaveLength(0)
      },
    )
  })

  it('re-pulls everything when the database was restored from an older backup', async () => {
    const admin = await make('admin')
    const visible = await admin.db.reference.find().exec()
    await admin.shutDown()
    // A restore: the numbering goes back and a row the device had is gone; the operator marks
    // the database as a new epoch (and even without that, the numbering is noticed).
    await host.db.exec(`
      alter table public.reference disable trigger sync_soft_delete_only;
      delete from public.reference where id = 'rc-studio';
      alter table public.reference enable trigger sync_soft_delete_only;
      select setval('app.sync_seq', 1);`)
    await host.db.query(
      "insert into public.reference (id, kind, data) values ('rc-restored', 'classroom', '{\"name\": \"After the restore\"}')",
    )
    const again = await make('admin', [reference], { name: admin.db.name })
    await eventually(async () =>
      expect(await again.db.reference.findOne('rc-restored').exec()).not.toBeNull(),
    )
    expect(await again.db.reference.findOne('rc-studio').exec()).toBeNull()
    expect((await again.db.reference.find().exec()).length).toBe(visible.length)
    await host.db.query('select app.new_sync_epoch()')
    again.sync.resync()
    await again.sync.awaitInSync()
    expect((await again.db.reference.find().exec()).length).toBe(visible.length)
  })
})
