import { BehaviorSubject } from 'rxjs'
import type { LostChange, RefusedChange } from '@sync/engine/replication'

export type SyncNotice =
  | {
      kind: 'refused'
      id: string
      collection: string
      recordId: string | null
      reason: string
      /** What this device had written, when the person may act on it again. */
      mine?: Record<string, unknown>
      at: number
    }
  | {
      kind: 'lost'
      id: string
      collection: string
      recordId: string
      mine: Record<string, unknown>
      kept: Record<string, unknown>
      /** Collection-specific detail of what was lost (e.g. the lessons of a merged week). */
      details?: unknown[]
      at: number
    }

const MAX_NOTICES = 50

/**
 * Changes the server refused, and changes that lost a conflict: kept on the device (across
 * reloads) until the person has read and dismissed them, so nothing is lost silently.
 */
export class SyncNotices {
  readonly notices$: BehaviorSubject<SyncNotice[]>
  private readonly key: string

  constructor(userId: string) {
    this.key = `app.sync.notices.${userId}`
    this.notices$ = new BehaviorSubject(this.load())
    window.addEventListener('storage', (e) => {
      if (e.key === this.key) this.notices$.next(this.load())
    })
  }

  private load(): SyncNotice[] {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(this.key) ?? '[]')
      return Array.isArray(parsed) ? (parsed as SyncNotice[]) : []
    } catch {
      return []
    }
  }

  private save(next: SyncNotice[]) {
    const kept = next.slice(-MAX_NOTICES)
    localStorage.setItem(this.key, JSON.stringify(kept))
    this.notices$.next(kept)
  }

  addRefused(changes: RefusedChange[]) {
    this.save([
      ...this.notices$.value,
      ...changes.map((c) => ({
        kind: 'refused' as const,
        id: `${c.collection}:${c.id}:${c.at}`,
        collection: c.collection,
        recordId: c.id,
        reason: c.reason,
        ...(c.mine ? { mine: c.mine } : {}),
        at: c.at,
      })),
    ])
  }

  addLost(change: LostChange) {
    this.save([
      ...this.notices$.value,
      {
        kind: 'lost',
        id: `${change.collection}:${change.id}:${change.at}`,
        collection: change.collection,
        recordId: change.id,
        mine: change.mine,
        kept: change.kept,
        ...(change.details ? { details: change.details } : {}),
        at: change.at,
      },
    ])
  }

  dismiss(id: string) {
    this.save(this.notices$.value.filter((n) => n.id !== id))
  }

  dismissAll() {
    this.save([])
  }
}
