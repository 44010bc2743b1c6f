import { BehaviorSubject, NEVER } from 'rxjs'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { collections } from '@sync/contract/collections/index'
import { createAppDatabase, type AppDatabase } from '@sync/engine/database'
import { collectionsFor } from '@sync/contract/schema'
import { startSync } from '@sync/engine/replication'
import type { SyncTransport } from '@sync/engine/transport'
import type { OpenDatabase } from '@/db/app-database'
import { SyncNotices } from '@/db/sync-notices'
import type { SignedInMember } from '@/lib/auth/types'

let counter = 0
// Kept from the moment they start opening: a test that ends while its database is still
// opening must not leave it open for the next test.
const opened: Promise<OpenDatabase | null>[] = []

/** RxDB keeps at most 13 collections open at once: close each test's databases after it. */
export async function closeTestDatabases(): Promise<void> {
  for (const opening of opened.splice(0)) {
    const open = await opening
    if (!open) continue
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

/**
 * An in-memory database with the collections the member's role opens, as the app's is, its sync
 * engine offline. A test that reopens the app keeps two open at once, within RxDB's limit.
 */
export function openTestDatabase(
  member: SignedInMember,
  seed?: (db: AppDatabase) => Promise<void>,
): Promise<OpenDatabase> {
  const opening = openOffline(member, seed)
  opened.push(opening.catch(() => null))
  return opening
}

async function openOffline(
  member: SignedInMember,
  seed?: (db: AppDatabase) => Promise<void>,
): Promise<OpenDatabase> {
  const definitions = collectionsFor(collections, member.role)
  const db = await createAppDatabase({
    name: `test${++counter}`,
    storage: getRxStorageMemory(),
    definitions,
    multiInstance: false,
  })
  if (seed) {
    try {
      await seed(db)
    } catch (error) {
      await db.close()
      throw error
    }
  }
  const sync = startSync({
    database: db,
    definitions,
    transport: offline,
    identifier: `test|${member.userId}`,
    environment: { isOnline: () => false, online$: new BehaviorSubject(false), wakeups$: NEVER },
    waitForLeadership: false,
  })
  return { db, sync, notices: new SyncNotices(member.userId), userId: member.userId }
}
