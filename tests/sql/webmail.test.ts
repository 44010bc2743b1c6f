// Webmail (O02-O08): staff queue a message from one of the centre's sender accounts; it is logged
// as Webmail with its trigger and who sent it; bad input is refused with words and queues nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases, type TestClaims } from '../helpers/test-db.ts'

const by = (label: string) => claimsOf(demoAccounts.find((a) => a.label === label)!)

describe.each(testDatabases())('webmail on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
  })
  afterAll(() => target.close())

  const webmail = (who: TestClaims, args: unknown[]) =>
    asUser(
      db,
      who,
      async (tx) =>
        (
          await tx.query<{ r: unknown }>(
            'select public.webmail($1, $2, $3, $4, $5, $6::jsonb) as r',
            args,
          )
        )[0]!.r,
      { commit: true },
    )

  it('lists the five sender accounts to staff, the admissions office marked for copies', async () => {
    const senders = await asUser(db, by('admission'), (tx) =>
      tx.query<{ display_name: string; is_admissions_office: boolean }>(
        'select display_name, is_admissions_office from public.mail_senders order by position',
      ),
    )
    expect(senders.map((s) => s.display_name)).toEqual([
      'Anita Admin',
      'Savio Pereira',
      'Admissions',
      'Team',
      'Accounts',
    ])
    expect(senders.filter((s) => s.is_admissions_office).map((s) => s.display_name)).toEqual([
      'Admissions',
    ])
    expect(
      await asUser(db, by('guardian'), (tx) => tx.query('select * from public.mail_senders')),
    ).toEqual([])
  })

  it('queues the message from the chosen account, typed Webmail with its trigger and sender', async () => {
    const answer = await webmail(by('administration'), [
      'accounts',
      ['parent@example.com'],
      ['admissions@demo.school'],
      'Term fees',
      '<p>Dear parent</p>',
      JSON.stringify([
        { filename: 'fees.pdf', content: 'JVBERi0=', contentType: 'application/pdf' },
      ]),
    ])
    expect(answer).toEqual({ type: 'success', message: 'Email sent to parent@example.com' })
    const [row] = await db.query<Record<string, unknown>>(
      `select sender, recipients, cc, email_type, email_trigger, triggered_by, status, attachments
         from public.email_outbox where subject = 'Term fees'`,
    )
    expect(row).toMatchObject({
      sender: '"Accounts" <accounts@demo.school>',
      recipients: ['parent@example.com'],
      cc: ['admissions@demo.school'],
      email_type: 'Webmail',
      email_trigger: 'webmail',
      triggered_by: by('administration').sub,
      status: 'queued',
      attachments: [
        {
          filename: 'fees.pdf',
          content: 'JVBERi0=',
          encoding: 'base64',
          contentType: 'application/pdf',
        },
      ],
    })
  })

  it('refuses bad input with words, and anyone but staff', async () => {
    const attempt = (who: TestClaims, args: unknown[]) =>
      webmail(who, args).then(
        () => 'queued',
        (e: Error) => e.message,
      )
    const ok = ['team', ['a@example.com'], [], 'Hello', '<p>x</p>', '[]']
    expect(await attempt(by('guardian'), ok)).toBe("Only the centre's staff can send e-mail")
    expect(await attempt(by('admin'), ['nobody', ...ok.slice(1)])).toBe('Choose a sender')
    expect(
      await attempt(by('admin'), ['team', ['not an address'], [], 'Hello', '<p>x</p>', '[]']),
    ).toBe('not an address is not an e-mail address')
    expect(await attempt(by('admin'), ['team', ['a@example.com'], [], ' ', '<p>x</p>', '[]'])).toBe(
      'Write a subject (one line, at most 998 characters)',
    )
    expect(
      await db.query(`select 1 from public.email_outbox where subject in ('Hello', ' ')`),
    ).toEqual([])
  })
})
