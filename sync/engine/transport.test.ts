// The poke channel when the realtime client is loaded on first use: it opens once the client
// has arrived, tries again when its file did not load, and never opens after it was stopped.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { supabaseTransport, type SyncBackend } from './transport'

type Handler = (message: { payload?: unknown }) => void

/** A realtime client that records the channels opened and removed. */
function fakeRealtime() {
  const opened: string[] = []
  const removed: string[] = []
  let handler: Handler | undefined
  let status: ((status: string) => void) | undefined
  const realtime = {
    channel(topic: string) {
      const channel = {
        on(_type: string, _filter: unknown, h: Handler) {
          handler = h
          return channel
        },
        subscribe(callback?: (status: string) => void) {
          status = callback
          opened.push(topic)
          return channel
        },
        topic,
      }
      return channel
    },
    removeChannel(channel: { topic: string }) {
      removed.push(channel.topic)
      return Promise.resolve('ok')
    },
  }
  return {
    realtime,
    opened,
    removed,
    send: (payload: unknown) => handler?.({ payload }),
    /** The channel's state as realtime-js reports it to `subscribe`'s callback. */
    report: (state: string) => status?.(state),
  }
}

const rpc = (() => {
  throw new Error('not called')
}) as unknown as SyncBackend['rpc']

describe('the poke channel with a realtime client loaded on first use', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('opens once the client has loaded and passes on the collection poked', async () => {
    const fake = fakeRealtime()
    const heard: (string | null)[] = []
    const stop = supabaseTransport({
      rpc,
      realtime: () => Promise.resolve(fake.realtime as never),
    }).onPoke((c) => heard.push(c))
    await vi.advanceTimersByTimeAsync(0)
    expect(fake.opened).toEqual(['sync'])
    fake.send({ collection: 'students' })
    fake.send({ collection: 42 })
    expect(heard).toEqual(['students'])
    stop()
    expect(fake.removed).toEqual(['sync'])
  })

  it('says every collection may have changed each time the channel joins, as pokes were missed', async () => {
    const fake = fakeRealtime()
    const heard: (string | null)[] = []
    supabaseTransport({
      rpc,
      realtime: () => Promise.resolve(fake.realtime as never),
    }).onPoke((c) => heard.push(c))
    await vi.advanceTimersByTimeAsync(0)
    fake.report('SUBSCRIBED')
    fake.send({ collection: 'students' })
    // The connection is lost and realtime-js joins the channel again.
    fake.report('CHANNEL_ERROR')
    fake.report('TIMED_OUT')
    fake.report('SUBSCRIBED')
    expect(heard).toEqual([null, 'students', null])
  })

  it('tries again 30 s after the file failed to load', async () => {
    const fake = fakeRealtime()
    const load = vi
      .fn<() => Promise<never>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue(fake.realtime as never)
    supabaseTransport({ rpc, realtime: load }).onPoke(() => {})
    await vi.advanceTimersByTimeAsync(29_000)
    expect(load).toHaveBeenCalledTimes(1)
    expect(fake.opened).toEqual([])
    await vi.advanceTimersByTimeAsync(1_000)
    expect(load).toHaveBeenCalledTimes(2)
    expect(fake.opened).toEqual(['sync'])
  })

  it('opens nothing when stopped before the client arrived, and stops retrying', async () => {
    const fake = fakeRealtime()
    let arrive: (r: never) => void = () => {}
    const stop = supabaseTransport({
      rpc,
      realtime: () => new Promise<never>((resolve) => (arrive = resolve)),
    }).onPoke(() => {})
    stop()
    arrive(fake.realtime as never)
    await vi.advanceTimersByTimeAsync(0)
    expect(fake.opened).toEqual([])

    const failing = vi.fn<() => Promise<never>>().mockRejectedValue(new Error('offline'))
    const stopFailing = supabaseTransport({ rpc, realtime: failing }).onPoke(() => {})
    await vi.advanceTimersByTimeAsync(0)
    stopFailing()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(failing).toHaveBeenCalledTimes(1)
  })

  it('uses a realtime client at hand (supabase-js in Node) at once', async () => {
    const fake = fakeRealtime()
    supabaseTransport({ rpc, realtime: fake.realtime as never }).onPoke(() => {})
    await vi.advanceTimersByTimeAsync(0)
    expect(fake.opened).toEqual(['sync'])
  })
})
