// Simulated devices for the host's load (issue 37): each holds its own realtime connection, joined
// to the private `sync` channel as the app's transport does (sync/engine/transport.ts), and on a
// poke pulls the collection with its own checkpoint until an answer is short, as RxDB's RESYNC
// does (a poke that arrives during a pull makes one more pull after it). Used by the `devices`
// benchmark (200 devices) and by a small test that every device receives a write.
import { RealtimeClient } from '@supabase/realtime-js'
import WebSocket from 'ws'
import type { Checkpoint, PullResult } from '@sync/engine/transport.ts'

export interface DeviceOptions {
  url: string
  anonKey: string
  /** The access token of the account the device is signed in with (devices may share one). */
  token: string
  /** The collections the device replicates (pokes for others are ignored). */
  collections: string[]
  /** The app's pull batch size. */
  batchSize?: number
}

export class SimulatedDevice {
  readonly checkpoints = new Map<string, Checkpoint | null>()
  /** performance.now() when a document id first arrived in a pull answer. */
  readonly arrivals = new Map<string, number>()
  /** performance.now() of every poke received. */
  readonly pokes: number[] = []
  pulls = 0
  failedPulls = 0
  private readonly realtime: RealtimeClient
  private readonly pulling = new Map<string, Promise<void>>()
  private readonly again = new Set<string>()
  private readonly batchSize: number

  constructor(readonly options: DeviceOptions) {
    this.batchSize = options.batchSize ?? 200
    for (const c of options.collections) this.checkpoints.set(c, null)
    this.realtime = new RealtimeClient(`${options.url}/realtime/v1`, {
      params: { apikey: options.anonKey },
      transport: WebSocket as never,
    })
  }

  /** Joins the sync channel; resolves once the server has accepted the join. */
  async connect(timeoutMs = 30_000): Promise<void> {
    await this.realtime.setAuth(this.options.token)
    const channel = this.realtime
      .channel('sync', { config: { private: true } })
      .on('broadcast', { event: 'poke' }, (message) => {
        const collection = (message.payload as { collection?: unknown } | undefined)?.collection
        if (typeof collection !== 'string' || !this.checkpoints.has(collection)) return
        this.pokes.push(performance.now())
        void this.poke(collection)
      })
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('realtime join timed out')), timeoutMs)
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') {
          clearTimeout(timer)
          resolve()
        } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
          clearTimeout(timer)
          reject(error ?? new Error(status))
        }
      })
    })
  }

  /** What RxDB does on RESYNC: pull from the checkpoint until an answer is short. */
  poke(collection: string): Promise<void> {
    const running = this.pulling.get(collection)
    if (running) {
      this.again.add(collection)
      return running
    }
    const run = (async () => {
      try {
        do {
          this.again.delete(collection)
          await this.pullUntilShort(collection)
        } while (this.again.has(collection))
      } finally {
        this.pulling.delete(collection)
      }
    })()
    this.pulling.set(collection, run)
    return run
  }

  /** Pulls every page of `collection` from the device's checkpoint. */
  async pullUntilShort(collection: string): Promise<void> {
    for (;;) {
      const answer = await this.pullOnce(collection)
      if (!answer || answer.documents.length < this.batchSize) return
    }
  }

  /** One sync_pull with the device's checkpoint; notes what arrived and moves the checkpoint. */
  async pullOnce(collection: string): Promise<PullResult | null> {
    this.pulls++
    const res = await fetch(`${this.options.url}/rest/v1/rpc/sync_pull`, {
      method: 'POST',
      headers: {
        apikey: this.options.anonKey,
        authorization: `Bearer ${this.options.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        collection,
        checkpoint: this.checkpoints.get(collection) ?? null,
        batch_size: this.batchSize,
      }),
    }).catch(() => null)
    if (!res?.ok) {
      this.failedPulls++
      await res?.arrayBuffer()
      return null
    }
    const answer = (await res.json()) as PullResult
    const now = performance.now()
    for (const doc of answer.documents) {
      const id = String(doc.id)
      if (!this.arrivals.has(id)) this.arrivals.set(id, now)
    }
    this.checkpoints.set(collection, answer.checkpoint)
    return answer
  }

  async close(): Promise<void> {
    await this.realtime.removeAllChannels()
    this.realtime.disconnect()
  }
}

/** Resolves once every device in `devices` has `id`, or rejects after `timeoutMs`. */
export async function allReceived(
  devices: SimulatedDevice[],
  id: string,
  timeoutMs: number,
): Promise<void> {
  const until = Date.now() + timeoutMs
  while (devices.some((d) => !d.arrivals.has(id))) {
    if (Date.now() > until) {
      const missing = devices.filter((d) => !d.arrivals.has(id)).length
      throw new Error(`${missing} of ${devices.length} devices did not receive ${id}`)
    }
    await new Promise((r) => setTimeout(r, 20))
  }
}
