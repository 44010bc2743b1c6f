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

  it('is for admins only', async () => {
    for (const label of ['administration', 'facilitator', 'guardian']) {
      await expect(list(null, by(label))).rejects.toThrow('Only admins can read the e-mail log')
      await expect(
        call('select public.admin_retry_email($1) as r', ['mail-0'], by(label)),
      ).rejects.toThrow('Only admins can send e-mails again')
    }
  })
})
