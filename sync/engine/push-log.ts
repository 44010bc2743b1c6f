// Pushes that finished while a pull was on its way. Such a pull may have read a pushed document
// before the push committed (an older state, which RxDB would store over the one the device has
// just had acknowledged) or after it (the stored state with what the server wrote: a receipt
// number, who and when). The two cannot be told apart, so the document is left out of that pull's
// answer, and the answer does not move the checkpoint: the next pull reads the document again as
// it is now. (Leaving it out while moving the checkpoint lost the server's columns of a payment
// whose pull read it after it committed: tests/replication/crossed-pull.test.ts.)
import type { Checkpoint } from './transport.ts'

/** The push log of one collection. */
export class PushLog {
  private finished = 0
  private sending = 0
  private readonly entries: { n: number; ids: Set<string> }[] = []

  /** Where the log stands: pass it to `pushedSince` when the pull's answer arrives. */
  mark(): number {
    return this.finished
  }

  /** A push is on its way; `record` ends it. */
  start(): void {
    this.sending++
  }

  /** Records a push that finished (answered or failed: either way it may have committed). */
  record(ids: Iterable<string>): void {
    this.sending = Math.max(0, this.sending - 1)
    this.entries.push({ n: ++this.finished, ids: new Set(ids) })
    // A pull answers in seconds; a few hundred pushes cover any pull still on its way.
    if (this.entries.length > 500) this.entries.shift()
  }

  /** Whether a push is on its way, or one finished after `mark`. */
  crossed(mark: number): boolean {
    return this.sending > 0 || this.finished > mark
  }

  /** Ids of documents pushed by pushes that finished after `mark`. */
  pushedSince(mark: number): Set<string> {
    const out = new Set<string>()
    for (const entry of this.entries) if (entry.n > mark) for (const id of entry.ids) out.add(id)
    return out
  }
}

/**
 * A pull's answer without the documents a push finished with while it was on its way. When any
 * is left out, the checkpoint stays where the pull began (`from`), so the next pull reads them
 * again; `short` says so.
 */
export function withoutPushedSince<D extends { id?: unknown }>(
  log: PushLog,
  mark: number,
  answer: { documents: D[]; checkpoint: Checkpoint },
  from: Checkpoint | null,
): { documents: D[]; checkpoint: Checkpoint; short: boolean } {
  const pushed = log.pushedSince(mark)
  const documents =
    pushed.size === 0 ? answer.documents : answer.documents.filter((d) => !pushed.has(String(d.id)))
  if (documents.length === answer.documents.length)
    return { documents, checkpoint: answer.checkpoint, short: false }
  return { documents, checkpoint: { ...answer.checkpoint, seq: from?.seq ?? 0 }, short: true }
}
