// What the sync tells the person about changes that did not go as written: refused by the server
// (or on the device), lost to another device's change, or unreadable when pulled.

export interface RefusedChange {
  collection: string
  id: string | null
  reason: string
  /** What this device had written, where it was sent: the person may act on it again. */
  mine?: Record<string, unknown>
  at: number
}

/** A local change that lost a conflict: the server's newer state was kept instead. */
export interface LostChange {
  collection: string
  id: string
  /** What this device had written. */
  mine: Record<string, unknown>
  /** What the server had, which the conflict handler chose over `mine` (or merged into `kept`). */
  theirs: Record<string, unknown>
  /** The state kept on this device after resolving. */
  kept: Record<string, unknown>
  /** What exactly was lost, where the collection can tell (e.g. which lessons of a week). */
  details?: unknown[]
  at: number
}

/** A pulled row this device cannot read (it fails the collection's schema): it is not shown. */
export interface UnreadableRow {
  collection: string
  id: string
  issues: string[]
}
