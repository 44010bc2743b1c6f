// The admin's Node Mailer pane (F33): every e-mail, newest first, filtered by type; each one's
// body as it went out; a failed one sent again. Only admins.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../supabase/local/db.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { asUser, claimsOf, testDatabases, type TestClaims } from '../helpers/test-db.ts'

const by = (label: string) => claimsOf(demoAccounts.find((a) => a.label === label)!)
const TYPES = [
  'Inquiry',
  'Admissions',
  'Student Feedback',
  'Payment Receipt',
  'Webmail',
  'Members',
  'Contribution Receipt',
  'Payment Reminder',
]
type Page = {
  total: number
  rows: {
    id: string
    email_type: string
    status: string
    subject: string
    attachment_count: number
  }[]
}

describe.each(testDatabases())('e-mail log on $name', (target) => {
  let db: Db
  beforeAll(async () => {
    db = await target.open()
    for (const [i, type] of TYPES.entries()) {
      await db.query(
        `insert into public.email_outbox (id, recipients, subject, html_body, email_type, status, attachments, created_at)
         values ($1, '{parent@demo.school}', $2, $3, $4, $5, $6::jsonb, now() - make_interval(mins => $7::int))`,
        [
          `mail-${i}`,
          `${type} e-mail`,
          `<p>About ${type}</p>`,
          type,
          i === 0 ? 'failed' : 'sent',
          JSON.stringify(
            i === 1 ? ['documents/fam/receipt.pdf', { filename: 'fees.pdf', content: 'x' }] : [],
          ),
          i,
        ],
      )
    }
  })
  afterAll(() => target.close())

  const call = <T>(sql: string, args: unknown[], who: TestClaims = by('admin')) =>
    asUser(db, who, async (tx) => (await tx.query<{ r: T }>(sql, args))[0]!.r, { commit: true })
  const list = (type: string | null, who?: TestClaims) =>
    call<Page>('select public.admin_list_emails($1, 0) as r', [type], who)

  it.each(TYPES)('the %s filter shows only e-mails of that type', async (type) => {
    const page = await list(type)
    expect(page.total).toBeGreaterThanOrEqual(1)
    expect(page.rows.every((r) => r.email_type === type)).toBe(true)
  })

  it('lists every e-mail newest first without filter, and refuses an unknown type', async () => {
    const page = await list(null)
    expect(page.rows[0]!.id).toBe('mail-0')
    expect(page.rows.find((r) => r.id === 'mail-1')!.attachment_count).toBe(2)
    await expect(list('Spam')).rejects.toThrow('Unknown e-mail type: Spam')
  })

  it('shows an e-mail as it went out', async () => {
    expect(await call('select public.admin_email_body($1) as r', ['mail-1'])).toEqual({
      html: '<p>About Admissions</p>',
      attachments: ['documents/fam/receipt.pdf', 'fees.pdf'],
    })
    await expect(call('select public.admin_email_body($1) as r', ['nope'])).rejects.toThrow(
      'No such e-mail',
    )
  })

  it('hides the one-time codes of account e-mails from the admin', async () => {
    await db.query(
      `insert into public.email_outbox (id, recipients, subject, html_body, email_type)
       values ('mail-reset', '{parent@demo.school}', 'Reset', $1, 'Members')`,
      [
        '<a href="https://centre.test/reset-password?oobCode=abc123">Choose</a> ' +
          'https://centre.test/signin?confirm=xyz&amp;token=t0k3n <p>code: 42</p>',
      ],
    )
    const body = await call<{ html: string }>('select public.admin_email_body($1) as r', [
      'mail-reset',
    ])
    expect(body.html).toBe(
      '<a href="https://centre.test/reset-password?oobCode=(hidden)">Choose</a> ' +
        'https://centre.test/signin?confirm=(hidden)&amp;token=(hidden) <p>code: 42</p>',
    )
  })

  it('sends a failed e-mail again, and only a failed one', async () => {
    expect(await call('select public.admin_retry_email($1) as r', ['mail-0'])).toMatchObject({
      message: 'The e-mail is queued to be sent again',
    })
    const [row] = await db.query('select status, attempts from public.email_outbox where id = $1', [
      'mail-0',
    ])
    expect(row).toEqual({ status: 'queued', attempts: 0 })
    await expect(call('select public.admin_retry_email($1) as r', ['mail-2'])).rejects.toThrow(
      'Only an e-mail that failed can be sent again',
    )
  })

  it('shows when a queued e-mail is tried next, each address answer, and the mail server problem', async () => {
    await db.query(
      `insert into public.email_outbox (id, recipients, cc, subject, html_body, email_type, status,
                                         attempts, last_error, next_attempt_at, deliveries, created_at)
       values ('mail-partial', '{a@demo.school}', '{b@demo.school}', 'Partial', '<p>x</p>', 'Webmail',
               'queued', 1, 'b@demo.school: 452 Mailbox full', '2026-11-26T10:00:00Z',
               '{"a@demo.school": {"status": "sent"}, "b@demo.school": {"status": "retrying", "code": 452, "reason": "452 Mailbox full"}}',
               now() + interval '1 minute')`,
    )
    let page = await call<Page & { serverProblem: string | null; rows: Record<string, unknown>[] }>(
      'select public.admin_list_emails($1, 0) as r',
      ['Webmail'],
    )
    expect(page.serverProblem).toBeNull()
    expect(page.rows[0]).toMatchObject({
      id: 'mail-partial',
      attempts: 1,
      last_error: 'b@demo.school: 452 Mailbox full',
      deliveries: {
        'a@demo.school': { status: 'sent' },
        'b@demo.school': { status: 'retrying', code: 452 },
      },
    })
    expect(new Date(page.rows[0]!.next_attempt_at as string).toISOString()).toBe(
      '2026-11-26T10:00:00.000Z',
    )

    expect(
      (
        await db.query<{ r: boolean }>(
          `select public.outbox_server_trouble(null, 'login', 'The mail server refused the login') as r`,
        )
      )[0]!.r,
    ).toBe(true)
    page = await call('select public.admin_list_emails(null, 0) as r', [])
    expect(page.serverProblem).toBe('The mail server refused the login')
    await db.query(
      `update public.system_errors set dismissed_at = now() where source = 'e-mail server'`,
    )
    page = await call('select public.admin_list_emails(null, 0) as r', [])
    expect(page.serverProblem).toBeNull()
  })

  it('says whether the dispatcher has a mail server, as it last said, on the log and the counts', async () => {
    type Said = { mailServer: boolean | null; emailsQueued?: number }
    const log = async () =>
      (await call<Said>('select public.admin_list_emails(null, 0) as r', [])).mailServer
    const counts = () => call<Said>('select public.admin_overview() as r', [])
    expect(await log()).toBeNull()
    expect((await counts()).mailServer).toBeNull()
    await db.query('select public.outbox_note_transport(false)')
    expect(await log()).toBe(false)
    expect(await counts()).toMatchObject({ mailServer: false, emailsQueued: expect.any(Number) })
    await db.query('select public.outbox_note_transport(true)')
    expect(await log()).toBe(true)
    expect((await counts()).mailServer).toBe(true)
    await db.query('delete from app.mail_transport')
  })

  it('reports mail that has waited five minutes untried, and how the dispatcher is woken', async () => {
    type Stalled = { count: number; since: string; wakeUp: Record<string, unknown> } | null
    const stalled = async () =>
      (await call<{ stalled: Stalled }>('select public.admin_list_emails(null, 0) as r', []))
        .stalled
    expect(await stalled()).toBeNull()
    await db.query(
      `insert into public.email_outbox (id, recipients, subject, html_body, created_at, next_attempt_at)
       values ('mail-fresh', '{a@demo.school}', 'Fresh', '<p>x</p>', now(), now()),
              ('mail-waiting', '{a@demo.school}', 'Waiting', '<p>x</p>',
               '2026-11-20T08:00:00Z', now() - interval '6 minutes')`,
    )
    // No Vault or pg_net here: the server's own mailer listens for the queue.
    expect(await stalled()).toEqual({
      count: 1,
      since: expect.stringMatching(/^2026-11-20T08:00:00/),
      wakeUp: { mode: 'notify' },
    })
    expect(await call('select app.mail_wakeup() as r', [], by('administration'))).toBeNull()
    await db.query(`delete from public.email_outbox where id in ('mail-fresh', 'mail-waiting')`)
  })

  it('sends a failed e-mail again only to the addresses that did not take it', async () => {
    await db.query(
      `insert into public.email_outbox (id, recipients, subject, html_body, status, attempts, deliveries)
       values ('mail-refused', '{a@demo.school,b@demo.school}', 'Refused', '<p>x</p>', 'failed', 6,
               '{"a@demo.school": {"status": "sent"}, "b@demo.school": {"status": "refused", "code": 452}}')`,
    )
    await call('select public.admin_retry_email($1) as r', ['mail-refused'])
    const [row] = await db.query(
      'select status, attempts, deliveries from public.email_outbox where id = $1',
      ['mail-refused'],
    )
    expect(row).toEqual({
      status: 'queued',
      attempts: 0,
      deliveries: { 'a@demo.school': { status: 'sent' } },
    })
  })

  it('refuses bad answers from the dispatcher and changes nothing', async () => {
    const refuse = (sql: string) => db.query(sql)
    await expect(
      refuse(`select public.outbox_record_send('mail-partial', null, '{}', '{"a": 1}')`),
    ).rejects.toThrow('The refused addresses must be a list')
    await expect(
      refuse(`select public.outbox_record_send('mail-partial', null, '{}', '[{"code": 550}]')`),
    ).rejects.toThrow('A refused address needs its address')
    await expect(
      refuse(`select public.outbox_record_send('nope', null, '{}', '[]')`),
    ).rejects.toThrow('No such e-mail: nope')
    await expect(
      refuse(`select public.outbox_server_trouble(null, 'weather', 'x')`),
    ).rejects.toThrow('Unknown mail server problem: weather')
    await expect(refuse(`select public.outbox_server_trouble(null, 'login', ' ')`)).rejects.toThrow(
      'A mail server problem needs a message',
    )
    const [row] = await db.query('select status, attempts from public.email_outbox where id = $1', [
      'mail-partial',
    ])
    expect(row).toEqual({ status: 'queued', attempts: 1 })
  })

  it('gives up the deferred addresses of a message whose dispatcher died on its last attempt', async () => {
    await db.query(
      `insert into public.email_outbox (id, recipients, cc, subject, html_body, status, attempts, lease_until, deliveries)
       values ('mail-died', '{a@demo.school}', '{b@demo.school}', 'Died', '<p>x</p>', 'sending', 6,
               now() - interval '1 second',
               '{"a@demo.school": {"status": "sent"}, "b@demo.school": {"status": "retrying", "code": 451, "reason": "451 Greylisted"}}'),
              ('mail-died-alone', '{c@demo.school}', '{}', 'Died alone', '<p>x</p>', 'sending', 6,
               now() - interval '1 second', '{}')`,
    )
    await db.query(`select * from public.outbox_claim(1, 60)`)
    const rows = await db.query<{
      id: string
      status: string
      deliveries: unknown
      last_error: string
    }>(
      `select id, status, deliveries, last_error from public.email_outbox
        where id in ('mail-died', 'mail-died-alone') order by id`,
    )
    expect(rows).toEqual([
      {
        id: 'mail-died',
        status: 'sent',
        deliveries: {
          'a@demo.school': { status: 'sent' },
          'b@demo.school': {
            status: 'refused',
            code: 451,
            reason: '451 Greylisted (gave up after 6 attempts)',
          },
        },
        last_error: 'The dispatcher stopped while sending; gave up after 6 attempts',
      },
      {
        id: 'mail-died-alone',
        status: 'failed',
        deliveries: {},
        last_error: 'The dispatcher stopped while sending; gave up after 6 attempts',
      },
    ])
    const [logged] = await db.query<{ message: string }>(
      `select message from public.system_errors where details ->> 'emailId' = 'mail-died'`,
    )
    expect(logged?.message).toBe(
      'The e-mail "Died" to a@demo.school, b@demo.school was sent, but not delivered to b@demo.school (451 Greylisted (gave up after 6 attempts))',
    )
  })

  it('is for admins only', async () => {
    for (const label of ['administration', 'facilitator', 'guardian']) {
      await expect(list(null, by(label))).rejects.toThrow('Only admins can read the e-mail log')
      await expect(
        call('select public.admin_retry_email($1) as r', ['mail-0'], by(label)),
      ).rejects.toThrow('Only admins can send e-mails again')
    }
  })
})
