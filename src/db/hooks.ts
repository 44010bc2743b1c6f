import { useEffect, useState, useSyncExternalStore } from 'react'
import type { Observable } from 'rxjs'
import type { SyncStatus } from '@sync/engine/replication'
import { useOpenDatabase } from './provider'
import { storedPending } from './pending'
import type { SyncNotice } from './sync-notices'
import type { OpenDatabase } from './app-database'

/** Subscribes to an observable built from the open database (a reactive RxDB query). */
export function useObservable<T>(
  make: (open: OpenDatabase) => Observable<T>,
  initial: T,
  deps: unknown[],
): T {
  const open = useOpenDatabase()
  const [value, setValue] = useState<T>(initial)
  useEffect(() => {
    const sub = make(open).subscribe(setValue)
    return () => sub.unsubscribe()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, ...deps])
  return value
}

export interface SyncView extends SyncStatus {
  notices: SyncNotice[]
  dismiss(id: string): void
  dismissAll(): void
}

/** The header's sync indicator data: pending count, last sync, notices. */
export function useSyncView(): SyncView {
  const open = useOpenDatabase()
  const status = useObservable((o) => o.sync.status$, open.sync.status$.value, [])
  const notices = useObservable((o) => o.notices.notices$, open.notices.notices$.value, [])
  // The tab that replicates (the leader) writes the pending count and the last sync time to
  // localStorage; every tab of the app shows them.
  const subscribe = (cb: () => void) => {
    window.addEventListener('storage', cb)
    const timer = setInterval(cb, 500)
    return () => {
      window.removeEventListener('storage', cb)
      clearInterval(timer)
    }
  }
  const pending = useSyncExternalStore(subscribe, () => storedPending(open.userId))
  const storedLast = useSyncExternalStore(
    subscribe,
    () => Number(localStorage.getItem(`app.sync.lastSyncedAt.${open.userId}`)) || null,
  )
  const lastSyncedAt = Math.max(status.lastSyncedAt ?? 0, storedLast ?? 0) || null
  return {
    ...status,
    lastSyncedAt,
    pending,
    notices,
    dismiss: (id) => open.notices.dismiss(id),
    dismissAll: () => open.notices.dismissAll(),
  }
}
