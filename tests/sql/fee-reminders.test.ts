// When each family was last sent a fee reminder, and by whom (issue 40): the office's Reminders
// pane reads it from fee_reminders_sent(), which finds the last message queued with the
// 'paymentReminder' trigger to one of a family's guardians. Other mail does not count, and only
// staff are answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases, type TestClaims } from '../helpers/test-db.ts'

const by = (label: string) => claimsOf(demoAccounts.find((a) => a.label === label)!)

interface Sent {
  family_id: string
  sent_at: string
  sent_by: string | null
  status: string
}

describe.each(testDatabases())('fee_reminders_sent on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  const send = (who: TestClaims, sender: string, to: string[], subject: string, trigger: string) =>
    asUser(
      db,
      who,
      (tx) =>
        tx.query('select public.webmail($1, $2, $3, $4, $5, $6::jsonb, $7)', [
          sender,
          to,
          [],
          subject,
          '<p>Fees are due</p>',
          '[]',
          trigger,
        ]),
      { commit: true },
    )
  const sent = (who: TestClaims) =>
    asUser(db, who, (tx) =>
      tx.query<Sent>(
        `select family_id, sent_at::text, sent_by, status from public.fee_reminders_sent()
          where family_id = 'demo-family-fernandes'`,
      ),
    )

  it("answers the family's last reminder, who queued it and where it stands", async () => {
    expect(await sent(by('administration'))).toEqual([])
    // Mail that is not a reminder does not count.
    await send(by('administration'), 'savio', ['guardian@demo.school'], 'Hello', 'webmail')
    expect(await sent(by('administration'))).toEqual([])

    await send(by('admin'), 'anita', ['GUARDIAN@demo.school'], 'Fee reminder 1', 'paymentReminder')
    const [first] = await sent(by('administration'))
    expect(first).toMatchObject({ sent_by: 'Anita Admin', status: 'queued' })

    await send(
      by('administration'),
      'savio',
      ['guardian@demo.school'],
      'Fee reminder 2',
      'paymentReminder',
    )
    const rows = await sent(by('admission'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ sent_by: 'Savio Pereira', status: 'queued' })
    expect(Date.parse(rows[0]!.sent_at)).toBeGreaterThanOrEqual(Date.parse(first!.sent_at))

    await db.query(
      `update public.email_outbox set status = 'sent', sent_at = now() where subject = 'Fee reminder 2'`,
    )
    expect((await sent(by('administration')))[0]!.status).toBe('sent')
  })

  it('answers nobody but the staff', async () => {
    await send(
      by('administration'),
      'savio',
      ['guardian@demo.school'],
      'Fee reminder 3',
      'paymentReminder',
    )
    expect(await sent(by('guardian'))).toEqual([])
    expect(await sent(by('facilitator'))).toEqual([])
  })
})
