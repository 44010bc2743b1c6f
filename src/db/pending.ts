import { merge, Subject } from 'rxjs'
import { auditTime } from 'rxjs/operators'
import type { OpenDatabase } from './app-database'

// The count of changes not yet synced is computed by the tab that runs the replication (the
// leader) and shared with the other tabs through localStorage.
const key = (userId: string) => `app.sync.pending.${userId}`

export function storedPending(userId: string): number {
  return Number(localStorage.getItem(key(userId))) || 0
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
