// A parents' meeting's invitations through the local host and the Cloud API stand-in: each goes
// out once, as the approved template with its two quick replies, one at a time 2 s apart (N10);
// a pressed button becomes the guardian's answer and lands in the chat, free text only in the
// chat (N19); the meeting is sent once all are out (N07).
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FunctionEnv } from '../../supabase/functions/_shared/env.ts'
import { dispatchWhatsApp } from '../../supabase/functions/whatsapp/handler.ts'
import type { Queryable } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { provideEdgeGlobals } from '../../supabase/local/edge-runtime.ts'
import { startCloudApiStandIn, type StandIn } from '../../supabase/local/whatsapp-standin.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'

const facilitator = claimsOf(demoAccounts.find((a) => a.label === 'facilitator')!)

describe.each(testDatabases())('meeting invitations on WhatsApp on $name', (database) => {
  let h: TestHost
  let api: StandIn
  let env: FunctionEnv & { WHATSAPP_TOKEN: string; WHATSAPP_PHONE_NUMBER_ID: string }

  beforeAll(async () => {
    api = await startCloudApiStandIn({ failRate: 0 })
    h = await startTestHost({
      database,
      options: { whatsapp: { appSecret: api.appSecret, verifyToken: 'verify' } },
    })
    api.setWebhook(`${h.url}/functions/v1/whatsapp-webhook`)
    provideEdgeGlobals()
    env = {
      SUPABASE_URL: h.url,
      SUPABASE_ANON_KEY: h.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: h.serviceRoleKey,
      SITE_URL: h.url,
      WHATSAPP_API_URL: api.apiUrl,
      WHATSAPP_PHONE_NUMBER_ID: api.phoneNumberId,
      WHATSAPP_TOKEN: api.token,
      RATE_LIMIT_FACTOR: '100',
    }
  })
  afterAll(async () => {
    await h?.stop()
    await api?.close()
  })

  const status = async (sql: string, params: unknown[] = []) =>
    (await h.db.query<{ status: string }>(sql, params)).map((r) => r.status)

  it('sends each invitation once, 2 s apart, with the quick replies, then the meeting is sent', async () => {
    await asUser(
      h.db,
      facilitator,
      async (tx: Queryable) =>
        tx.query(`select public.sync_push('gatherings', $1::jsonb)`, [
          JSON.stringify([
            {
              newDocumentState: {
                id: 'mt-host-jaul',
                kind: 'meeting',
                meeting_id: null,
                group_ids: ['rg-jaul'],
                status: 'pending',
                data: {
                  title: 'Term review',
                  date: '2026-12-12',
                  startTime: '10:00',
                  endTime: '11:00',
                },
                _deleted: false,
              },
            },
          ]),
        ]),
      { commit: true },
    )
    // A clock of its own: the dispatcher's pauses are counted, not waited for.
    let clock = Date.parse('2026-12-01T10:00:00Z')
    const pauses: number[] = []
    const db = createClient(h.url, h.serviceRoleKey, { auth: { persistSession: false } })
    const result = await dispatchWhatsApp(
      db,
      env,
      () => new Date(clock),
      async (ms) => {
        pauses.push(ms)
        clock += ms
      },
    )
    expect(result).toMatchObject({ sent: 4, failed: 0 })
    // Between the four invitations, 2 s each (N10). A wait before the first depends on what the
    // sender sent before on this database (PostgreSQL keeps other files' messages), not on them.
    expect(pauses.slice(-3)).toEqual([2000, 2000, 2000])
    const invitations = api.taken.filter(
      (t) => (t.body as { template?: { name?: string } }).template?.name === 'meeting_invitation',
    )
    expect(invitations.map((t) => t.to).sort()).toEqual([
      '447700900123',
      '919000000001',
      '919000000003',
      '919000000005',
    ])
    const components = (invitations[0]!.body as { template: { components: unknown[] } }).template
      .components
    expect(components).toHaveLength(3)
    expect(JSON.stringify(components)).toMatch(/"payload":"meeting:mp-[0-9a-f]{32}:accepted"/)
    // Nothing is sent twice: another run finds nothing queued.
    expect(await dispatchWhatsApp(db, env)).toMatchObject({ claimed: 0 })
    expect(await status(`select status from public.gatherings where id = 'mt-host-jaul'`)).toEqual([
      'sent',
    ])
  })

  it('takes a pressed button as the answer, and keeps it and free text in the chat', async () => {
    const maria = api.taken.find(
      (t) =>
        t.to === '919000000001' &&
        (t.body as { template?: { name?: string } }).template?.name === 'meeting_invitation',
    )!
    expect((await api.press(maria.wamid, 1)).status).toBe(200)
    const participant = `select status from public.gatherings
       where meeting_id = 'mt-host-jaul' and data ->> 'number' = '919000000001'`
    expect(await status(participant)).toEqual(['rejected'])
    expect((await api.press(maria.wamid, 0)).status).toBe(200)
    expect(await status(participant)).toEqual(['accepted'])
    expect((await api.reply('919000000001', 'We may be a little late')).status).toBe(200)
    expect(await status(participant)).toEqual(['accepted'])
    const chat = await h.db.query<{ body: string }>(
      `select data ->> 'body' as body from public.whatsapp
        where kind = 'message' and wa_id = '919000000001' and data ->> 'direction' = 'in' order by msg_count`,
    )
    expect(chat.map((c) => c.body)).toEqual([
      "I can't come",
      "I'll come",
      'We may be a little late',
    ])
  })
})
