// WhatsApp numbers and messages in the database (O12-O18): staff add numbers and send messages
// through sync; a message is queued once; free text only inside the 24-hour window; the
// dispatcher's outcomes, Meta's delivery reports and replies written back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db, Queryable } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases, type TestClaims } from '../helpers/test-db.ts'

const by = (label: string) => claimsOf(demoAccounts.find((a) => a.label === label)!)
type Doc = Record<string, unknown> & { id: string }
type Pushed = { conflicts: Doc[]; refused: { id: string; reason: string }[] }

async function push(tx: Queryable, rows: unknown[]): Promise<Pushed> {
  const [row] = await tx.query<{ r: Pushed }>(
    `select public.sync_push('whatsapp', $1::jsonb) as r`,
    [JSON.stringify(rows)],
  )
  return row!.r
}
const pushAs = (db: Db, who: TestClaims, rows: unknown[]) =>
  asUser(db, who, (tx) => push(tx, rows), { commit: true })

const number = (wa: string, name: string, status = 'Active') => ({
  newDocumentState: {
    id: `wa-${wa}`,
    kind: 'number',
    wa_id: wa,
    data: { name, status },
    created_at: new Date().toISOString(),
    _deleted: false,
  },
})
const message = (id: string, wa: string, body: string, mode: 'session' | 'template') => ({
  newDocumentState: {
    id,
    kind: 'message',
    wa_id: wa,
    data: { direction: 'out', body, mode },
    created_at: new Date().toISOString(),
    _deleted: false,
  },
})

describe.each(testDatabases())('WhatsApp records on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  const row = async (id: string) =>
    (await db.query<Doc>('select * from public.whatsapp where id = $1', [id]))[0]
  const outbox = async (id: string) =>
    (await db.query<Doc>('select * from public.whatsapp_outbox where message_id = $1', [id]))[0]
  const service = <T>(fn: (tx: Queryable) => Promise<T>) =>
    asUser(db, null, fn, { role: 'service_role', commit: true })

  it('administration adds a number; a template message to it is queued once', async () => {
    expect(
      await pushAs(db, by('administration'), [number('919000000003', 'João Fernandes')]),
    ).toEqual({ conflicts: [], refused: [] })
    const added = await row('wa-919000000003')
    expect(added).toMatchObject({
      received: 0,
      sent: 0,
      msg_total: 0,
      family_token: 'demo-family-fernandes',
    })

    const first = message('m-1', '919000000003', 'Welcome to the centre', 'template')
    expect(await pushAs(db, by('administration'), [first])).toEqual({ conflicts: [], refused: [] })
    // The same push again (its answer lost): nothing new is queued, and the stored row comes back
    // so the device learns what the server set on it (its status and count).
    expect(await pushAs(db, by('administration'), [first])).toEqual({
      conflicts: [expect.objectContaining({ id: 'm-1', status: 'queued', msg_count: 1 })],
      refused: [],
    })
    expect(await row('m-1')).toMatchObject({ status: 'queued', msg_count: 1 })
    expect(await db.query('select * from public.whatsapp_outbox')).toHaveLength(1)
    expect(await row('wa-919000000003')).toMatchObject({ msg_total: 1 })
  })

  it('refuses free text outside the 24-hour window, and to a number it does not have', async () => {
    const result = await pushAs(db, by('admin'), [
      message('m-free', '919000000003', 'Free text', 'session'),
      message('m-nobody', '919999999999', 'Hello', 'template'),
    ])
    expect(result.refused).toEqual([
      expect.objectContaining({
        id: 'm-free',
        reason:
          'The 24-hour window with this number is closed: only a template message can be sent.',
      }),
      expect.objectContaining({ id: 'm-nobody', reason: 'WhatsApp number not found' }),
    ])
    expect(await row('m-free')).toBeUndefined()
  })

  it('nobody but staff reads or writes WhatsApp, and devices never write what comes in', async () => {
    const guardian = await pushAs(db, by('guardian'), [number('919000000077', 'Someone')])
    expect(guardian.refused).toHaveLength(1)
    const seen = await asUser(db, by('facilitator'), (tx) =>
      tx.query('select id from public.whatsapp'),
    )
    expect(seen).toEqual([])
    const forged = await pushAs(db, by('admin'), [
      {
        newDocumentState: {
          ...message('m-forged', '919000000003', 'I am a parent', 'session').newDocumentState,
          data: { direction: 'in', body: 'I am a parent' },
        },
      },
    ])
    expect(forged.refused).toEqual([expect.objectContaining({ id: 'm-forged' })])
  })

  it('someone who is not staff hears the same refusal whether or not a number exists (issue 29, item 10)', async () => {
    await pushAs(db, by('administration'), [number('919000000088', 'Known')])
    for (const label of ['facilitator', 'guardian']) {
      const known = await pushAs(db, by(label), [
        message(`m-probe-known-${label}`, '919000000088', 'Hello', 'template'),
      ])
      const unknown = await pushAs(db, by(label), [
        message(`m-probe-unknown-${label}`, '919000000089', 'Hello', 'template'),
      ])
      expect(known.refused.map((r) => r.reason)).toEqual(unknown.refused.map((r) => r.reason))
      expect(known.refused).toHaveLength(1)
    }
    // And a number written with a trunk 0 instead of its country code is not a number.
    const trunk = await pushAs(db, by('administration'), [number('09876543211', 'Trunk')])
    expect(trunk.refused[0]!.reason).toBe(
      'A WhatsApp number starts with its country code, such as 91.',
    )
  })

  it('records the send, the delivery reports in order, and a failure with Meta’s reason', async () => {
    const claimed = await service((tx) =>
      tx.query<{ c: Doc[] }>('select public.whatsapp_claim(10, 60) as c'),
    )
    expect(claimed[0]!.c).toEqual([
      expect.objectContaining({
        id: 'm-1',
        to: '919000000003',
        mode: 'template',
        recipient: 'João Fernandes',
      }),
    ])
    // Claimed once: a second dispatcher gets nothing.
    expect(
      (
        await service((tx) => tx.query<{ c: Doc[] }>('select public.whatsapp_claim(10, 60) as c'))
      )[0]!.c,
    ).toEqual([])
    await service((tx) => tx.query(`select public.whatsapp_record('m-1', 'sent', 'wamid.ONE')`))
    expect(await row('m-1')).toMatchObject({ status: 'sent', wamid: 'wamid.ONE' })
    expect(await row('wa-919000000003')).toMatchObject({ sent: 1 })
    expect((await row('wa-919000000003'))!.last_template_sent_at).not.toBeNull()

    await service((tx) => tx.query(`select public.whatsapp_status('wamid.ONE', 'read')`))
    // A late 'delivered' does not move it back.
    await service((tx) => tx.query(`select public.whatsapp_status('wamid.ONE', 'delivered')`))
    expect(await row('m-1')).toMatchObject({ status: 'read' })
    // Recording again changes nothing: it was sent.
    expect(
      (
        await service((tx) =>
          tx.query<{ s: string }>(`select public.whatsapp_record('m-1', 'retry', null, 'x') as s`),
        )
      )[0]!.s,
    ).toBe('sent')
  })

  it('a reply opens the window; free text then goes; a lost dispatcher never sends twice', async () => {
    await service((tx) =>
      tx.query(`select public.whatsapp_receive('919000000003', 'João', 'wamid.IN1', 'Thank you!')`),
    )
    await service((tx) =>
      tx.query(`select public.whatsapp_receive('919000000003', 'João', 'wamid.IN1', 'Thank you!')`),
    )
    const replies = await db.query<Doc>(
      `select * from public.whatsapp where kind = 'message' and data ->> 'direction' = 'in'`,
    )
    expect(replies).toEqual([
      expect.objectContaining({ status: 'received', msg_count: 2, wa_id: '919000000003' }),
    ])
    expect(await row('wa-919000000003')).toMatchObject({ received: 1, msg_total: 2 })

    expect(
      await pushAs(db, by('admission'), [message('m-2', '919000000003', 'See you', 'session')]),
    ).toEqual({ conflicts: [], refused: [] })
    await service((tx) => tx.query('select public.whatsapp_claim(10, 60)'))
    // The dispatcher stops mid-send; its lease runs out.
    await db.query(
      `update public.whatsapp_outbox set lease_until = now() - interval '1 second' where message_id = 'm-2'`,
    )
    expect(
      (
        await service((tx) => tx.query<{ c: Doc[] }>('select public.whatsapp_claim(10, 60) as c'))
      )[0]!.c,
    ).toEqual([])
    expect(await outbox('m-2')).toMatchObject({ status: 'failed' })
    expect((await row('m-2'))!.status_reason).toMatch(/may or may not have arrived/)
  })

  it('a reply from a number the centre lacks makes the number; a retry waits and a refusal fails', async () => {
    await service((tx) =>
      tx.query(`select public.whatsapp_receive('447700900123', 'Daniel', 'wamid.IN2', 'Hello')`),
    )
    expect(await row('wa-447700900123')).toMatchObject({
      data: { name: 'Daniel', status: 'Active' },
      family_token: 'demo-family-naik',
    })
    await pushAs(db, by('admin'), [message('m-3', '447700900123', 'Hi Daniel', 'session')])
    await service((tx) => tx.query('select public.whatsapp_claim(10, 60)'))
    expect(
      (
        await service((tx) =>
          tx.query<{ s: string }>(
            `select public.whatsapp_record('m-3', 'retry', null, 'HTTP 500') as s`,
          ),
        )
      )[0]!.s,
    ).toBe('queued')
    await db.query(
      `update public.whatsapp_outbox set next_attempt_at = now() where message_id = 'm-3'`,
    )
    await service((tx) => tx.query('select public.whatsapp_claim(10, 60)'))
    await service((tx) =>
      tx.query(
        `select public.whatsapp_record('m-3', 'failed', null, '(#131026) Message undeliverable')`,
      ),
    )
    expect(await row('m-3')).toMatchObject({
      status: 'failed',
      status_reason: '(#131026) Message undeliverable',
    })
    const errors = await db.query<{ message: string }>(
      `select message from public.system_errors where source = 'whatsapp'`,
    )
    expect(errors.map((e) => e.message)).toEqual([
      'The WhatsApp message to +447700900123 could not be sent: (#131026) Message undeliverable',
    ])
  })

  it('nothing goes to a disabled number', async () => {
    const [current] = await db.query<{ d: Doc }>(
      `select to_jsonb(w) - '_seq' - '_modified' as d from public.whatsapp w where id = 'wa-447700900123'`,
    )
    const assumed = current!.d
    const disabled = { ...assumed, data: { name: 'Daniel', status: 'disabled' } }
    expect(
      await pushAs(db, by('admin'), [{ newDocumentState: disabled, assumedMasterState: assumed }]),
    ).toEqual({ conflicts: [], refused: [] })
    const result = await pushAs(db, by('admin'), [message('m-4', '447700900123', 'Hi', 'template')])
    expect(result.refused).toEqual([
      expect.objectContaining({
        reason: 'This WhatsApp number is disabled: nothing is sent to it.',
      }),
    ])
  })
})
