// What the replication needs to know from RxDB's own bookkeeping: which documents the server has
// acknowledged (RxDB keeps the last server state of each, the "assumed master state") and where
// the push stands. Read through RxDB's exported replication-protocol functions, in this one
// place, and pinned by sync/engine/rxdb-meta.test.ts so an RxDB update that changes them fails a test.
import { getAssumedMasterState, getHeightOfRevision, getLastCheckpointDoc } from 'rxdb'
import type { RxReplicationState } from 'rxdb/plugins/replication'

type State = RxReplicationState<unknown, unknown>

async function internal(state: State) {
  // The protocol state exists once the replication has started.
  if (!state.internalReplicationState) await state.startPromise
  return state.internalReplicationState ?? null
}

/** The server state the device last received for each of `ids` that the server has seen. */
export async function acknowledgedStates(
  state: State,
  ids: string[],
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>()
  const protocol = ids.length > 0 ? await internal(state) : null
  if (!protocol) return out
  const found = await getAssumedMasterState(protocol, ids)
  for (const [id, entry] of Object.entries(found))
    out.set(id, entry.docData as Record<string, unknown>)
  return out
}

/**
 * The local storage checkpoint up to which every change has reached the server; undefined before
 * the first push. Changes after it may still be waiting.
 */
export async function pushedUpTo(state: State): Promise<unknown> {
  const protocol = await internal(state)
  if (!protocol) return undefined
  return getLastCheckpointDoc(protocol, 'up')
}

/**
 * Documents whose local state is exactly what a pull wrote (no edit since). RxDB stores a pulled
 * document and then notes it as received in two writes; an app closed between them leaves a
 * document that looks edited, and would be pushed back, maybe by someone who may not change it.
 * RxDB marks each pulled state (`_meta.o`: the revision it wrote, and the replication's hash),
 * which tells the two apart.
 */
export async function pulledUnchanged(
  state: State,
  ids: string[],
): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>()
  const protocol = ids.length > 0 ? await internal(state) : null
  if (!protocol) return out
  const hash = await protocol.input.hashFunction(protocol.input.identifier)
  const docs = await protocol.input.forkInstance.findDocumentsById(ids, false)
  for (const doc of docs) {
    const origin = (doc._meta as { o?: { hash?: string; _rev?: number } }).o
    // The fork instance stores documents of any collection (its type is unknown to RxDB's
    // generics); callers compare them field by field as plain records.
    if (origin && origin.hash === hash && origin._rev === getHeightOfRevision(doc._rev))
      out.set(String((doc as { id?: unknown }).id), doc as unknown as Record<string, unknown>)
  }
  return out
}
