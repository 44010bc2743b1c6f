// Applications waiting on the applicant's device (G05, G06): a submit is stored first, then sent;
// one that cannot be sent (offline, 2g timing out, the server busy) stays queued and is sent again
// when the network returns, on the next visit, or at the next try. The application's own id makes
// a repeated send find the same inquiry, so sending again is always safe.
import type { ApplicationAnswer, ApplicationKind } from './application.ts'

export const APPLICATION_QUEUE_KEY = 'app.applications.queue'

export type QueueState = 'queued' | 'sent' | 'refused'

export interface QueuedApplication {
  id: string
  kind: ApplicationKind
  application: unknown
  state: QueueState
  queuedAt: string
  /** When it was sent, or refused. */
  settledAt?: string
  /** The server's words for a refusal, or the last failed attempt's. */
  message?: string
  fields?: Record<string, string>
}

/** What sending one application answered: an HTTP status and body, or no answer at all. */
export type SendResult = { status: number; body: ApplicationAnswer | null } | 'no-answer'

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export function readQueue(storage: Store): QueuedApplication[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(APPLICATION_QUEUE_KEY) ?? '[]')
    return Array.isArray(parsed) ? (parsed as QueuedApplication[]) : []
  } catch {
    return []
  }
}

function writeQueue(storage: Store, queue: QueuedApplication[]): void {
  if (queue.length === 0) storage.removeItem(APPLICATION_QUEUE_KEY)
  else storage.setItem(APPLICATION_QUEUE_KEY, JSON.stringify(queue))
}

/** Stores an application to send (again, replacing an earlier copy with the same id). */
export function enqueueApplication(
  storage: Store,
  kind: ApplicationKind,
  application: { id: string },
  now: Date,
): QueuedApplication {
  const entry: QueuedApplication = {
    id: application.id,
    kind,
    application,
    state: 'queued',
    queuedAt: now.toISOString(),
  }
  writeQueue(storage, [...readQueue(storage).filter((q) => q.id !== application.id), entry])
  return entry
}

/** Forgets an application the person has seen the outcome of. */
export function forgetApplication(storage: Store, id: string): void {
  writeQueue(
    storage,
    readQueue(storage).filter((q) => q.id !== id),
  )
}

/**
 * What an answer means for a queued application: sent (200), refused for good (400: the server
 * says which fields are wrong; sending it again would not help), or still queued (no answer,
 * too many applications for now, the server failing).
 */
export function outcomeOf(
  result: SendResult,
): Pick<QueuedApplication, 'state' | 'message' | 'fields'> {
  if (result === 'no-answer') return { state: 'queued' }
  const { status, body } = result
  if (status >= 200 && status < 300 && body?.type === 'success') {
    return { state: 'sent', message: body.message }
  }
  if (status === 400 && body?.type === 'error') {
    return {
      state: 'refused',
      message: body.message,
      ...(body.fields ? { fields: body.fields } : {}),
    }
  }
  return { state: 'queued', ...(body?.message ? { message: body.message } : {}) }
}

/** Sends every queued application once, in order, and stores what each answer means. */
export async function sendQueued(
  storage: Store,
  send: (entry: QueuedApplication) => Promise<SendResult>,
  now: () => Date = () => new Date(),
): Promise<QueuedApplication[]> {
  for (const entry of readQueue(storage)) {
    if (entry.state !== 'queued') continue
    let result: SendResult
    try {
      result = await send(entry)
    } catch {
      result = 'no-answer'
    }
    const outcome = outcomeOf(result)
    // Read again: the person may have forgotten or replaced it while the request was out.
    const queue = readQueue(storage)
    const index = queue.findIndex((q) => q.id === entry.id && q.queuedAt === entry.queuedAt)
    if (index < 0) continue
    const { message: _m, fields: _f, ...rest } = queue[index]!
    queue[index] = {
      ...rest,
      ...outcome,
      ...(outcome.state === 'queued' ? {} : { settledAt: now().toISOString() }),
    }
    writeQueue(storage, queue)
  }
  return readQueue(storage)
}
