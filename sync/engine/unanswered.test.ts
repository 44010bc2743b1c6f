import { describe, expect, it } from 'vitest'
import { businessText, UnansweredPushes, type LocalStore } from './unanswered.ts'

/** The database's local documents, in memory. */
function memoryStore(): LocalStore & { saved: Map<string, unknown> } {
  const saved = new Map<string, unknown>()
  return {
    saved,
    getLocal: async (id) => {
      const value = saved.get(id) as Record<string, unknown> | undefined
      return value ? { get: (path: string) => structuredClone(value[path]) } : null
    },
    upsertLocal: async (id, data) => {
      saved.set(id, structuredClone(data))
      return data
    },
  }
}

const room = (name: string, more: Record<string, unknown> = {}) => ({
  id: 'rc-1',
  kind: 'classroom',
  data: { name },
  ...more,
})

describe('what the server keeps of a document', () => {
  it('ignores the server columns, key order, RxDB fields and how a moment is written', () => {
    const a = businessText(
      { id: 'x', data: { b: 1, a: 2 }, at: '2026-11-26T09:00:00Z', updated_at: '1', _rev: '1-a' },
      ['updated_at'],
    )
    const b = businessText(
      { data: { a: 2, b: 1 }, id: 'x', at: '2026-11-26T09:00:00.000+00:00', updated_at: '2' },
      ['updated_at'],
    )
    expect(a).toBe(b)
    expect(businessText({ id: 'x', _deleted: true }, [])).not.toBe(businessText({ id: 'x' }, []))
  })
})

describe('pushes whose answer was lost', () => {
  it('recognises a state it sent, across a restart, and forgets it once acknowledged', async () => {
    const store = memoryStore()
    const first = new UnansweredPushes(store, { reference: ['updated_at'] })
    await first.noteSent('reference', [room('First')])
    await first.noteSent('reference', [room('Second')])

    // The app restarts: the record is read back from the device.
    const again = new UnansweredPushes(store, { reference: ['updated_at'] })
    expect(await again.sentByMe('reference', room('First', { updated_at: 'x' }))).toBe(true)
    expect(await again.sentByMe('reference', room('Second'))).toBe(true)
    expect(await again.sentByMe('reference', room('Someone else'))).toBe(false)

    // RxDB now holds 'First' as acknowledged: it and anything before it are forgotten.
    await again.prune('reference', async () => new Map([['rc-1', room('First')]]))
    expect(await again.sentByMe('reference', room('First'))).toBe(false)
    expect(await again.sentByMe('reference', room('Second'))).toBe(true)
    await again.prune('reference', async () => new Map([['rc-1', room('Second')]]))
    expect(await again.sentByMe('reference', room('Second'))).toBe(false)
    expect(store.saved.get('unanswered-reference')).toEqual({ sent: {} })
  })

  it('keeps a record it cannot match, and at most ten states of one document', async () => {
    const unanswered = new UnansweredPushes(memoryStore(), {})
    for (let i = 0; i < 12; i++) await unanswered.noteSent('reference', [room(`Name ${i}`)])
    await unanswered.prune(
      'reference',
      async () => new Map([['rc-1', room('Pulled from elsewhere')]]),
    )
    expect(await unanswered.sentByMe('reference', room('Name 1'))).toBe(false)
    expect(await unanswered.sentByMe('reference', room('Name 2'))).toBe(true)
    expect(await unanswered.sentByMe('reference', room('Name 11'))).toBe(true)
  })
})
