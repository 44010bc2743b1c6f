// Channels of one Realtime server: who has joined which topic, and the Phoenix conversation with
// each socket (join, leave, heartbeat, access_token, broadcast), as realtime-js 2.109 speaks it.
import { WebSocket, type RawData } from 'ws'
import { applyAuth, type HostDeps, type RequestAuth } from './deps.ts'
import {
  decodeFrame,
  encodeFrame,
  type BroadcastBody,
  type Frame,
  type Vsn,
} from './realtime-codec.ts'

const MAX_TIMER_MS = 2 ** 31 - 1

export type Claims = Record<string, unknown>

interface Subscription {
  conn: Connection
  topic: string
  key: string
  joinRef: string | null
  self: boolean
  ack: boolean
  isPrivate: boolean
  /** Whether the person may broadcast here (private channels: the RLS insert check). */
  canWrite: boolean
  expiry?: NodeJS.Timeout
}

export class Hub {
  readonly byKey = new Map<string, Set<Subscription>>()

  add(sub: Subscription) {
    const set = this.byKey.get(sub.key) ?? new Set()
    set.add(sub)
    this.byKey.set(sub.key, set)
  }

  remove(sub: Subscription) {
    clearTimeout(sub.expiry)
    const set = this.byKey.get(sub.key)
    set?.delete(sub)
    if (set?.size === 0) this.byKey.delete(sub.key)
  }

  publish(key: string, body: BroadcastBody, except?: Subscription) {
    for (const sub of this.byKey.get(key) ?? []) {
      if (sub === except) continue
      sub.conn.send({
        joinRef: null,
        ref: null,
        topic: sub.topic,
        event: 'broadcast',
        payload: body,
      })
    }
  }
}

export const keyOf = (subTopic: string, isPrivate: boolean) =>
  `${isPrivate ? 'private' : 'public'}:${subTopic}`

/**
 * Topics only the database speaks on (realtime.send() from SQL): the sync poke. A client's
 * broadcast there would make every device pull, so it is refused.
 */
export const SERVER_ONLY_TOPICS = new Set(['sync'])

class Verdict {
  constructor(readonly value: { read: boolean; write: boolean }) {}
}

/**
 * What Supabase Realtime asks the database when a private channel is joined: may this person
 * read (and write) messages of the topic? RLS on realtime.messages answers, with the person's
 * claims and realtime.topic() set, in a transaction that is rolled back. A blocked member or a
 * visitor reads nothing, so cannot join.
 */
export async function channelRights(
  deps: HostDeps,
  claims: Claims,
  topic: string,
): Promise<{ read: boolean; write: boolean }> {
  if (claims.role === 'service_role') return { read: true, write: true }
  if (claims.role !== 'authenticated') return { read: false, write: false }
  const auth: RequestAuth = { role: 'authenticated', claims }
  try {
    await deps.db.transaction(async (tx) => {
      const [probe] = await tx.query<{ id: string }>(
        `insert into realtime.messages (topic, extension, payload, event, private)
         values ($1, 'broadcast', '{}'::jsonb, 'authorization_check', true) returning id`,
        [topic],
      )
      await applyAuth(tx, auth)
      await tx.query(`select set_config('realtime.topic', $1, true)`, [topic])
      const seen = await tx.query(`select 1 from realtime.messages where id = $1`, [probe!.id])
      let write = false
      try {
        await tx.query('savepoint write_check')
        await tx.query(
          `insert into realtime.messages (topic, extension, payload, event, private)
           values ($1, 'broadcast', '{}'::jsonb, 'authorization_check', true)`,
          [topic],
        )
        write = true
      } catch {
        await tx.query('rollback to savepoint write_check')
      }
      throw new Verdict({ read: seen.length > 0, write })
    })
  } catch (outcome) {
    if (outcome instanceof Verdict) return outcome.value
    throw outcome
  }
  return { read: false, write: false }
}

export class Connection {
  readonly subs = new Map<string, Subscription>()
  lastSeen = Date.now()
  private queue: Promise<void> = Promise.resolve()

  constructor(
    readonly ws: WebSocket,
    readonly vsn: Vsn,
    readonly apikeyClaims: Claims,
    readonly hub: Hub,
    readonly deps: HostDeps,
  ) {
    ws.on('message', (data: RawData, isBinary: boolean) => {
      this.lastSeen = Date.now()
      // One message at a time: a join verifies its token asynchronously and a broadcast sent
      // right after it must find the channel joined.
      this.queue = this.queue.then(() => this.handle(toBuffer(data), isBinary)).catch(() => {})
    })
    ws.on('close', () => this.leaveAll())
    ws.on('error', () => ws.terminate())
  }

  send(f: Frame) {
    if (this.ws.readyState !== WebSocket.OPEN) return
    const encoded = encodeFrame(this.vsn, f)
    if (encoded !== null) this.ws.send(encoded)
  }

  private reply(f: Frame, status: 'ok' | 'error', response: Record<string, unknown>) {
    this.send({
      joinRef: f.joinRef,
      ref: f.ref,
      topic: f.topic,
      event: 'phx_reply',
      payload: { status, response },
    })
  }

  private async handle(data: Buffer, isBinary: boolean) {
    let f: Frame
    try {
      f = decodeFrame(this.vsn, data, isBinary)
    } catch {
      this.ws.close(1003, 'malformed message')
      return
    }
    if (f.topic === 'phoenix') {
      if (f.event === 'heartbeat') this.reply(f, 'ok', {})
      return
    }
    if (f.event === 'phx_join') return this.join(f)
    const sub = this.subs.get(f.topic)
    if (!sub) return this.reply(f, 'error', { reason: 'unmatched topic' })
    switch (f.event) {
      case 'phx_leave':
        this.leave(sub)
        this.reply(f, 'ok', {})
        this.send({
          joinRef: sub.joinRef,
          ref: null,
          topic: sub.topic,
          event: 'phx_close',
          payload: {},
        })
        return
      case 'access_token':
        return this.refreshToken(sub, (f.payload as { access_token?: unknown }).access_token)
      case 'broadcast': {
        const body = f.payload as Partial<BroadcastBody>
        if (typeof body?.event !== 'string')
          return this.reply(f, 'error', { reason: 'broadcast needs an event' })
        if (!sub.canWrite) {
          return this.reply(f, 'error', {
            reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${sub.topic.slice('realtime:'.length)}`,
          })
        }
        const message: BroadcastBody = {
          type: 'broadcast',
          event: body.event,
          payload: body.payload ?? {},
        }
        if (body.meta) message.meta = body.meta
        this.hub.publish(sub.key, message, sub.self ? undefined : sub)
        if (sub.ack) this.reply(f, 'ok', {})
        return
      }
      default:
        return this.reply(f, 'error', { reason: `${f.event} is not supported by this server` })
    }
  }

  private async join(f: Frame) {
    const payload = (f.payload ?? {}) as {
      config?: {
        broadcast?: { self?: boolean; ack?: boolean }
        private?: boolean
        postgres_changes?: unknown[]
      }
      access_token?: unknown
    }
    if (!f.topic.startsWith('realtime:'))
      return this.reply(f, 'error', { reason: 'topic must start with realtime:' })
    const subTopic = f.topic.slice('realtime:'.length)
    const config = payload.config ?? {}
    if ((config.postgres_changes?.length ?? 0) > 0) {
      return this.reply(f, 'error', { reason: 'postgres_changes is not available on this server' })
    }
    let claims = this.apikeyClaims
    if (typeof payload.access_token === 'string') {
      try {
        claims = await this.deps.verifyToken(payload.access_token)
      } catch (e) {
        return this.reply(f, 'error', { reason: (e as Error).message })
      }
    }
    const isPrivate = config.private === true
    const rights = isPrivate ? await channelRights(this.deps, claims, subTopic) : null
    if (rights && !rights.read) {
      return this.reply(f, 'error', {
        reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`,
      })
    }
    const previous = this.subs.get(f.topic)
    if (previous) this.leave(previous)
    const sub: Subscription = {
      conn: this,
      topic: f.topic,
      key: keyOf(subTopic, isPrivate),
      joinRef: f.joinRef,
      self: config.broadcast?.self === true,
      ack: config.broadcast?.ack === true,
      isPrivate,
      canWrite: !SERVER_ONLY_TOPICS.has(subTopic) && (rights ? rights.write : true),
    }
    this.subs.set(f.topic, sub)
    this.hub.add(sub)
    this.watchExpiry(sub, claims)
    this.reply(f, 'ok', { postgres_changes: [] })
  }

  private async refreshToken(sub: Subscription, token: unknown) {
    if (typeof token !== 'string') return
    let claims: Claims
    try {
      claims = await this.deps.verifyToken(token)
    } catch (e) {
      return this.shutdown(sub, (e as Error).message)
    }
    if (sub.isPrivate) {
      const subTopic = sub.topic.slice('realtime:'.length)
      const rights = await channelRights(this.deps, claims, subTopic)
      if (!rights.read)
        return this.shutdown(sub, 'Unauthorized: the new token cannot read this channel')
      sub.canWrite = !SERVER_ONLY_TOPICS.has(subTopic) && rights.write
    }
    this.watchExpiry(sub, claims)
  }

  /** Like Supabase: when the token a channel was joined with expires, the channel is closed. */
  private watchExpiry(sub: Subscription, claims: Claims) {
    clearTimeout(sub.expiry)
    if (typeof claims.exp !== 'number') return
    const delay = claims.exp * 1000 - Date.now()
    if (delay > MAX_TIMER_MS) return
    sub.expiry = setTimeout(() => this.shutdown(sub, 'Token has expired'), Math.max(0, delay))
    sub.expiry.unref()
  }

  private shutdown(sub: Subscription, message: string) {
    const channel = sub.topic.slice('realtime:'.length)
    this.send({
      joinRef: sub.joinRef,
      ref: null,
      topic: sub.topic,
      event: 'system',
      payload: { extension: 'system', status: 'error', message, channel },
    })
    this.send({
      joinRef: sub.joinRef,
      ref: null,
      topic: sub.topic,
      event: 'phx_close',
      payload: {},
    })
    this.leave(sub)
  }

  private leave(sub: Subscription) {
    this.hub.remove(sub)
    if (this.subs.get(sub.topic) === sub) this.subs.delete(sub.topic)
  }

  leaveAll() {
    for (const sub of [...this.subs.values()]) this.leave(sub)
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data
  if (Array.isArray(data)) return Buffer.concat(data)
  return Buffer.from(data)
}
