// A reset: what the person may see changed (or the server is another database), so the device
// drops what it may no longer see before the collection is pulled again from zero.
import type { RxCollection } from 'rxdb'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import { acknowledgedStates } from './rxdb-meta.ts'
import type { Checkpoint, SyncTransport } from './transport.ts'

const RESET_PAGE = 500

/**
 * Before a reset re-pulls a collection: local rows the server acknowledged before but that the
 * person may no longer see. They come back as tombstones from the server's side, so they are
 * dropped without being pushed as deletions. Rows made on this device and never synced are kept
 * (they are pushed as usual). The local collection is read a page of ids at a time.
 */
export async function droppedByReset(
  collection: RxCollection,
  state: RxReplicationState<unknown, Checkpoint>,
  transport: SyncTransport,
  name: string,
): Promise<Record<string, unknown>[]> {
  const dropped: Record<string, unknown>[] = []
  let after = ''
  for (;;) {
    const page = await collection
      .find({ selector: { id: { $gt: after } }, sort: [{ id: 'asc' }], limit: RESET_PAGE })
      .exec()
    if (page.length === 0) return dropped
    after = String(page[page.length - 1]!.primary)
    const known = await acknowledgedStates(
      state as RxReplicationState<unknown, unknown>,
      page.map((d) => String(d.primary)),
    )
    if (known.size > 0) {
      const visible = new Set(await transport.visible(name, [...known.keys()]))
      for (const doc of page) {
        const id = String(doc.primary)
        if (known.has(id) && !visible.has(id))
          dropped.push({ ...(doc.toMutableJSON() as Record<string, unknown>), _deleted: true })
      }
    }
    if (page.length < RESET_PAGE) return dropped
  }
}
