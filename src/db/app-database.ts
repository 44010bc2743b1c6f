import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'
import { collections } from '@sync/contract/collections/index'
import { collectionsFor, type AppRole, type CollectionDefinition } from '@sync/contract/schema'
import { createAppDatabase, type AppDatabase } from '@sync/engine/database'
import { startSync, type SyncController } from '@sync/engine/replication'
import { supabaseTransport, type SyncTransport } from '@sync/engine/transport'
import type { SignedInMember } from '@/lib/auth/types'
import { getSupabase } from '@/lib/supabase-lazy'
import { checkStanding } from '@/lib/auth/standing'
import { browserSyncEnvironment } from './environment'
import { rememberDatabase, setOpenDatabaseCloser } from './local-data'
import { conflictHandlersFor, describeLoss } from './conflict-handlers'
import { SyncNotices } from './sync-notices'

export interface OpenDatabase {
  db: AppDatabase
  sync: SyncController
  notices: SyncNotices
  userId: string
}

/**
 * The server side of sync, reached once supabase-js has loaded. The local database does not wait
 * for it: the screens read what is on the device while the client loads behind them. The poke
 * channel (the realtime client, about 20 KiB more on 2g) opens once a first pull has answered,
 * so it does not hold up the files and the data the first screen is waiting for.
 */
function transportWhenLoaded(): SyncTransport {
  const ready = () => getSupabase().then(supabaseTransport)
  let answered = () => {}
  const firstPull = new Promise<void>((resolve) => (answered = resolve))
  return {
    async pull(collection, checkpoint, batchSize) {
      const result = await (await ready()).pull(collection, checkpoint, batchSize)
      answered()
      return result
    },
    push: async (collection, rows) => (await ready()).push(collection, rows),
    visible: async (collection, ids) => (await ready()).visible(collection, ids),
    onPoke(onPoke) {
      let stop: (() => void) | undefined
      let stopped = false
      void firstPull.then(ready).then((t) => {
        if (!stopped) stop = t.onPoke(onPoke)
      })
      return () => {
        stopped = true
        stop?.()
      }
    },
  }
}

let current: { userId: string; open: Promise<OpenDatabase> } | null = null

/** Parent facilitators replicate what facilitators do, on top of what parents do. */
function definitionsFor(member: SignedInMember): CollectionDefinition[] {
  const roles: AppRole[] = member.role ? [member.role] : []
  if (member.isParentFacilitator) roles.push('facilitator')
  const seen = new Set<string>()
  return roles
    .flatMap((r) => collectionsFor(collections, r))
    .filter((d) => !seen.has(d.name) && !!seen.add(d.name))
}

export function databaseName(userId: string): string {
  return `centre_${userId.toLowerCase().replace(/[^a-z0-9]/g, '')}`
}

async function open(member: SignedInMember): Promise<OpenDatabase> {
  const definitions = definitionsFor(member)
  const name = databaseName(member.userId)
  rememberDatabase(name)
  // A week's merge reads the group's template from this same database (sync/rules/timetable/conflict).
  const opened: { db?: AppDatabase } = {}
  const db = await createAppDatabase({
    name,
    storage: getRxStorageDexie(),
    definitions,
    multiInstance: true,
    conflictHandlers: conflictHandlersFor(() => opened.db),
  })
  opened.db = db
  const notices = new SyncNotices(member.userId)
  const lastSyncedKey = `app.sync.lastSyncedAt.${member.userId}`
  const sync = startSync({
    database: db,
    definitions,
    transport: transportWhenLoaded(),
    identifier: `${import.meta.env.VITE_SUPABASE_URL || location.origin}|${member.userId}`,
    environment: browserSyncEnvironment(),
    describeLoss,
    initialLastSyncedAt: Number(localStorage.getItem(lastSyncedKey)) || null,
  })
  sync.refused$.subscribe((r) => {
    notices.addRefused(r)
    // A change refused for rights may mean the person was blocked or their role changed: refresh
    // the token, and the session watcher signs a blocked person out.
    if (r.some((x) => x.reason.startsWith('You are not allowed')))
      void checkStanding().catch(() => undefined)
  })
  sync.conflicts$.subscribe((c) => notices.addLost(c))
  // A row this version cannot read is hidden on the device; the server keeps it as it is.
  sync.unreadable$.subscribe((rows) => console.warn('Records this app version cannot read', rows))
  sync.status$.subscribe((s) => {
    if (s.lastSyncedAt) localStorage.setItem(lastSyncedKey, String(s.lastSyncedAt))
  })
  const result: OpenDatabase = { db, sync, notices, userId: member.userId }
  setOpenDatabaseCloser(async () => {
    await sync.stop()
    await db.close()
    current = null
  })
  return result
}

/** The signed-in person's local database, opened once per account and page. */
export function openDatabaseFor(member: SignedInMember): Promise<OpenDatabase> {
  if (current && current.userId === member.userId) return current.open
  const previous = current
  const next = (async () => {
    if (previous) {
      const old = await previous.open.catch(() => null)
      if (old) {
        await old.sync.stop()
        await old.db.close()
      }
    }
    return open(member)
  })()
  current = { userId: member.userId, open: next }
  return next
}
