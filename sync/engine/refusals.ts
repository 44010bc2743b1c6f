// Three answers to a push that reach RxDB as conflicts but are not conflicts with someone else:
// - a change the server refused (rights, a rule, the size limit) comes back with the server's
//   state, so the device undoes it. It must not be merged like a real conflict (a merge would
//   push the refused change again, forever) nor reported as a change lost to someone else's
//   edit: the person is told it was refused, and why, once;
// - a server state this device wrote itself, in a push whose answer was lost (unanswered.ts):
//   the device's newer edit builds on it and goes ahead;
// - a server state that is the one the device last knew but for columns the server keeps (a
//   record brought back keeps the moment it was first made, not the device's): the device's
//   record of it is its own copy as pushed, so its next edit meets the server's copy as a
//   conflict; no one else changed it, and the edit goes ahead.
// Either way the columns the server sets (a receipt number, who and when) are the server's: a
// push sent again whose state the server already holds comes back with the stored row when the
// device lacks them, and the device takes them (else it would keep its copy without them).
import { defaultConflictHandler, type RxConflictHandler } from 'rxdb'
import { businessText, type UnansweredPushes } from './unanswered.ts'

/** Ids of documents whose push was just refused, per collection of one database. */
export class RefusedIds {
  private readonly ids = new Map<string, Set<string>>()

  private of(collection: string): Set<string> {
    let set = this.ids.get(collection)
    if (!set) this.ids.set(collection, (set = new Set()))
    return set
  }

  add(collection: string, id: string): void {
    this.of(collection).add(id)
  }

  has(collection: string, id: string): boolean {
    return this.of(collection).has(id)
  }

  /** Forgets `id`, answering whether it was there. */
  take(collection: string, id: string): boolean {
    return this.of(collection).delete(id)
  }
}

/**
 * The collection's conflict handler, except that a refused document takes the server's state,
 * a document the server holds as the device has it takes the server's columns, and a document
 * whose server state is this device's own unanswered write, or the state it last knew, keeps its
 * edit (with the server's columns). `serverColumns`: every column whose stored value is the
 * server's (serverSetColumns: the kept columns too).
 */
export function pushAware(
  collection: string,
  outcomes: { refused: RefusedIds; unanswered: () => UnansweredPushes | undefined },
  handler: RxConflictHandler<unknown> = defaultConflictHandler,
  serverColumns: readonly string[] = [],
): RxConflictHandler<unknown> {
  return {
    isEqual: (a, b, context) => handler.isEqual(a, b, context),
    async resolve(input, context) {
      const id = (input.newDocumentState as { id?: unknown }).id
      if (typeof id === 'string' && outcomes.refused.has(collection, id))
        return input.realMasterState
      const real = input.realMasterState as Record<string, unknown>
      const mine = input.newDocumentState as Record<string, unknown>
      if (businessText(mine, serverColumns) === businessText(real, serverColumns))
        return input.realMasterState
      // The server holds what this device last knew of it, but for columns the server sets itself
      // (a record brought back keeps the moment it was first made): no one else changed it, so
      // the edit goes ahead, with the server's values of those columns.
      const assumed = input.assumedMasterState as Record<string, unknown> | undefined
      if (assumed && businessText(assumed, serverColumns) === businessText(real, serverColumns))
        return withServerColumns(mine, real, serverColumns) as typeof input.newDocumentState
      if (await outcomes.unanswered()?.sentByMe(collection, real))
        return withServerColumns(mine, real, serverColumns) as typeof input.newDocumentState
      return handler.resolve(input, context)
    },
  }
}

/** `mine` with the server's values of the columns it sets. */
export function withServerColumns(
  mine: Record<string, unknown>,
  server: Record<string, unknown>,
  serverColumns: readonly string[],
): Record<string, unknown> {
  const out = { ...mine }
  for (const column of serverColumns) if (column in server) out[column] = server[column]
  return out
}
