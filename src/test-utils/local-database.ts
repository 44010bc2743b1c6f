import { BehaviorSubject, NEVER } from 'rxjs'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { collections } from '@sync/collections/index'
import { createAppDatabase, type AppDatabase } from '@sync/database'
import { startSync } from '@sync/replication'
import type { SyncTransport } from '@sync/transport'
import type { OpenDatabase } from '@/db/app-database'
import { SyncNotices } from '@/db/sync-notices'
import type { SignedInMember } from '@/lib/auth/types'

let counter = 0
const opened: OpenDatabase[] = []

/** RxDB keeps at most 13 collections open at once: close each test's databases after it. */
export async function closeTestDatabases(): Promise<void> {
  for (const open of opened.splice(0)) {
    await open.sync.stop()
    await open.db.close()
  }
}

// A transport for a device that never reaches the server: component tests work offline.
const offline: SyncTransport = {
  pull: () => Promise.reject(new Error('offline')),
  push: () => Promise.reject(new Error('offline')),
  visible: () => Promise.reject(new Error('offline')),
  onPoke: () => () => {},
}

/** An in-memory database with every collection, its sync engine offline. */
export async function openTestDatabase(
  member: SignedInMember,
  seed?: (db: AppDatabase) => Promise<void>,
): Promise<OpenDatabase> {
  const db = await createAppDatabase({
    name: `test${++counter}`,
    storage: getRxStorageMemory(),
    definitions: collections,
    multiInstance: false,
  })
  if (seed) await seed(db)
  const sync = startSync({
    database: db,
    definitions: collections,
    transport: offline,
    identifier: `test|${member.userId}`,
    environment: { isOnline: () => false, online$: new BehaviorSubject(false), wakeups$: NEVER },
    waitForLeadership: false,
  })
  const open = { db, sync, notices: new SyncNotices(member.userId), userId: member.userId }
  opened.push(open)
  return open
}
