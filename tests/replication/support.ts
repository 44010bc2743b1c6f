// A device for replication tests: a signed-in supabase-js client, an RxDB database on
// fake-indexeddb with the Dexie storage (as in the browser), and the sync engine with a network
// switch the test controls.
import 'fake-indexeddb/auto'
import { BehaviorSubject, Subject } from 'rxjs'
import type { AppDatabase } from '@sync/engine/database.ts'
import type { RxConflictHandler, RxConflictHandlerInput } from 'rxdb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { createAppDatabase } from '@sync/engine/database.ts'
import {
  startSync,
  type LostChange,
  type RefusedChange,
  type SyncController,
} from '@sync/engine/replication.ts'
import { SyncError, supabaseTransport, type SyncTransport } from '@sync/engine/transport.ts'
import type { CollectionDefinition } from '@sync/contract/schema.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import type { TestHost } from '../helpers/host.ts'

let counter = 0

export interface Device {
  db: AppDatabase
  sync: SyncController
  refused: RefusedChange[]
  lost: LostChange[]
  online: boolean
  goOffline(): void
  goOnline(): Promise<void>
  close(): Promise<void>
  /** Stops syncing and closes the database but keeps its data, as when the app is closed. */
  shutDown(): Promise<void>
}

export interface DeviceOptions {
  /** Handlers by collection, made for the device's database (as src/db/conflict-handlers.ts). */
  conflictHandlers?: (
    database: () => AppDatabase | undefined,
  ) => Record<string, RxConflictHandler<unknown>>
  describeLoss?: Record<string, (input: RxConflictHandlerInput<unknown>) => unknown[] | null>
  /** Open the database a shut-down device left behind. */
  name?: string
  batchSize?: number
  /** Wraps the transport, to fail or watch calls. */
  transport?: (inner: SyncTransport) => SyncTransport
  /** Do not wait for the first sync. */
  noWait?: boolean
  /** How soon a failed call is tried again (shorter than the app's, to keep tests quick). */
  retry?: { baseMs: number; maxMs: number }
}

export async function device(
  host: Pick<TestHost, 'client' | 'url'>,
  label: string,
  definitions: readonly CollectionDefinition[],
  options: DeviceOptions = {},
): Promise<Device> {
  const account = demoAccounts.find((a) => a.label === label)!
  const supabase = host.client()
  const { error } = await supabase.auth.signInWithPassword({
    email: account.email,
    password: account.password,
  })
  if (error) throw error
  const opened: { db?: AppDatabase } = {}
  const db = await createAppDatabase({
    name: options.name ?? `device${++counter}x${Date.now()}`,
    storage: getRxStorageDexie(),
    definitions,
    multiInstance: false,
    conflictHandlers: options.conflictHandlers?.(() => opened.db),
  })
  opened.db = db
  const wakeups$ = new Subject<void>()
  const online$ = new BehaviorSubject(true)
  const state = { online: true }
  const sync = startSync({
    database: db,
    definitions,
    transport: (options.transport ?? ((t) => t))(supabaseTransport(supabase)),
    identifier: `${host.url}:${account.id}`,
    environment: { isOnline: () => state.online, online$, wakeups$ },
    waitForLeadership: false,
    describeLoss: options.describeLoss,
    batchSize: options.batchSize,
    retry: options.retry,
  })
  const refused: RefusedChange[] = []
  const lost: LostChange[] = []
  sync.refused$.subscribe((r) => refused.push(...r))
  sync.conflicts$.subscribe((c) => lost.push(c))
  if (!options.noWait) await sync.awaitInSync()
  return {
    db,
    sync,
    refused,
    lost,
    get online() {
      return state.online
    },
    goOffline() {
      state.online = false
      online$.next(false)
    },
    async goOnline() {
      state.online = true
      online$.next(true)
      await sync.awaitInSync()
    },
    async close() {
      await sync.stop()
      await db.remove()
      await supabase.auth.signOut()
    },
    async shutDown() {
      await sync.stop()
      await db.close()
      await supabase.auth.signOut()
    },
  }
}

/** Waits until `check` passes (for changes that arrive through a poke). */
export async function eventually(
  check: () => Promise<void> | void,
  timeoutMs = 10_000,
): Promise<void> {
  const started = Date.now()
  for (;;) {
    try {
      await check()
      return
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error
      await new Promise((r) => setTimeout(r, 100))
    }
  }
}

/**
 * A transport whose first push of `collection` reaches the server but whose answer is lost (the
 * server committed, the device never heard), so the device pushes the same rows again.
 */
export function losingFirstAnswer(collection: string) {
  return (inner: SyncTransport): SyncTransport => {
    let lost = false
    return {
      ...inner,
      pull: (...args) => inner.pull(...args),
      visible: (...args) => inner.visible(...args),
      onPoke: (...args) => inner.onPoke(...args),
      async push(name, rows) {
        const answer = await inner.push(name, rows)
        if (name === collection && !lost) {
          lost = true
          throw new SyncError('The connection dropped before the answer came', undefined, true)
        }
        return answer
      },
    }
  }
}
