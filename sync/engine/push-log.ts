// Pushes that finished while a pull was on its way. A pull that began before a push committed can
// answer after it with the state from before that push; RxDB would store that older state over
// the one the device has just had acknowledged (and the person could go on editing it). Such
// documents are left out of that pull's answer: their newer state has a higher number than the
// pull's checkpoint (numbers follow commit order), so the next pull brings it.

/** The push log of one collection. */
export class PushLog {
  private finished = 0
  private readonly entries: { n: number; ids: Set<string> }[] = []

  /** Where the log stands: pass it to `pushedSince` when the pull's answer arrives. */
  mark(): number {
    return this.finished
  }

  /** Records a push that finished (answered or failed: either way it may have committed). */
  record(ids: Iterable<string>): void {
    this.entries.push({ n: ++this.finished, ids: new Set(ids) })
    // A pull answers in seconds; a few hundred pushes cover any pull still on its way.
    if (this.entries.length > 500) this.entries.shift()
  }

  /** Ids of documents pushed by pushes that finished after `mark`. */
  pushedSince(mark: number): Set<string> {
    const out = new Set<string>()
    for (const entry of this.entries) if (entry.n > mark) for (const id of entry.ids) out.add(id)
    return out
  }
}

/** The documents of a pull's answer that no push finished with while it was on its way. */
export function withoutPushedSince<D extends { id?: unknown }>(
  log: PushLog,
  mark: number,
  documents: D[],
): D[] {
  const pushed = log.pushedSince(mark)
  return pushed.size === 0 ? documents : documents.filter((d) => !pushed.has(String(d.id)))
}
