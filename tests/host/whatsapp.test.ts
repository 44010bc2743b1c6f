// WhatsApp through the local host and a Cloud API stand-in on loopback that checks each request's
// shape and fails 20% of calls: the webhook's verification and signature, replies landing on the
// right number, delivery reports, the dispatcher sending each message once through failures,
// session versus template, the rate limit per recipient, and messages kept queued without a token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FunctionEnv } from '../../supabase/functions/_shared/env.ts'
import { createHandler } from '../../supabase/functions/whatsapp/handler.ts'
import type { Queryable } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { provideEdgeGlobals } from '../../supabase/local/edge-runtime.ts'
import { startCloudApiStandIn, type StandIn } from '../../supabase/local/whatsapp-standin.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const admin = claimsOf(demoAccounts.find((a) => a.label === 'admin')!)
const VERIFY = 'verify-me-please'
type Row = Record<string, unknown> & { id: string }

describe.each(testDatabases())('WhatsApp on $name', (database) => {
  let h: TestHost
  let api: StandIn
  let env: FunctionEnv
  let webhook: string

  beforeAll(async () => {
    api = await startCloudApiStandIn({ failRate: 0.2, seed: 7 })
    // The host gets the webhook's secrets but no token: its own sender stays idle and each test
    // dispatches when it chooses.
    h = await startTestHost({
      database,
      options: { whatsapp: { appSecret: api.appSecret, verifyToken: VERIFY } },
    })
    webhook = `${h.url}/functions/v1/whatsapp-webhook`
    api.setWebhook(webhook)
    provideEdgeGlobals()
    env = {
      SUPABASE_URL: h.url,
      SUPABASE_ANON_KEY: h.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: h.serviceRoleKey,
      SITE_URL: h.url,
      WHATSAPP_API_URL: api.apiUrl,
      WHATSAPP_PHONE_NUMBER_ID: api.phoneNumberId,
      WHATSAPP_TOKEN: api.token,
      WHATSAPP_TEMPLATE: 'centre_update:en_GB',
    }
  })
  afterAll(async () => {
    await h?.stop()
    await api?.close()
  })

  const push = (rows: unknown[]) =>
    asUser(
      h.db,
      admin,
      async (tx: Queryable) =>
        (
          await tx.query<{ r: { refused: unknown[] } }>(
            `select public.sync_push('whatsapp', $1::jsonb) as r`,
            [JSON.stringify(rows.map((newDocumentState) => ({ newDocumentState })))],
          )
        )[0]!.r,
      { commit: true },
    )
  const number = (wa: string, name: string) => ({
    id: `wa-${wa}`,
    kind: 'number',
    wa_id: wa,
    data: { name, status: 'Active' },
    created_at: new Date().toISOString(),
    _deleted: false,
  })
  const message = (id: string, wa: string, body: string, mode: 'session' | 'template') => ({
    id,
    kind: 'message',
    wa_id: wa,
    data: { direction: 'out', body, mode },
    created_at: new Date().toISOString(),
    _deleted: false,
  })
  const rows = (sql: string, params: unknown[] = []) => h.db.query<Row>(sql, params)
  const dispatch = async (factor = '1') => {
    const res = await createHandler({ ...env, RATE_LIMIT_FACTOR: factor })(
      new Request(`${h.url}/functions/v1/whatsapp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.serviceRoleKey}` },
      }),
    )
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  /** Runs the dispatcher until nothing is left to try, making each retry due at once. */
  const dispatchAll = async () => {
    for (let round = 0; round < 30; round++) {
      await dispatch('100')
      const waiting = await rows(`select * from public.whatsapp_outbox where status = 'queued'`)
      if (waiting.length === 0) return round
      await h.db.query(
        `update public.whatsapp_outbox set next_attempt_at = now() where status = 'queued'`,
      )
    }
    throw new Error('messages still queued after 30 rounds')
  }

  it('answers the verification challenge only with the right verify token', async () => {
    const ask = (token: string) =>
      fetch(`${webhook}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${token}`)
    const right = await ask(VERIFY)
    expect(right.status).toBe(200)
    expect(await right.text()).toBe('1158201444')
    const wrong = await ask('guess')
    expect(wrong.status).toBe(403)
    expect(await wrong.text()).not.toContain('1158201444')
  })

  it('refuses a delivery with a bad or missing signature and changes nothing', async () => {
    const before = await rows('select id from public.whatsapp')
    const payload = {
      entry: [
        {
          changes: [
            {
              value: {
                contacts: [{ wa_id: '919000000003', profile: { name: 'Forger' } }],
                messages: [
                  {
                    from: '919000000003',
                    id: 'wamid.forged',
                    timestamp: '1',
                    type: 'text',
                    text: { body: 'Forged' },
                  },
                ],
              },
            },
          ],
        },
      ],
    }
    expect((await api.deliver(payload, 'not-the-app-secret')).status).toBe(401)
    const unsigned = await fetch(webhook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    })
    expect(unsigned.status).toBe(401)
    expect(await rows('select id from public.whatsapp')).toEqual(before)
  })

  it('lands a reply on the right number, read with the prefix rule, and makes a number it lacks', async () => {
    await push([number('919000000003', 'João Fernandes')])
    // Ten digits are an Indian number: the reply lands on +91 90000 00003.
    expect((await api.reply('9000000003', 'Hello from João', 'João')).status).toBe(200)
    expect((await api.reply('447700900123', 'Hello from Daniel', 'Daniel Naik')).status).toBe(200)
    const replies = await rows(
      `select wa_id, data ->> 'body' as body, status, msg_count from public.whatsapp
        where kind = 'message' and data ->> 'direction' = 'in' order by wa_id`,
    )
    expect(replies).toEqual([
      { wa_id: '447700900123', body: 'Hello from Daniel', status: 'received', msg_count: 1 },
      { wa_id: '919000000003', body: 'Hello from João', status: 'received', msg_count: 1 },
    ])
    expect(await rows(`select data from public.whatsapp where id = 'wa-447700900123'`)).toEqual([
      { data: { name: 'Daniel Naik', status: 'Active' } },
    ])
  })

  it('keeps messages queued while no token is set', async () => {
    await push([message('w-queued', '919000000003', 'Not yet', 'template')])
    const res = await createHandler({ ...env, WHATSAPP_TOKEN: undefined })(
      new Request(`${h.url}/functions/v1/whatsapp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.serviceRoleKey}` },
      }),
    )
    expect(res.status).toBe(503)
    expect(
      await rows(`select status from public.whatsapp_outbox where message_id = 'w-queued'`),
    ).toEqual([{ status: 'queued' }])
    // Only the server dispatches.
    const stranger = await createHandler(env)(
      new Request(`${h.url}/functions/v1/whatsapp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.anonKey}` },
      }),
    )
    expect(stranger.status).toBe(403)
  })

  it('sends each message once through a Cloud API that fails a fifth of calls: free text in the window, a template outside', async () => {
    const numbers = ['919000000011', '919000000012', '919000000013', '919000000014']
    await push(numbers.map((wa, i) => number(wa, `Parent ${i + 1}`)))
    // The first two wrote to the centre a moment ago: their window is open.
    for (const wa of numbers.slice(0, 2)) await api.reply(wa, 'Hi')
    const outgoing = numbers.flatMap((wa, i) =>
      [1, 2, 3, 4, 5].map((k) =>
        message(
          `w-${wa}-${k}`,
          wa,
          `Message ${k} for parent ${i + 1}`,
          i < 2 ? 'session' : 'template',
        ),
      ),
    )
    expect((await push(outgoing)).refused).toEqual([])
    const takenBefore = api.taken.length
    const callsBefore = api.calls.length
    await dispatchAll()

    const taken = api.taken.slice(takenBefore).filter((t) => numbers.includes(t.to))
    const sent = await rows(
      `select id, wa_id, status, wamid from public.whatsapp where id like 'w-9190000000%' order by id`,
    )
    // Every message went, each exactly once, and the failed calls were tried again.
    expect(sent.map((r) => r.status)).toEqual(Array(20).fill('sent'))
    expect(taken).toHaveLength(20)
    expect(new Set(sent.map((r) => r.wamid))).toEqual(new Set(taken.map((t) => t.wamid)))
    expect(api.calls.slice(callsBefore).some((c) => c.status === 500)).toBe(true)
    expect(api.calls.slice(callsBefore).filter((c) => c.status === 400)).toEqual([])

    const session = taken.find((t) => t.to === '919000000011')!
    expect(session.body).toMatchObject({
      type: 'text',
      text: { body: expect.stringMatching(/^Message \d for parent 1$/) },
    })
    const template = taken.find((t) => t.to === '919000000013')!
    expect(template.body).toMatchObject({
      type: 'template',
      template: {
        name: 'centre_update',
        language: { code: 'en_GB' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Parent 3' },
              { type: 'text', text: expect.stringMatching(/^Message \d for parent 3$/) },
            ],
          },
        ],
      },
    })
    expect(await rows(`select sent from public.whatsapp where id = 'wa-919000000013'`)).toEqual([
      { sent: 5 },
    ])
  })

  it('writes Meta’s delivery reports back: delivered, read, and failed with the reason', async () => {
    const [first, second] = await rows(
      `select id, wamid from public.whatsapp where id in ('w-919000000011-1', 'w-919000000011-2') order by id`,
    )
    expect((await api.report(first!.wamid as string, 'delivered')).status).toBe(200)
    expect((await api.report(first!.wamid as string, 'read')).status).toBe(200)
    expect(
      (await api.report(second!.wamid as string, 'failed', 'Message undeliverable')).status,
    ).toBe(200)
    expect(
      await rows(
        `select id, status, status_reason from public.whatsapp where id in ($1, $2) order by id`,
        [first!.id, second!.id],
      ),
    ).toEqual([
      { id: first!.id, status: 'read', status_reason: null },
      {
        id: second!.id,
        status: 'failed',
        status_reason: '(#131026) Message undeliverable Message undeliverable',
      },
    ])
  })

  it('gives Meta a read receipt once staff opened the chat, once (O19)', async () => {
    const staff = (sql: string) =>
      asUser(h.db, admin, (tx: Queryable) => tx.query<{ n: number }>(sql), { commit: true })
    expect((await staff(`select public.whatsapp_read('447700900123') as n`))[0]!.n).toBe(1)
    expect((await staff(`select public.whatsapp_read('447700900123') as n`))[0]!.n).toBe(0)
    const before = api.readReceipts.length
    api.setFailRate(0)
    await dispatch('1')
    api.setFailRate(0.2)
    const [reply] = await rows(
      `select wamid, status from public.whatsapp where wa_id = '447700900123' and data ->> 'direction' = 'in'`,
    )
    expect(api.readReceipts.slice(before)).toEqual([reply!.wamid])
    expect(reply!.status).toBe('read')
  })

  it('keeps to 10 messages a minute to one person: the rest wait, no attempt counted', async () => {
    const wa = '919000000021'
    await push([number(wa, 'Busy Parent')])
    const twelve = Array.from({ length: 12 }, (_, k) =>
      message(`w-busy-${String(k + 1).padStart(2, '0')}`, wa, `Note ${k + 1}`, 'template'),
    )
    await push(twelve)
    // Meta answers every call here, so only the limit holds messages back.
    api.setFailRate(0)
    await dispatch('1')
    api.setFailRate(0.2)
    expect(api.taken.filter((t) => t.to === wa)).toHaveLength(10)
    const held = await rows(
      `select status, attempts, next_attempt_at > now() as later from public.whatsapp_outbox
        where message_id like 'w-busy-%' and status <> 'sent'`,
    )
    // Waiting for the limit is no attempt.
    expect(held).toEqual([
      { status: 'queued', attempts: 0, later: true },
      { status: 'queued', attempts: 0, later: true },
    ])
    // Once the minute has passed (here: the limit raised) the rest go, each once.
    await dispatchAll()
    expect(api.taken.filter((t) => t.to === wa)).toHaveLength(12)
  })
})
