// How the replication talks to the server: two RPCs and a "poke" stream. Kept as an interface
// so the replication logic is the same in the browser, in Node tests and in benchmarks.
import type { RealtimeClient } from '@supabase/realtime-js'
import type { SupabaseClient } from '@supabase/supabase-js'

export interface Checkpoint {
  seq: number
  scope: number
  /** The database the numbers come from; another one resets the device. */
  epoch?: string
}

export interface PullResult {
  documents: Record<string, unknown>[]
  checkpoint: Checkpoint
  /**
   * The person's visibility changed, or the checkpoint is from another database: drop what the
   * person may no longer see and re-pull from zero.
   */
  reset?: boolean
}

export interface Refusal {
  id: string | null
  reason: string
  code: string
  document: Record<string, unknown> | null
}

export interface PushRow {
  newDocumentState: Record<string, unknown>
  assumedMasterState?: Record<string, unknown> | null
}

export interface PushResult {
  conflicts: Record<string, unknown>[]
  refused: Refusal[]
}

export interface SyncTransport {
  pull(collection: string, checkpoint: Checkpoint | null, batchSize: number): Promise<PullResult>
  push(collection: string, rows: PushRow[]): Promise<PushResult>
  /** Which of `ids` (at most 1000) the person may see now. */
  visible(collection: string, ids: string[]): Promise<string[]>
  /**
   * Calls `onPoke(collection)` whenever the server says a collection changed, and `onPoke(null)`
   * whenever the channel joins: what changed before it joined (or while it was cut off) sent no
   * poke this device heard, so any collection may have changed.
   */
  onPoke(onPoke: (collection: string | null) => void): () => void
}

export class SyncError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    /** Network or server trouble: worth retrying. */
    readonly retryable: boolean,
  ) {
    super(message)
  }
}

function toSyncError(error: { message: string; code?: string }, status?: number): SyncError {
  // 4xx answers with a code are the request's fault; anything else may pass.
  const retryable = !status || status >= 500 || status === 408 || status === 429
  return new SyncError(error.message, error.code, retryable)
}

/** How long the poke channel waits before loading the realtime client again. */
const POKE_RETRY_MS = 30_000

type Channels = Pick<RealtimeClient, 'channel' | 'removeChannel'>

/**
 * What the transport needs of a backend client: its RPCs, and the realtime client, either at
 * hand (supabase-js in Node) or loaded on first use (the app's client: the poke channel is not
 * on a parent's path to the home).
 */
export type SyncBackend = Pick<SupabaseClient, 'rpc'> &
  ({ realtime: Channels } | { realtime: () => Promise<Channels> })

function realtimeOf(backend: SyncBackend): Promise<Channels> {
  const { realtime } = backend
  return typeof realtime === 'function' ? realtime() : Promise.resolve(realtime)
}

export function supabaseTransport(supabase: SyncBackend): SyncTransport {
  return {
    async pull(collection, checkpoint, batchSize) {
      const { data, error, status } = await supabase.rpc('sync_pull', {
        collection,
        checkpoint,
        batch_size: batchSize,
      })
      if (error) throw toSyncError(error, status)
      return data as PullResult
    },
    async push(collection, rows) {
      const { data, error, status } = await supabase.rpc('sync_push', { collection, rows })
      if (error) throw toSyncError(error, status)
      return data as PushResult
    },
    async visible(collection, ids) {
      const { data, error, status } = await supabase.rpc('sync_visible', { collection, ids })
      if (error) throw toSyncError(error, status)
      return data as string[]
    },
    onPoke(onPoke) {
      // A private channel: only members who are not blocked may join it (a policy on
      // realtime.messages), and only the database sends on it.
      let stopped = false
      let stop: (() => void) | undefined
      let retry: ReturnType<typeof setTimeout> | undefined
      const attach = () =>
        realtimeOf(supabase).then(
          (realtime) => {
            if (stopped) return
            const channel = realtime
              .channel('sync', { config: { private: true } })
              .on('broadcast', { event: 'poke' }, (message) => {
                const collection = (message.payload as { collection?: unknown } | undefined)
                  ?.collection
                if (typeof collection === 'string') onPoke(collection)
              })
              // Joined, the first time or again after a lost connection (realtime-js rejoins by
              // itself): the pokes sent meanwhile were not heard.
              .subscribe((status) => {
                if (status === 'SUBSCRIBED') onPoke(null)
              })
            stop = () => void realtime.removeChannel(channel)
          },
          // The realtime client's file did not load (offline on a first visit): the sync still
          // pulls on start, on reconnect and on its own, pokes only make it sooner; try again.
          () => {
            if (!stopped) retry = setTimeout(() => void attach(), POKE_RETRY_MS)
          },
        )
      void attach()
      return () => {
        stopped = true
        clearTimeout(retry)
        stop?.()
      }
    },
  }
}
