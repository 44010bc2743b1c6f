// Replication of every open collection with Postgres through sync_pull/sync_push: RxDB runs the
// checkpoint loop, batching and conflict handling; this module adds what our server protocol
// needs — visibility resets, refused rows, pokes, retries with backoff, and the count of
// changes not yet synced.
import { BehaviorSubject, merge, Subject, type Observable } from 'rxjs'
import { filter, map } from 'rxjs/operators'
import {
  getChangedDocumentsSince,
  type RxCollection,
  type RxConflictHandler,
  type RxConflictHandlerInput,
  type RxDatabase,
} from 'rxdb'
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import type { CollectionDefinition } from './schema.ts'
import { SyncError, type Checkpoint, type Refusal, type SyncTransport } from './transport.ts'

export interface RefusedChange {
  collection: string
  id: string | null
  reason: string
  at: number
}

/** A local change that lost a conflict: the server's newer state was kept instead. */
export interface LostChange {
  collection: string
  id: string
  /** What this device had written. */
  mine: Record<string, unknown>
  /** What the server had, which the conflict handler chose over `mine` (or merged into `kept`). */
  theirs: Record<string, unknown>
  /** The state kept on this device after resolving. */
  kept: Record<string, unknown>
  /** What exactly was lost, where the collection can tell (e.g. which lessons of a week). */
  details?: unknown[]
  at: number
}

export interface SyncStatus {
  /** Local changes not yet acknowledged by the server. */
  pending: number
  /** When a full pull and push last succeeded (ms since epoch). */
  lastSyncedAt: number | null
  /** A replication cycle is running. */
  active: boolean
  /** The last error, cleared by the next success. */
  error: string | null
}

/** What the replication needs from its surroundings (the browser, or a test). */
export interface SyncEnvironment {
  isOnline(): boolean
  /** Connectivity changes: replication pauses offline and resumes (and re-syncs) online. */
  online$: Observable<boolean>
  /** Events that should trigger a pull: focus, reconnect, a visible-page interval. */
  wakeups$: Observable<unknown>
}

export interface SyncOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  database: RxDatabase<any>
  definitions: readonly CollectionDefinition[]
  transport: SyncTransport
  /** Distinguishes replications per server and account. */
  identifier: string
  environment: SyncEnvironment
  conflictHandlers?: Record<string, RxConflictHandler<unknown>>
  /**
   * For collections whose conflicts are merged: what the person lost in a resolved conflict
   * ([] when nothing was lost: no notice), or null to report the whole record.
   */
  describeLoss?: Record<string, (input: RxConflictHandlerInput<unknown>) => unknown[] | null>
  batchSize?: number
  waitForLeadership?: boolean
  initialLastSyncedAt?: number | null
}

export interface SyncController {
  status$: BehaviorSubject<SyncStatus>
  refused$: Subject<RefusedChange[]>
  conflicts$: Subject<LostChange>
  states: Map<string, RxReplicationState<unknown, Checkpoint>>
  resync(): void
  awaitInSync(): Promise<void>
  countPending(): Promise<number>
  stop(): Promise<void>
}

const BASE_RETRY_MS = 5_000
const MAX_RETRY_MS = 2 * 60_000
const RXDB_FIELDS = ['_meta', '_rev', '_attachments']

function wireDoc(doc: Record<string, unknown>): Record<string, unknown> {
  const out = { ...doc }
  for (const f of RXDB_FIELDS) delete out[f]
  return out
}

/** Ids the server has acknowledged for this replication (they have an assumed master state). */
async function acknowledged(state: RxReplicationState<unknown, Checkpoint>, ids: string[]) {
  const meta = state.metaInstance
  if (!meta || ids.length === 0) return new Map<string, Record<string, unknown>>()
  const found = await meta.findDocumentsById(
    ids.map((id) => `${id}|0`),
    false,
  )
  const out = new Map<string, Record<string, unknown>>()
  for (const m of found as unknown as { itemId: string; docData?: Record<string, unknown> }[]) {
    if (m.docData) out.set(m.itemId, m.docData)
  }
  return out
}

/** Local documents whose state differs from what the server last acknowledged. */
async function pendingIn(
  collection: RxCollection,
  state: RxReplicationState<unknown, Checkpoint>,
): Promise<number> {
  // The replication keeps what the server acknowledged in its meta instance, which exists once
  // the replication has started (it starts paused when the device is offline).
  if (!state.metaInstance) await state.startPromise
  if (!state.metaInstance) return 0
  // Only documents written after the upstream checkpoint can be waiting: the replication moves
  // that checkpoint only once what came before it reached the server. So the count reads the
  // recent changes, not the whole collection.
  const [checkpointDoc] = (await state.metaInstance.findDocumentsById(
    ['up|1'],
    false,
  )) as unknown as {
    checkpointData?: unknown
  }[]
  const { documents } = await getChangedDocumentsSince(
    collection.storageInstance,
    100_000,
    checkpointDoc?.checkpointData as never,
  )
  const masters = await acknowledged(
    state,
    documents.map((d) => String((d as Record<string, unknown>).id)),
  )
  let pending = 0
  for (const doc of documents) {
    const local = wireDoc(doc as Record<string, unknown>)
    const master = masters.get(String(local.id))
    if (!master) {
      // Never acknowledged: pending unless it was created and deleted here before syncing.
      if (!local._deleted) pending++
      continue
    }
    if (
      !collection.conflictHandler.isEqual(wireDoc(master) as never, local as never, 'pending-count')
    )
      pending++
  }
  return pending
}

export function startSync(options: SyncOptions): SyncController {
  const { database, definitions, transport, environment } = options
  const batchSize = options.batchSize ?? 200
  const status$ = new BehaviorSubject<SyncStatus>({
    pending: 0,
    lastSyncedAt: options.initialLastSyncedAt ?? null,
    active: false,
    error: null,
  })
  const refused$ = new Subject<RefusedChange[]>()
  const conflicts$ = new Subject<LostChange>()
  const states = new Map<string, RxReplicationState<unknown, Checkpoint>>()
  const pokes$ = new Subject<string>()
  const stopPokes = transport.onPoke((c) => pokes$.next(c))
  const patch = (p: Partial<SyncStatus>) => status$.next({ ...status$.value, ...p })
  // "Last synced" is when every collection finished its first pull and then went idle without
  // an error: a moment at which this device had everything the server had, and vice versa.
  const initialDone = new Set<string>()
  const expected = definitions.filter((d) => database.collections[d.name]).length
  let failedSinceIdle = false
  const onActivity = () => {
    const anyActive = [...states.values()].some((s) => s.subjects.active.value)
    if (anyActive) return patch({ active: true })
    if (initialDone.size === expected && !failedSinceIdle && environment.isOnline()) {
      patch({ active: false, lastSyncedAt: Date.now(), error: null })
    } else patch({ active: false })
    failedSinceIdle = false
  }

  for (const def of definitions) {
    const collection = database.collections[def.name] as RxCollection | undefined
    if (!collection) continue
    let reset: { seen: Set<string> } | null = null
    // Refused rows come back through RxDB's conflict path too; they are reported as refusals.
    const justRefused = new Set<string>()

    const ensureOnline = () => {
      if (!environment.isOnline()) throw new SyncError('Offline', 'offline', true)
    }

    const state: RxReplicationState<unknown, Checkpoint> = replicateRxCollection<
      unknown,
      Checkpoint
    >({
      collection,
      replicationIdentifier: `${options.identifier}:${def.name}:v${def.version}`,
      live: true,
      retryTime: BASE_RETRY_MS,
      waitForLeadership: options.waitForLeadership ?? true,
      autoStart: true,
      pull: {
        batchSize,
        handler: async (checkpoint, size) => {
          ensureOnline()
          let result = await transport.pull(def.name, checkpoint ?? null, size)
          if (result.reset) {
            reset = { seen: new Set() }
            result = await transport.pull(def.name, result.checkpoint, size)
          }
          let documents = result.documents
          if (reset) {
            for (const d of documents) reset.seen.add(String(d.id))
            if (documents.length < size) {
              documents = [...documents, ...(await droppedByReset(collection, state, reset.seen))]
              reset = null
            }
          }
          return { documents: documents as never[], checkpoint: result.checkpoint }
        },
        stream$: merge(pokes$.pipe(filter((c) => c === def.name)), environment.wakeups$).pipe(
          map(() => 'RESYNC' as const),
        ),
      },
      push: {
        batchSize: 100,
        handler: async (rows) => {
          ensureOnline()
          const result = await transport.push(
            def.name,
            rows.map((r) => ({
              newDocumentState: wireDoc(r.newDocumentState as Record<string, unknown>),
              assumedMasterState: r.assumedMasterState
                ? wireDoc(r.assumedMasterState as Record<string, unknown>)
                : null,
            })),
          )
          if (result.refused.length > 0)
            refused$.next(result.refused.map((r) => toRefused(def.name, r)))
          const back = [
            ...result.conflicts,
            ...result.refused
              .map((r) => r.document)
              .filter((d): d is Record<string, unknown> => !!d),
          ]
          return back as never[]
        },
      },
    })

    state.conflict$.subscribe(({ input, output }) => {
      const mine = wireDoc(input.newDocumentState as Record<string, unknown>)
      const id = String(mine.id)
      if (justRefused.delete(id)) return
      const kept = wireDoc(output as Record<string, unknown>)
      if (collection.conflictHandler.isEqual(mine as never, kept as never, 'lost-change')) return
      const details = options.describeLoss?.[def.name]?.(input)
      if (details && details.length === 0) return
      conflicts$.next({
        ...(details ? { details } : {}),
        collection: def.name,
        id,
        mine,
        theirs: wireDoc(input.realMasterState as Record<string, unknown>),
        kept,
        at: Date.now(),
      })
    })
    state.error$.subscribe((error) => {
      const offline =
        !environment.isOnline() ||
        (error as { parameters?: { errors?: { code?: string }[] } }).parameters?.errors?.some(
          (e) => e?.code === 'offline',
        )
      if (offline) return
      // Server or network trouble: wait longer each time, up to two minutes.
      state.retryTime = Math.min((state.retryTime ?? BASE_RETRY_MS) * 2, MAX_RETRY_MS)
      failedSinceIdle = true
      patch({ error: describe(error) })
    })
    state.received$.subscribe(() => {
      state.retryTime = BASE_RETRY_MS
    })
    state.active$.subscribe(() => onActivity())
    void state.awaitInitialReplication().then(() => {
      initialDone.add(def.name)
      onActivity()
    })
    states.set(def.name, state)
  }

  const connectivity = environment.online$.subscribe((online) => {
    for (const state of states.values()) {
      if (online) {
        state.retryTime = BASE_RETRY_MS
        void state.start()
      } else void state.pause()
    }
  })
  if (!environment.isOnline()) states.forEach((s) => void s.pause())

  const awaitInSync = async () => {
    await Promise.all([...states.values()].map((s) => s.awaitInSync()))
    for (const s of states.values()) s.retryTime = BASE_RETRY_MS
    patch({ lastSyncedAt: Date.now(), error: null })
  }

  const countPending = async () => {
    let total = 0
    for (const [name, state] of states) {
      const collection = database.collections[name] as RxCollection
      total += await pendingIn(collection, state)
    }
    if (total !== status$.value.pending) patch({ pending: total })
    return total
  }

  return {
    status$,
    refused$,
    conflicts$,
    states,
    resync: () => states.forEach((s) => s.reSync()),
    awaitInSync,
    countPending,
    async stop() {
      stopPokes()
      connectivity.unsubscribe()
      await Promise.all([...states.values()].map((s) => s.cancel()))
    },
  }
}

function toRefused(collection: string, r: Refusal): RefusedChange {
  return { collection, id: r.id, reason: r.reason, at: Date.now() }
}

function describe(error: unknown): string {
  const e = error as { message?: string; parameters?: { errors?: { message?: string }[] } }
  return e.parameters?.errors?.find((x) => x?.message)?.message ?? e.message ?? String(error)
}

/**
 * After a visibility reset has re-pulled everything: local rows the server acknowledged before
 * but did not send again are no longer visible to this person. They come back as tombstones
 * from the server's side, so they are dropped here without being pushed as deletions. Rows
 * made on this device and never synced are kept (they are pushed as usual).
 */
async function droppedByReset(
  collection: RxCollection,
  state: RxReplicationState<unknown, Checkpoint>,
  seen: Set<string>,
): Promise<Record<string, unknown>[]> {
  const local = await collection.find().exec()
  const candidates = local
    .map((d) => d.toMutableJSON() as Record<string, unknown>)
    .filter((d) => !seen.has(String(d.id)))
  const masters = await acknowledged(
    state,
    candidates.map((d) => String(d.id)),
  )
  return candidates.filter((d) => masters.has(String(d.id))).map((d) => ({ ...d, _deleted: true }))
}
