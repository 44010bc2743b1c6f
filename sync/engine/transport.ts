// How the replication talks to the server: two RPCs and a "poke" stream. Kept as an interface
// so the replication logic is the same in the browser, in Node tests and in benchmarks.
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
  /** Calls `onPoke(collection)` whenever the server says a collection changed. */
  onPoke(onPoke: (collection: string) => void): () => void
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

export function supabaseTransport(supabase: SupabaseClient): SyncTransport {
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
      const channel = supabase
        .channel('sync', { config: { private: true } })
        .on('broadcast', { event: 'poke' }, (message) => {
          const collection = (message.payload as { collection?: unknown } | undefined)?.collection
          if (typeof collection === 'string') onPoke(collection)
        })
        .subscribe()
      return () => void supabase.removeChannel(channel)
    },
  }
}
