// Realtime broadcast through the local host, with supabase-js as the client: the sync poke sent
// by SQL, client-to-client broadcast, private channels, and refusals.
import { request } from 'node:http'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { memberMaker, type Member } from './support/members.ts'

type Message = { event: string; payload: Record<string, unknown> }

/** Subscribes and resolves once joined; collects broadcasts of `event` into `inbox`. */
function join(
  client: SupabaseClient,
  topic: string,
  config: { private?: boolean; broadcast?: { self?: boolean; ack?: boolean } } = {},
  event = '*',
): Promise<{ channel: RealtimeChannel; inbox: Message[]; next(): Promise<Message> }> {
  const inbox: Message[] = []
  const waiting: ((m: Message) => void)[] = []
  const channel = client.channel(topic, { config })
  channel.on('broadcast', { event }, (m) => {
    const message = { event: m.event, payload: m.payload as Record<string, unknown> }
    const waiter = waiting.shift()
    if (waiter) waiter(message)
    else inbox.push(message)
  })
  const next = () =>
    inbox.length > 0
      ? Promise.resolve(inbox.shift()!)
      : new Promise<Message>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no broadcast on ${topic}`)), 5000)
          waiting.push((m) => {
            clearTimeout(timer)
            resolve(m)
          })
        })
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve({ channel, inbox, next })
      else if (status !== 'CLOSED') reject(error ?? new Error(status))
    })
  })
}

const subscribeError = (client: SupabaseClient, topic: string, config: { private?: boolean }) =>
  new Promise<string>((resolve) => {
    client.channel(topic, { config }).subscribe((status, error) => {
      if (status !== 'SUBSCRIBED') resolve(`${status}: ${error?.message ?? ''}`)
      else resolve('SUBSCRIBED')
    })
  })

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each(testDatabases())('realtime on $name', (database) => {
  let h: TestHost
  let newMember: (role: string) => Promise<Member>

  beforeAll(async () => {
    h = await startTestHost({ database, options: { seed: false } })
    newMember = memberMaker(h)
  })
  afterAll(async () => {
    await h?.stop()
  })

  it('delivers a poke sent by realtime.send() to subscribed clients, only after commit', async () => {
    const { next, inbox } = await join(h.client(), 'sync', {}, 'poke')
    const old = await join(h.client({ realtime: { vsn: '1.0.0' } }), 'sync', {}, 'poke')

    await h.db
      .transaction(async (tx) => {
        await tx.query(
          `select realtime.send(jsonb_build_object('collection', 'students'), 'poke', 'sync', false)`,
        )
        throw new Error('roll back')
      })
      .catch(() => {})
    await h.db.query(
      `select realtime.send(jsonb_build_object('collection', 'reference'), 'poke', 'sync', false)`,
    )

    const poke = await next()
    expect(poke.event).toBe('poke')
    expect(poke.payload.collection).toBe('reference')
    expect((await old.next()).payload.collection).toBe('reference')
    await pause(200)
    expect(inbox).toEqual([])
  })

  it('delivers payloads larger than a NOTIFY can carry', async () => {
    const { next } = await join(h.client(), 'big', {}, 'report')
    const text = 'x'.repeat(20_000)
    await h.db.query(
      `select realtime.send(jsonb_build_object('text', $1::text), 'report', 'big', false)`,
      [text],
    )
    expect((await next()).payload.text).toBe(text)
  })

  it('forwards a client broadcast to the other subscribers, and to the sender only with self', async () => {
    const alice = await join(h.client(), 'room', {}, 'hello')
    const bob = await join(h.client({ realtime: { vsn: '1.0.0' } }), 'room', {}, 'hello')
    const carol = await join(h.client(), 'room', { broadcast: { self: true, ack: true } }, 'hello')

    expect(
      await alice.channel.send({ type: 'broadcast', event: 'hello', payload: { from: 'alice' } }),
    ).toBe('ok')
    expect((await bob.next()).payload).toEqual({ from: 'alice' })
    expect((await carol.next()).payload).toEqual({ from: 'alice' })

    expect(
      await carol.channel.send({ type: 'broadcast', event: 'hello', payload: { from: 'carol' } }),
    ).toBe('ok')
    expect((await carol.next()).payload).toEqual({ from: 'carol' })
    expect((await alice.next()).payload).toEqual({ from: 'carol' })
    expect((await bob.next()).payload).toEqual({ from: 'carol' })

    await bob.channel.send({ type: 'broadcast', event: 'hello', payload: { from: 'bob' } })
    expect((await alice.next()).payload).toEqual({ from: 'bob' })
    await pause(200)
    expect(alice.inbox).toEqual([])
    expect(bob.inbox).toEqual([])
  })

  it('stops delivering after the client leaves', async () => {
    const client = h.client()
    const { channel, inbox } = await join(client, 'leaving', {}, 'poke')
    expect(await channel.unsubscribe()).toBe('ok')
    await h.db.query(`select realtime.send('{}'::jsonb, 'poke', 'leaving', false)`)
    await pause(300)
    expect(inbox).toEqual([])
  })

  it('lets only signed-in people join a private channel, and keeps private messages there', async () => {
    expect(await subscribeError(h.client(), 'staff-room', { private: true })).toMatch(
      /CHANNEL_ERROR: Unauthorized/,
    )

    const member = await newMember('administration')
    const inside = await join(member.client, 'staff-room', { private: true }, 'notice')
    const outside = await join(h.client(), 'staff-room', {}, 'notice')
    await h.db.query(`select realtime.send('{"n": 1}'::jsonb, 'notice', 'staff-room', true)`)
    expect((await inside.next()).payload.n).toBe(1)
    await pause(200)
    expect(outside.inbox).toEqual([])
  })

  it('closes a channel when the token it was joined with expires', async () => {
    const member = await newMember('guardian')
    const { data } = await member.client.auth.getSession()
    const claims = {
      ...(JSON.parse(
        Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString(),
      ) as object),
    }
    const shortLived = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) + 2 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(h.jwtSecret))
    const client = h.client()
    await client.realtime.setAuth(shortLived)
    const system = new Promise<Record<string, unknown>>((resolve) => {
      client
        .channel('expiring', { config: { private: true } })
        .on('system', {}, (payload: Record<string, unknown>) => resolve(payload))
        .subscribe()
    })
    const message = await system
    expect(message).toMatchObject({
      status: 'error',
      extension: 'system',
      message: 'Token has expired',
    })
  })

  it('refuses a connection without a valid API key', async () => {
    const status = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${h.url}${path}`, {
          headers: {
            connection: 'Upgrade',
            upgrade: 'websocket',
            'sec-websocket-version': '13',
            'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
          },
        })
        req.on('response', (res) => resolve(res.statusCode ?? 0))
        req.on('upgrade', (res) => resolve(res.statusCode ?? 0))
        req.on('error', reject)
        req.end()
      })
    expect(await status('/realtime/v1/websocket?vsn=2.0.0')).toBe(401)
    expect(await status('/realtime/v1/websocket?vsn=2.0.0&apikey=not-a-key')).toBe(401)
    expect(await status(`/realtime/v1/websocket?vsn=2.0.0&apikey=${h.anonKey}`)).toBe(101)
  })
})
