// Which local documents the server has not acknowledged yet: what "changes not synced" counts.
import { getChangedDocumentsSince, type RxCollection } from 'rxdb'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import { acknowledgedStates, pushedUpTo } from './rxdb-meta.ts'
import type { Checkpoint } from './transport.ts'

const RXDB_FIELDS = ['_meta', '_rev', '_attachments']

/** A document as the server knows it: without RxDB's own fields. */
export function wireDoc(doc: Record<string, unknown>): Record<string, unknown> {
  const out = { ...doc }
  for (const f of RXDB_FIELDS) delete out[f]
  return out
}

const COUNT_PAGE = 1000

/** Local documents whose state differs from what the server last acknowledged. */
export async function pendingIn(
  collection: RxCollection,
  state: RxReplicationState<unknown, Checkpoint>,
): Promise<Record<string, unknown>[]> {
  // Only documents written after the push checkpoint can be waiting: the replication moves that
  // checkpoint only once what came before it reached the server. So the count reads the recent
  // changes, a page at a time, not the whole collection.
  let checkpoint = await pushedUpTo(state as RxReplicationState<unknown, unknown>)
  const pending: Record<string, unknown>[] = []
  for (;;) {
    const page = await getChangedDocumentsSince(
      collection.storageInstance,
      COUNT_PAGE,
      checkpoint as never,
    )
    const masters = await acknowledgedStates(
      state as RxReplicationState<unknown, unknown>,
      page.documents.map((d) => String((d as Record<string, unknown>).id)),
    )
    for (const doc of page.documents) {
      const local = wireDoc(doc as Record<string, unknown>)
      const master = masters.get(String(local.id))
      if (!master) {
        // Never acknowledged: pending unless it was created and deleted here before syncing.
        if (!local._deleted) pending.push(local)
        continue
      }
      if (
        !collection.conflictHandler.isEqual(
          wireDoc(master) as never,
          local as never,
          'pending-count',
        )
      )
        pending.push(local)
    }
    if (page.documents.length < COUNT_PAGE) return pending
    checkpoint = page.checkpoint
  }
}
