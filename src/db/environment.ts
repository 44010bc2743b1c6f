import { fromEvent, interval, merge, Observable } from 'rxjs'
import { filter, map } from 'rxjs/operators'
import type { SyncEnvironment } from '@sync/engine/replication'

/** Pull when the app regains focus, on reconnect, and every minute while the page is visible. */
export const POLL_INTERVAL_MS = 60_000

export function browserSyncEnvironment(): SyncEnvironment {
  const online$: Observable<boolean> = merge(
    fromEvent(window, 'online').pipe(map(() => true)),
    fromEvent(window, 'offline').pipe(map(() => false)),
  )
  const wakeups$ = merge(
    fromEvent(window, 'focus'),
    fromEvent(document, 'visibilitychange').pipe(
      filter(() => document.visibilityState === 'visible'),
    ),
    fromEvent(window, 'online'),
    interval(POLL_INTERVAL_MS).pipe(filter(() => document.visibilityState === 'visible')),
  )
  return { isOnline: () => navigator.onLine, online$, wakeups$ }
}
