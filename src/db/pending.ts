import { merge, Subject } from 'rxjs'
import { auditTime } from 'rxjs/operators'
import type { OpenDatabase } from './app-database'

// The count of changes not yet synced is computed by the tab that runs the replication (the
// leader) and shared with the other tabs through localStorage.
const key = (userId: string) => `app.sync.pending.${userId}`

export function storedPending(userId: string): number {
  return Number(localStorage.getItem(key(userId))) || 0
}

/**
 * The count at this moment, for a decision such as signing out: recounted when this tab runs the
 * replication (or becomes the tab that does within a second), otherwise what that tab stored.
 */
export async function currentPending(open: OpenDatabase): Promise<number> {
  const leader =
    open.db.isLeader() ||
    (await Promise.race([
      open.db.waitForLeadership(),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 1_000)),
    ]))
  if (!leader) return storedPending(open.userId)
  const n = await open.sync.countPending()
  localStorage.setItem(key(open.userId), String(n))
  return n
}

/** Recounts after local writes and replication activity; returns the stop function. */
export function trackPending(open: OpenDatabase): () => void {
  const kick = new Subject<void>()
  const sub = merge(open.db.$, open.sync.status$, kick)
    .pipe(auditTime(400))
    .subscribe(() => {
      void open.db
        .waitForLeadership()
        .then(() => open.sync.countPending())
        .then((n) => localStorage.setItem(key(open.userId), String(n)))
    })
  kick.next()
  return () => sub.unsubscribe()
}
