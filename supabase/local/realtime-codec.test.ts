import { describe, expect, it } from 'vitest'
import { decodeFrame, encodeFrame } from './realtime-codec.ts'

// A client broadcast as realtime-js 2.109's serializer encodes it (kind 3, JSON payload).
function userBroadcastPush(
  joinRef: string,
  ref: string,
  topic: string,
  event: string,
  payload: unknown,
) {
  const parts = [joinRef, ref, topic, event, ''].map((s) => Buffer.from(s))
  const header = Buffer.from([3, ...parts.map((p) => p.length), 1])
  return Buffer.concat([header, ...parts, Buffer.from(JSON.stringify(payload))])
}

describe('realtime frames', () => {
  it('reads vsn 1.0.0 objects and vsn 2.0.0 arrays', () => {
    const v1 = Buffer.from(
      JSON.stringify({
        topic: 'phoenix',
        event: 'heartbeat',
        payload: {},
        ref: '1',
        join_ref: null,
      }),
    )
    expect(decodeFrame('1.0.0', v1, false)).toEqual({
      joinRef: null,
      ref: '1',
      topic: 'phoenix',
      event: 'heartbeat',
      payload: {},
    })
    const v2 = Buffer.from(JSON.stringify(['3', '4', 'realtime:sync', 'phx_join', { config: {} }]))
    expect(decodeFrame('2.0.0', v2, false)).toEqual({
      joinRef: '3',
      ref: '4',
      topic: 'realtime:sync',
      event: 'phx_join',
      payload: { config: {} },
    })
  })

  it('reads a binary client broadcast', () => {
    const frame = decodeFrame(
      '2.0.0',
      userBroadcastPush('1', '7', 'realtime:room', 'hello', { n: 1 }),
      true,
    )
    expect(frame).toEqual({
      joinRef: '1',
      ref: '7',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'hello', payload: { n: 1 } },
    })
  })

  it('refuses what it cannot read', () => {
    expect(() => decodeFrame('2.0.0', Buffer.from('{"topic":"x"}'), false)).toThrow()
    expect(() => decodeFrame('1.0.0', Buffer.from('not json'), false)).toThrow()
    expect(() => decodeFrame('2.0.0', Buffer.from([9, 0, 0]), true)).toThrow()
  })

  it('writes each version the way realtime-js decodes it', () => {
    const f = {
      joinRef: null,
      ref: null,
      topic: 'realtime:sync',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'poke', payload: {} },
    }
    expect(JSON.parse(encodeFrame('2.0.0', f) as string)).toEqual([
      null,
      null,
      'realtime:sync',
      'broadcast',
      f.payload,
    ])
    expect(JSON.parse(encodeFrame('1.0.0', f) as string)).toMatchObject({
      topic: 'realtime:sync',
      event: 'broadcast',
      payload: f.payload,
    })
    const binary = {
      ...f,
      payload: { type: 'broadcast', event: 'blob', payload: new Uint8Array([1, 2, 3]) },
    }
    const bytes = encodeFrame('2.0.0', binary) as Buffer
    expect([...bytes.subarray(0, 5)]).toEqual([4, 13, 4, 0, 0])
    expect([...bytes.subarray(-3)]).toEqual([1, 2, 3])
    expect(encodeFrame('1.0.0', binary)).toBeNull()
  })
})
