// Replication of every open collection with Postgres through sync_pull/sync_push: RxDB runs the
// checkpoint loop, batching and conflict handling; this module adds what our server protocol
// needs — visibility resets, refused rows (by the server, or on the device before they travel),
// pokes, retries with backoff, and the count of changes not yet synced.
import { BehaviorSubject, firstValueFrom, merge, Subject, type Observable } from 'rxjs'
import { filter, map } from 'rxjs/operators'
import type { RxCollection, RxConflictHandler, RxConflictHandlerInput, RxDatabase } from 'rxdb'
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication'
import { pushOutcomesOf, type AppDatabase } from './database.ts'
import { PushLog, withoutPushedSince } from './push-log.ts'
import { acknowledgedStates, pulledUnchanged } from './rxdb-meta.ts'
import type { LostChange, RefusedChange, UnreadableRow } from './notices.ts'
import { pendingIn, wireDoc } from './pending-changes.ts'
import { checkRow, serverSetColumns, type CollectionDefinition } from '../contract/schema.ts'
import { unsendableReason } from './sendable.ts'
import { businessText } from './unanswered.ts'
import { droppedByReset } from './visibility-reset.ts'
import {
  SyncError,
  type Checkpoint,
  type PushRow,
  type Refusal,
  type SyncTransport,
} from './transport.ts'

export type { LostChange, RefusedChange, UnreadableRow } from './notices.ts'

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
  /** Connectivity changes: calls fail fast offline, and the replication re-syncs when back online. */
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
  /** How soon a failed call is tried again, doubling up to the maximum (default 5 s to 2 min). */
  retry?: { baseMs: number; maxMs: number }
}

export interface SyncController {
  status$: BehaviorSubject<SyncStatus>
  refused$: Subject<RefusedChange[]>
  conflicts$: Subject<LostChange>
  unreadable$: Subject<UnreadableRow[]>
  states: Map<string, RxReplicationState<unknown, Checkpoint>>
  resync(): void
  awaitInSync(): Promise<void>
  countPending(): Promise<number>
  stop(): Promise<void>
}

const DEFAULT_BASE_RETRY_MS = 5_000
const DEFAULT_MAX_RETRY_MS = 2 * 60_000
export function startSync(options: SyncOptions): SyncController {
  const { database, definitions, transport, environment } = options
  const baseRetryMs = options.retry?.baseMs ?? DEFAULT_BASE_RETRY_MS
  const maxRetryMs = options.retry?.maxMs ?? DEFAULT_MAX_RETRY_MS
  const batchSize = options.batchSize ?? 200
  const status$ = new BehaviorSubject<SyncStatus>({
    pending: 0,
    lastSyncedAt: options.initialLastSyncedAt ?? null,
    active: false,
    error: null,
  })
  const refused$ = new Subject<RefusedChange[]>()
  const conflicts$ = new Subject<LostChange>()
  const unreadable$ = new Subject<UnreadableRow[]>()
  const states = new Map<string, RxReplicationState<unknown, Checkpoint>>()
  const { refused: refusedIds, unanswered } = pushOutcomesOf(database as AppDatabase)
  // Offline, a call waits for the network instead of failing: RxDB would otherwise wait a whole
  // retry period after the network returns. (The replication is never paused: see below.)
  const stopped$ = new Subject<void>()
  const whenOnline = async () => {
    if (environment.isOnline()) return
    await firstValueFrom(merge(environment.online$.pipe(filter((online) => online)), stopped$), {
      defaultValue: undefined,
    })
    if (!environment.isOnline()) throw new SyncError('Offline', 'offline', true)
  }
  // A collection's name, or null for "any collection" (the poke channel joined).
  const pokes$ = new Subject<string | null>()
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
    // Columns whose stored value is the server's (never a person's change).
    const serverSet = serverSetColumns(def)
    const collection = database.collections[def.name] as RxCollection | undefined
    if (!collection) continue
    const pushes = new PushLog()
    // Where data enters the device: every pulled row is checked against the collection's zod
    // schemas, so what the screens read has the types RowOf gives it. A row is stored as the
    // server sent it (not the parsed copy), so the device's copy and the server's stay equal and
    // a later edit does not conflict. A row that fails is stored deleted: not shown, and
    // reported; the next change to it on the server brings it back.
    // A pull that a push crossed: RxDB skips a pulled document while this device's write of it
    // is not yet noted as pushed, so the answer waits until the push is noted; then what the
    // push wrote is left out and read again by the next pull (push-log.ts).
    const settled = async (
      mark: number,
      answer: { documents: Record<string, unknown>[]; checkpoint: Checkpoint },
      from: Checkpoint | null,
    ) => {
      if (!pushes.crossed(mark)) return answer
      const up = state.internalReplicationState?.events.active.up
      if (up) await firstValueFrom(up.pipe(filter((active) => !active)), { defaultValue: false })
      const kept = withoutPushedSince(pushes, mark, answer, from)
      // Nothing left to answer: RxDB stops pulling, so the next pull is asked for here.
      if (kept.short && kept.documents.length === 0) setTimeout(() => pokes$.next(def.name), 0)
      return kept
    }
    const readable = (documents: Record<string, unknown>[]) => {
      const unreadable: UnreadableRow[] = []
      const out = documents.map((doc) => {
        if (doc._deleted) return doc
        const checked = checkRow(def, doc)
        if (checked.ok) return doc
        unreadable.push({ collection: def.name, id: String(doc.id), issues: checked.issues })
        return { ...doc, _deleted: true }
      })
      if (unreadable.length > 0) unreadable$.next(unreadable)
      return out
    }
    const state: RxReplicationState<unknown, Checkpoint> = replicateRxCollection<
      unknown,
      Checkpoint
    >({
      collection,
      replicationIdentifier: `${options.identifier}:${def.name}:v${def.version}`,
      live: true,
      retryTime: baseRetryMs,
      waitForLeadership: options.waitForLeadership ?? true,
      autoStart: true,
      pull: {
        batchSize,
        handler: async (checkpoint, size) => {
          await whenOnline()
          const mark = pushes.mark()
          const result = await transport.pull(def.name, checkpoint ?? null, size)
          if (!result.reset) {
            const answer = await settled(mark, result, checkpoint ?? null)
            return {
              documents: readable(answer.documents) as never[],
              checkpoint: answer.checkpoint,
            }
          }
          // What the person may see changed, or the server is another database. First find the
          // local rows they may no longer see, then start the pull again from zero. The
          // checkpoint moves only when both are done, so a reset interrupted by a closed app or
          // a lost connection is answered "reset" again and starts over.
          const dropped = await droppedByReset(collection, state, transport, def.name)
          const firstMark = pushes.mark()
          const first = await transport.pull(def.name, result.checkpoint, size)
          if (first.reset) throw new SyncError('What you may see changed again', 'reset', true)
          const answer = await settled(firstMark, first, result.checkpoint)
          return {
            documents: [...readable(answer.documents), ...dropped] as never[],
            checkpoint: answer.checkpoint,
          }
        },
        stream$: merge(
          pokes$.pipe(filter((c) => c === def.name || c === null)),
          environment.wakeups$,
        ).pipe(map(() => 'RESYNC' as const)),
      },
      push: {
        batchSize: 100,
        handler: async (rows) => {
          await whenOnline()
          const send: PushRow[] = []
          const refusedHere: Refusal[] = []
          // What this device wrote, by id: a refusal carries it so the person may act on it.
          const written = new Map<string, Record<string, unknown>>()
          // A pulled state that was never edited here is not sent back: RxDB notes it as
          // received when this call returns (see pulledUnchanged).
          const pulled = await pulledUnchanged(
            state as RxReplicationState<unknown, unknown>,
            rows.map((r) => String((r.newDocumentState as { id?: unknown }).id)),
          )
          for (const r of rows) {
            const asPulled = pulled.get(String((r.newDocumentState as { id?: unknown }).id))
            if (
              asPulled &&
              businessText(asPulled, serverSet) ===
                businessText(r.newDocumentState as Record<string, unknown>, serverSet)
            )
              continue
            const doc = wireDoc(r.newDocumentState as Record<string, unknown>)
            written.set(String(doc.id), doc)
            const assumed = r.assumedMasterState
              ? wireDoc(r.assumedMasterState as Record<string, unknown>)
              : null
            const reason = unsendableReason(doc)
            if (!reason) {
              send.push({ newDocumentState: doc, assumedMasterState: assumed })
              continue
            }
            // Refused before it travels: the server's state is the one this device last had.
            refusedHere.push({
              id: String(doc.id),
              reason,
              code: 'device',
              document: assumed ?? { ...doc, _deleted: true },
            })
          }
          let result: { conflicts: Record<string, unknown>[]; refused: Refusal[] } = {
            conflicts: [],
            refused: [],
          }
          if (send.length > 0) {
            // Noted before it travels: if the answer is lost, a later conflict with this very
            // state is recognised as this device's own write (unanswered.ts).
            await unanswered.prune(def.name, (ids) =>
              acknowledgedStates(state as RxReplicationState<unknown, unknown>, ids),
            )
            await unanswered.noteSent(
              def.name,
              send.map((r) => r.newDocumentState),
            )
            pushes.start()
            try {
              result = await transport.push(def.name, send)
            } finally {
              pushes.record(send.map((r) => String(r.newDocumentState.id)))
            }
          }
          const refusals = [...refusedHere, ...result.refused]
          const back: Record<string, unknown>[] = [...result.conflicts]
          for (const r of refusals) {
            if (!r.document) continue
            refusedIds.add(def.name, String(r.document.id))
            back.push(r.document)
          }
          if (refusals.length > 0)
            refused$.next(refusals.map((r) => toRefused(def.name, r, written.get(String(r.id)))))
          return back as never[]
        },
      },
    })

    state.conflict$.subscribe(({ input, output }) => {
      const mine = wireDoc(input.newDocumentState as Record<string, unknown>)
      const id = String(mine.id)
      // A refusal was reported as such when it came back; it is not a change lost to another.
      if (refusedIds.take(def.name, id)) return
      const kept = wireDoc(output as Record<string, unknown>)
      // Only what the person wrote counts: the server's own columns (who, when) always differ.
      // A document the device believed new and the server already has was made twice: its id
      // names what it is (a WhatsApp number's record is named after the number), so two people
      // made the same one. The moment each device made it differs by nature and is not compared;
      // what the person entered is. (A pulled document the app could not note as received is not
      // pushed back unless edited here: see pulledUnchanged.)
      const ignore = input.assumedMasterState ? serverSet : [...serverSet, 'created_at']
      if (businessText(mine, ignore) === businessText(kept, ignore)) return
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
      state.retryTime = Math.min((state.retryTime ?? baseRetryMs) * 2, maxRetryMs)
      failedSinceIdle = true
      patch({ error: describe(error) })
    })
    state.received$.subscribe(() => {
      state.retryTime = baseRetryMs
    })
    state.active$.subscribe(() => onActivity())
    void state.awaitInitialReplication().then(() => {
      initialDone.add(def.name)
      onActivity()
    })
    states.set(def.name, state)
  }

  // Offline, the replication keeps running and its calls wait for the network; it is never paused. RxDB drops the changes of a push that is in flight when it is
  // paused, and a later push can then move its checkpoint past them: they would never be sent.
  const connectivity = environment.online$.subscribe((online) => {
    if (!online) return
    for (const state of states.values()) {
      state.retryTime = baseRetryMs
      state.reSync()
    }
  })

  const awaitInSync = async () => {
    await Promise.all([...states.values()].map((s) => s.awaitInSync()))
    for (const s of states.values()) s.retryTime = baseRetryMs
    patch({ lastSyncedAt: Date.now(), error: null })
  }

  const countPending = async () => {
    let total = 0
    for (const [name, state] of states) {
      const collection = database.collections[name] as RxCollection
      const docs = await pendingIn(collection, state)
      const def = definitions.find((d) => d.name === name)
      total += def?.countEdits ? def.countEdits(docs) : docs.length
    }
    if (total !== status$.value.pending) patch({ pending: total })
    return total
  }

  return {
    status$,
    refused$,
    conflicts$,
    unreadable$,
    states,
    resync: () => states.forEach((s) => s.reSync()),
    awaitInSync,
    countPending,
    async stop() {
      stopped$.next()
      stopPokes()
      connectivity.unsubscribe()
      await Promise.all([...states.values()].map((s) => s.cancel()))
    },
  }
}

function toRefused(
  collection: string,
  r: Refusal,
  mine: Record<string, unknown> | undefined,
): RefusedChange {
  return { collection, id: r.id, reason: r.reason, ...(mine ? { mine } : {}), at: Date.now() }
}

function describe(error: unknown): string {
  const e = error as { message?: string; parameters?: { errors?: { message?: string }[] } }
  return e.parameters?.errors?.find((x) => x?.message)?.message ?? e.message ?? String(error)
}
