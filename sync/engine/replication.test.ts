import { afterEach, describe, expect, it } from 'vitest'
import { BehaviorSubject, firstValueFrom, NEVER } from 'rxjs'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { reference } from '../contract/collections/index.ts'
import { createAppDatabase, type AppDatabase } from './database.ts'
import { startSync, type SyncController, type UnreadableRow } from './replication.ts'
import type { SyncTransport } from './transport.ts'

// A device with no network: nothing it writes can reach the server.
const offline: SyncTransport = {
  pull: () => Promise.reject(new Error('offline')),
  push: () => Promise.reject(new Error('offline')),
  visible: () => Promise.reject(new Error('offline')),
  onPoke: () => () => {},
}

let counter = 0
const open: { db: AppDatabase; sync: SyncController }[] = []

afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.sync.stop()
    await o.db.close()
  }
})

async function offlineDevice(seed: (db: AppDatabase) => Promise<unknown>) {
  const db = await createAppDatabase({
    name: `pending${++counter}`,
    storage: getRxStorageMemory(),
    definitions: [reference],
    multiInstance: false,
  })
  await seed(db)
  const sync = startSync({
    database: db,
    definitions: [reference],
    transport: offline,
    identifier: `test|${counter}`,
    environment: { isOnline: () => false, online$: new BehaviorSubject(false), wakeups$: NEVER },
    waitForLeadership: false,
  })
  open.push({ db, sync })
  return { db, sync }
}

/** A device online, with no timer or focus to pull on: it pulls on start and on pokes only. */
async function onlineDevice(transport: SyncTransport) {
  const db = await createAppDatabase({
    name: `online${++counter}`,
    storage: getRxStorageMemory(),
    definitions: [reference],
    multiInstance: false,
  })
  const sync = startSync({
    database: db,
    definitions: [reference],
    transport,
    identifier: `test|${counter}`,
    environment: { isOnline: () => true, online$: new BehaviorSubject(true), wakeups$: NEVER },
    waitForLeadership: false,
  })
  open.push({ db, sync })
  return { db, sync }
}

describe('changes not synced on a device that opened offline', () => {
  it('counts what was written before the replication started, asked at once', async () => {
    const { sync } = await offlineDevice((db) =>
      db.reference!.bulkInsert(
        ['a', 'b', 'c'].map((n) => ({ id: `rc-${n}`, kind: 'classroom', data: { name: n } })),
      ),
    )
    // Asked before the replication has finished starting: the count waits for it.
    expect(await sync.countPending()).toBe(3)
  })

  it('does not count a record created and deleted before it ever synced', async () => {
    const { db, sync } = await offlineDevice(async (d) => {
      await d.reference!.insert({ id: 'rc-kept', kind: 'classroom', data: { name: 'kept' } })
      const gone = await d.reference!.insert({
        id: 'rc-gone',
        kind: 'classroom',
        data: { name: 'gone' },
      })
      await gone.remove()
    })
    expect(await sync.countPending()).toBe(1)
    await db.reference!.insert({ id: 'rc-new', kind: 'classroom', data: { name: 'new' } })
    expect(await sync.countPending()).toBe(2)
  })
})

describe('rows that enter the device by pull', () => {
  // The server answers one page: a classroom that fits the schema, one without a name, a subject
  // whose colour is not one of the subject colours, and a kind this version does not know.
  const rows = [
    { id: 'rc-good', kind: 'classroom', data: { name: '  Garden  ' }, _deleted: false },
    { id: 'rc-blank', kind: 'classroom', data: { name: '' }, _deleted: false },
    {
      id: 'rs-odd',
      kind: 'subject',
      data: { name: 'Art', color: 'plaid', mixedGroup: false },
      _deleted: false,
    },
    { id: 'rx-new', kind: 'bus_route', data: { name: 'North' }, _deleted: false },
  ]
  const onePage: SyncTransport = {
    pull: async (_c, checkpoint) =>
      checkpoint
        ? { documents: [], checkpoint }
        : { documents: rows, checkpoint: { seq: 4, scope: 0 } },
    push: async () => ({ conflicts: [], refused: [] }),
    visible: async (_c, ids) => ids,
    onPoke: () => () => {},
  }

  it('stores the rows that fit the schema as the server sent them, and hides and reports the others', async () => {
    const { db, sync } = await onlineDevice(onePage)
    const reported = firstValueFrom(sync.unreadable$)
    await sync.states.get('reference')!.awaitInitialReplication()
    const stored = await db.reference.find().exec()
    expect(stored.map((d) => d.toJSON())).toEqual([
      expect.objectContaining({ id: 'rc-good', kind: 'classroom', data: { name: '  Garden  ' } }),
    ])
    const unreadable: UnreadableRow[] = await reported
    expect(unreadable.map((u) => u.id)).toEqual(['rc-blank', 'rs-odd', 'rx-new'])
    expect(unreadable[0]!.issues.join()).toContain('data.name')
    expect(unreadable[1]!.issues.join()).toContain('data.color')
    expect(unreadable[2]!.issues).toEqual(['kind: unknown kind bus_route'])
    expect(await sync.countPending()).toBe(0)
  })
})

describe('the poke channel joining', () => {
  it('pulls what changed on the server between the first pull and the channel joining', async () => {
    // The server: one classroom at first, a second added once the device has pulled.
    const server = [{ id: 'rc-first', kind: 'classroom', data: { name: 'First' }, _deleted: false }]
    let joined: ((collection: string | null) => void) | undefined
    const transport: SyncTransport = {
      pull: async (_c, checkpoint) => {
        const seq = checkpoint?.seq ?? 0
        return { documents: server.slice(seq), checkpoint: { seq: server.length, scope: 0 } }
      },
      push: async () => ({ conflicts: [], refused: [] }),
      visible: async (_c, ids) => ids,
      onPoke: (onPoke) => {
        joined = onPoke
        return () => {}
      },
    }
    const { db, sync } = await onlineDevice(transport)
    await sync.states.get('reference')!.awaitInitialReplication()
    expect((await db.reference.find().exec()).map((d) => d.id)).toEqual(['rc-first'])
    // Written while the channel was not yet joined: no poke for it ever comes.
    server.push({ id: 'rc-second', kind: 'classroom', data: { name: 'Second' }, _deleted: false })
    // The channel joins (or joins again after a lost connection): any collection may have changed.
    joined!(null)
    await expect
      .poll(async () => (await db.reference.find().exec()).map((d) => d.id).sort())
      .toEqual(['rc-first', 'rc-second'])
  })
})
