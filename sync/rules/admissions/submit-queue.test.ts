import { describe, expect, it } from 'vitest'
import {
  APPLICATION_QUEUE_KEY,
  enqueueApplication,
  forgetApplication,
  outcomeOf,
  readQueue,
  sendQueued,
  type QueuedApplication,
  type SendResult,
} from './submit-queue.ts'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
  }
}

const at = new Date('2026-11-27T08:00:00Z')
const later = () => new Date('2026-11-27T09:00:00Z')
const ok: SendResult = {
  status: 200,
  body: { type: 'success', message: 'Thank you', id: 'a' },
}

describe('what an answer means for a queued application', () => {
  it.each<[string, SendResult, string]>([
    ['no answer (offline, timed out)', 'no-answer', 'queued'],
    ['sent', ok, 'sent'],
    [
      'refused fields',
      { status: 400, body: { type: 'error', message: 'Fix', fields: { email: 'Bad' } } },
      'refused',
    ],
    ['too many for now', { status: 429, body: { type: 'error', message: 'Too many' } }, 'queued'],
    ['the server failing', { status: 500, body: { type: 'error', message: 'Oops' } }, 'queued'],
    ['a gateway page instead of JSON', { status: 502, body: null }, 'queued'],
    ['200 without a success body', { status: 200, body: null }, 'queued'],
  ])('%s → %s', (_name, result, state) => {
    expect(outcomeOf(result).state).toBe(state)
  })

  it("keeps the server's words for a sent application", () => {
    expect(outcomeOf(ok)).toEqual({ state: 'sent', message: 'Thank you' })
  })

  it('keeps the fields a refusal names', () => {
    expect(
      outcomeOf({ status: 400, body: { type: 'error', message: 'Fix', fields: { email: 'Bad' } } }),
    ).toEqual({ state: 'refused', message: 'Fix', fields: { email: 'Bad' } })
  })
})

describe('the queue on the device', () => {
  it('stores an application before anything is sent, once per id', () => {
    const storage = memoryStorage()
    enqueueApplication(storage, 'facilitator', { id: 'app-00000001' }, at)
    enqueueApplication(storage, 'facilitator', { id: 'app-00000001' }, at)
    expect(readQueue(storage)).toEqual([
      {
        id: 'app-00000001',
        kind: 'facilitator',
        application: { id: 'app-00000001' },
        state: 'queued',
        queuedAt: at.toISOString(),
      },
    ])
  })

  it('keeps an application while nothing answers, and marks it sent when the server takes it', async () => {
    const storage = memoryStorage()
    enqueueApplication(storage, 'student', { id: 'app-00000002' }, at)
    const sent: QueuedApplication[] = []
    let online = false
    const send = async (entry: QueuedApplication): Promise<SendResult> => {
      if (!online) throw new TypeError('Failed to fetch')
      sent.push(entry)
      return ok
    }
    expect((await sendQueued(storage, send, later))[0]).toMatchObject({ state: 'queued' })
    online = true
    const [entry] = await sendQueued(storage, send, later)
    expect(entry).toMatchObject({ state: 'sent', settledAt: later().toISOString() })
    expect(sent.map((e) => e.id)).toEqual(['app-00000002'])
    // A sent application is not sent again.
    await sendQueued(storage, send, later)
    expect(sent).toHaveLength(1)
  })

  it('stops sending an application the server refused, with its reasons kept', async () => {
    const storage = memoryStorage()
    enqueueApplication(storage, 'facilitator', { id: 'app-00000003' }, at)
    let calls = 0
    const refuse = async (): Promise<SendResult> => {
      calls++
      return { status: 400, body: { type: 'error', message: 'Fix', fields: { email: 'Bad' } } }
    }
    await sendQueued(storage, refuse, later)
    await sendQueued(storage, refuse, later)
    expect(calls).toBe(1)
    expect(readQueue(storage)[0]).toMatchObject({ state: 'refused', fields: { email: 'Bad' } })
  })

  it('drops an application forgotten while its request was out', async () => {
    const storage = memoryStorage()
    enqueueApplication(storage, 'facilitator', { id: 'app-00000004' }, at)
    const result = await sendQueued(storage, async () => {
      forgetApplication(storage, 'app-00000004')
      return ok
    })
    expect(result).toEqual([])
    expect(storage.items.has(APPLICATION_QUEUE_KEY)).toBe(false)
  })

  it('reads a damaged queue as empty rather than failing the page', () => {
    const storage = memoryStorage()
    storage.setItem(APPLICATION_QUEUE_KEY, '{not json')
    expect(readQueue(storage)).toEqual([])
    storage.setItem(APPLICATION_QUEUE_KEY, '{"a":1}')
    expect(readQueue(storage)).toEqual([])
  })
})
