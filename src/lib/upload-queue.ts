// Uploads chosen without a connection wait on the device (IndexedDB keeps the file itself) and
// are sent, once each, when the connection is back or on the next visit. Each person's queue is
// their own (`owner`), and signing out empties it with the rest of the device's data.
import Dexie, { type Table } from 'dexie'

export interface QueuedUpload<M = unknown> {
  id: string
  /** Whose upload it is: the account id. */
  owner: string
  bucket: string
  path: string
  file: Blob
  name: string
  type: string
  /** What to record once the file is stored. */
  meta: M
  queuedAt: string
}

class UploadQueueDatabase extends Dexie {
  queue!: Table<QueuedUpload, string>
  constructor() {
    // Deleted by name when the person signs out (src/lib/auth/sign-out.ts).
    super('app-uploads')
    this.version(1).stores({ queue: 'id, owner' })
  }
}

let database: UploadQueueDatabase | null = null
const open = () => (database ??= new UploadQueueDatabase())

export async function queueUpload(item: QueuedUpload): Promise<void> {
  await open().queue.put(item)
}

/** The person's waiting uploads, oldest first. */
export async function queuedUploads<M>(owner: string): Promise<QueuedUpload<M>[]> {
  const items = await open().queue.where('owner').equals(owner).toArray()
  return (items as QueuedUpload<M>[]).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt))
}

/** Empties the queue of one person (signing out), or of everyone. */
export async function clearUploads(owner?: string): Promise<void> {
  if (owner === undefined) await open().queue.clear()
  else await open().queue.where('owner').equals(owner).delete()
}

let sending: Promise<{ sent: number; failed: number }> | null = null

/**
 * Sends the person's waiting uploads in order. `send` stores one and records it, answering
 * whether it succeeded; a success leaves the queue, a failure stays for the next try. Calls
 * made while a round is running join it, so nothing is sent twice.
 */
export function sendQueuedUploads<M>(
  owner: string,
  send: (item: QueuedUpload<M>) => Promise<boolean>,
): Promise<{ sent: number; failed: number }> {
  sending ??= (async () => {
    let sent = 0
    let failed = 0
    try {
      for (const item of await queuedUploads<M>(owner)) {
        let ok = false
        try {
          ok = await send(item)
        } catch (error) {
          console.error('A waiting upload could not be sent:', error)
        }
        if (ok) {
          await open().queue.delete(item.id)
          sent++
        } else failed++
      }
    } finally {
      sending = null
    }
    return { sent, failed }
  })()
  return sending
}
