// Pins what sync/engine/rxdb-meta.ts reads from RxDB's replication bookkeeping, against a server kept in
// memory: if an RxDB update changes it, this fails instead of the pending count going quiet.
import { afterEach, describe, expect, it } from 'vitest'
import { BehaviorSubject, NEVER } from 'rxjs'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import { reference } from '../contract/collections/index.ts'
import { createAppDatabase, type AppDatabase } from './database.ts'
import { startSync, type SyncController } from './replication.ts'
import { acknowledgedStates, pulledUnchanged, pushedUpTo } from './rxdb-meta.ts'
import type { SyncTransport } from './transport.ts'

function memoryServer(): SyncTransport & { rows: Map<string, Record<string, unknown>> } {
  const rows = new Map<string, Record<string, unknown>>()
  return {
    rows,
    // Everything on the first pull, nothing after.
    pull: async (_collection, checkpoint) => ({
      documents: checkpoint ? [] : [...rows.values()],
      checkpoint: { seq: 1, scope: 1, epoch: 'e' },
    }),
    push: async (_collection, pushed) => {
      for (const r of pushed) rows.set(String(r.newDocumentState.id), r.newDocumentState)
      return { conflicts: [], refused: [] }
    },
    visible: async (_collection, ids) => ids.filter((id) => rows.has(id)),
    onPoke: () => () => {},
  }
}

const open: { db: AppDatabase; sync: SyncController }[] = []
afterEach(async () => {
  for (const o of open.splice(0)) {
    await o.sync.stop()
    await o.db.close()
  }
})

describe("RxDB's record of what the server acknowledged", () => {
  it('knows a pushed document and not one written while offline', async () => {
    const db = await createAppDatabase({
      name: `meta${Date.now()}`,
      storage: getRxStorageMemory(),
      definitions: [reference],
      multiInstance: false,
    })
    const online = new BehaviorSubject(true)
    const state = { online: true }
    const server = memoryServer()
    const sync = startSync({
      database: db,
      definitions: [reference],
      transport: server,
      identifier: 'meta-test',
      environment: { isOnline: () => state.online, online$: online, wakeups$: NEVER },
      waitForLeadership: false,
    })
    open.push({ db, sync })
    const replication = sync.states.get('reference') as RxReplicationState<unknown, unknown>

    expect(await pushedUpTo(replication)).toBeUndefined()
    await db.reference!.insert({ id: 'rc-pushed', kind: 'classroom', data: { name: 'Pushed' } })
    await sync.awaitInSync()
    expect(server.rows.has('rc-pushed')).toBe(true)
    expect(await pushedUpTo(replication)).toBeDefined()

    state.online = false
    online.next(false)
    await db.reference!.insert({ id: 'rc-local', kind: 'classroom', data: { name: 'Local' } })
    const known = await acknowledgedStates(replication, ['rc-pushed', 'rc-local', 'rc-none'])
    expect([...known.keys()]).toEqual(['rc-pushed'])
    expect(known.get('rc-pushed')).toMatchObject({ id: 'rc-pushed', data: { name: 'Pushed' } })
    expect(await sync.countPending()).toBe(1)
  })

  it('tells a document as it was pulled from one edited on the device', async () => {
    const db = await createAppDatabase({
      name: `pulled${Date.now()}`,
      storage: getRxStorageMemory(),
      definitions: [reference],
      multiInstance: false,
    })
    const server = memoryServer()
    // Every row on every pull: the device keeps what it has already.
    server.pull = async () => ({
      documents: [...server.rows.values()],
      checkpoint: { seq: 1, scope: 1, epoch: 'e' },
    })
    const sync = startSync({
      database: db,
      definitions: [reference],
      transport: server,
      identifier: 'pulled-test',
      environment: { isOnline: () => true, online$: new BehaviorSubject(true), wakeups$: NEVER },
      waitForLeadership: false,
    })
    open.push({ db, sync })
    await db.reference!.bulkInsert(
      ['rc-a', 'rc-b'].map((id) => ({ id, kind: 'classroom', data: { name: id } })),
    )
    await sync.awaitInSync()
    const replication = sync.states.get('reference') as RxReplicationState<unknown, unknown>
    expect([...(await pulledUnchanged(replication, ['rc-a', 'rc-b'])).keys()]).toEqual([])
    // Someone else renames both on the server; the device pulls the new names.
    for (const id of ['rc-a', 'rc-b'])
      server.rows.set(id, {
        id,
        kind: 'classroom',
        data: { name: `${id} renamed` },
        _deleted: false,
      })
    sync.resync()
    await expect
      .poll(async () => (await db.reference!.findOne('rc-b').exec())?.get('data').name)
      .toBe('rc-b renamed')
    expect([...(await pulledUnchanged(replication, ['rc-a', 'rc-b'])).keys()]).toEqual([
      'rc-a',
      'rc-b',
    ])
    const b = await db.reference!.findOne('rc-b').exec()
    await b!.incrementalPatch({ data: { name: 'edited here' } })
    expect([...(await pulledUnchanged(replication, ['rc-a', 'rc-b'])).keys()]).toEqual(['rc-a'])
  })
})
