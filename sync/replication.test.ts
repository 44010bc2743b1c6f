import { afterEach, describe, expect, it } from 'vitest'
import { BehaviorSubject, NEVER } from 'rxjs'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { reference } from './collections/index.ts'
import { createAppDatabase, type AppDatabase } from './database.ts'
import { startSync, type SyncController } from './replication.ts'
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
