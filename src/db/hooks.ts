import { useEffect, useState, useSyncExternalStore } from 'react'
import type { Observable } from 'rxjs'
import type { SyncStatus } from '../../sync/replication'
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
  const pending = useSyncExternalStore(
    (cb) => {
      window.addEventListener('storage', cb)
      const timer = setInterval(cb, 500)
      return () => {
        window.removeEventListener('storage', cb)
        clearInterval(timer)
      }
    },
    () => storedPending(open.userId),
  )
  return {
    ...status,
    pending,
    notices,
    dismiss: (id) => open.notices.dismiss(id),
    dismissAll: () => open.notices.dismissAll(),
  }
}
