import type { RxConflictHandler } from 'rxdb'

// Collections whose conflicts are merged rather than decided wholesale for the server; the
// others keep the server's state (RxDB's default) and the person is told what they lost.
export const conflictHandlers: Record<string, RxConflictHandler<unknown>> = {}
