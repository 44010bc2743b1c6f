// Pushes whose answer never arrived. When a push reaches the server but its answer is lost (the
// connection drops, the device goes offline or the app is closed mid-push), RxDB still believes
// the server has the older state. The device's next edit is then pushed against that older state
// and meets the server's newer one, written by this very device, as a conflict: without this
// record the edit would lose to the device's own earlier write. So every state is noted (on the
// device, where it survives a restart) before it is sent and forgotten once answered; a conflict
// whose server state is one of them is this device's own write, and the newer edit goes ahead.
// A state is forgotten once RxDB's own record says the server acknowledged it or a later one
// (checked before each push): an answer RxDB received but could not record, as when the app
// closes, is not enough.

/** The most unanswered states kept per document (each failed attempt at a new state adds one). */
const KEEP = 10

type Doc = Record<string, unknown>
type Sent = Record<string, string[]>

const RXDB_FIELDS = new Set(['_meta', '_rev', '_attachments'])

// A moment written either way ('…Z' by a device, '…+00:00' by Postgres) is the same moment.
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/**
 * What the server stores of a document, in one canonical text: keys sorted, the server's own
 * columns left out, moments in one notation.
 */
export function businessText(doc: Doc, serverColumns: readonly string[]): string {
  const skip = new Set([...RXDB_FIELDS, ...serverColumns])
  const out: Doc = {}
  // A column the device never set and one the server holds as null say the same (a column added
  // to a collection later is absent from rows written before it).
  for (const key of Object.keys(doc).sort())
    if (!skip.has(key) && doc[key] !== null && doc[key] !== undefined) out[key] = doc[key]
  out._deleted = Boolean(doc._deleted)
  return JSON.stringify(out, (_key, value: unknown) => {
    if (typeof value === 'string' && MOMENT.test(value)) return new Date(value).toISOString()
    return value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value
  })
}

/** The database's local documents (RxDB's local-documents plugin): kept on the device, not synced. */
export interface LocalStore {
  getLocal(id: string): Promise<{ get(path: string): unknown } | null>
  upsertLocal(id: string, data: { sent: Sent }): Promise<unknown>
}

export class UnansweredPushes {
  private readonly cache = new Map<string, Promise<Sent>>()
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly database: LocalStore,
    private readonly serverColumns: Record<string, readonly string[]>,
  ) {}

  private key(collection: string) {
    return `unanswered-${collection}`
  }

  private load(collection: string): Promise<Sent> {
    const cached = this.cache.get(collection)
    if (cached) return cached
    const sent = this.database
      .getLocal(this.key(collection))
      .then((doc) => ({ ...(doc?.get('sent') as Sent | undefined) }))
    this.cache.set(collection, sent)
    return sent
  }

  /** Changes are written one after another, so no note overwrites another. */
  private change(collection: string, fn: (sent: Sent) => void): Promise<void> {
    const next = this.queue.then(async () => {
      const sent = await this.load(collection)
      fn(sent)
      await this.database.upsertLocal(this.key(collection), { sent })
    })
    this.queue = next.catch(() => undefined)
    return next
  }

  /** Notes the states about to be sent. */
  noteSent(collection: string, docs: Doc[]): Promise<void> {
    const columns = this.serverColumns[collection] ?? []
    return this.change(collection, (sent) => {
      for (const doc of docs) {
        const id = String(doc.id)
        const text = businessText(doc, columns)
        const list = (sent[id] ?? []).filter((t) => t !== text)
        sent[id] = [...list, text].slice(-KEEP)
      }
    })
  }

  /**
   * Forgets what RxDB has since recorded as the server's state: for each document, every state
   * up to the one the device now holds as acknowledged (`acknowledged`, read from RxDB's own
   * record). Later states stay: their answers may still be missing.
   */
  async prune(
    collection: string,
    acknowledged: (ids: string[]) => Promise<Map<string, Doc>>,
  ): Promise<void> {
    const sent = await this.load(collection)
    const ids = Object.keys(sent)
    if (ids.length === 0) return
    const known = await acknowledged(ids)
    const columns = this.serverColumns[collection] ?? []
    const done = new Map<string, number>()
    for (const id of ids) {
      const doc = known.get(id)
      const at = doc ? (sent[id] ?? []).lastIndexOf(businessText(doc, columns)) : -1
      if (at >= 0) done.set(id, at)
    }
    if (done.size === 0) return
    await this.change(collection, (current) => {
      for (const [id, at] of done) {
        const rest = (current[id] ?? []).slice(at + 1)
        if (rest.length > 0) current[id] = rest
        else delete current[id]
      }
    })
  }

  /** Whether `doc` (the server's state) is a state this device sent and never heard back about. */
  async sentByMe(collection: string, doc: Doc): Promise<boolean> {
    await this.queue
    const sent = await this.load(collection)
    const list = sent[String(doc.id)]
    return !!list && list.includes(businessText(doc, this.serverColumns[collection] ?? []))
  }
}
