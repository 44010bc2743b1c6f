// Security, round two (issue 29), the mail: items 0, 4, 7 and 11, each played as the attack that
// worked before its fix, against a fresh host with the limits a centre runs with.
import { copyFile, mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { openDb, type Queryable } from '../../supabase/local/db.ts'
import { defaultMigrationsDir, migrate } from '../../supabase/local/migrate.ts'
import { seed } from '../../supabase/local/seed.ts'
import { call, lastEmailTo, linkIn } from '../host/accounts-helpers.ts'
import type { TestHost } from '../helpers/host.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'
import { clientFrom, lastCodeTo, newIp, securityHost } from './support.ts'

const JOAO = 'joao.fernandes@demo.school'
const account = (label: string) => demoAccounts.find((a) => a.label === label)!
const claims = (label: string) => claimsOf(account(label))

const SWITCH_OFF =
  'E-mail sending is turned off for your account: record the payment without e-mailing the receipt, or ask an admin to turn it on in Members.'

interface MailRow {
  id: string
  recipients: string[]
  cc: string[]
  subject: string
  email_type: string
  email_trigger: string
}

describe.each(testDatabases())('attacks on the mail on $name', (target) => {
  let host: TestHost
  const sessions = new Map<string, SupabaseClient>()

  /** A client signed in as a demo account (one sign-in per account: the limits are real). */
  async function as(label: string): Promise<SupabaseClient> {
    const known = sessions.get(label)
    if (known) return known
    const client = clientFrom(host, newIp())
    const { error } = await client.auth.signInWithPassword({
      email: account(label).email,
      password: account(label).password,
    })
    if (error) throw error
    sessions.set(label, client)
    return client
  }

  /** What Node Mailer's View shows the admin for the last e-mail to `address` of `type`. */
  async function adminViews(address: string, type: string): Promise<string> {
    const admin = await as('admin')
    const { data: page, error } = await admin.rpc('admin_list_emails', {
      email_type: type,
      page_offset: 0,
    })
    expect(error).toBeNull()
    const row = (page as { rows: MailRow[] }).rows.find((r) => r.recipients.includes(address))
    expect(row, `no ${type} e-mail to ${address} in the log`).toBeDefined()
    const { data: body, error: bodyError } = await admin.rpc('admin_email_body', {
      email: row!.id,
    })
    expect(bodyError).toBeNull()
    return (body as { html: string }).html
  }

  beforeAll(async () => {
    host = await securityHost(target)
  })
  afterAll(() => host?.stop())

  describe('item 0: one-time links are for their addressee only', () => {
    it("the connect-account e-mail's set-up link is hidden from the admin in Node Mailer", async () => {
      const asked = await call(clientFrom(host, newIp()), 'registerMember', {
        whatsApp: '9000000003',
        prefix: '+91',
        authType: 'emailpw',
      })
      expect(asked.body).toMatchObject({ type: 'success', confirmation: 'email' })
      // The mailbox's owner reads the link; the admin must not.
      const token = linkIn((await lastEmailTo(host.db, JOAO))!.html_body).searchParams.get('setup')
      expect(token).toMatch(/^[0-9a-f]{20,}$/)
      const shown = await adminViews(JOAO, 'Members')
      expect(shown).toContain('/signin?setup=(hidden)')
      expect(shown).not.toContain(token)
    })

    it("the auth service's confirmation link and its 6-digit code are hidden from the admin", async () => {
      const address = 'new-parent@attack.test'
      const { error } = await clientFrom(host, newIp()).auth.signUp({
        email: address,
        password: 'long-enough-1',
      })
      expect(error).toBeNull()
      const code = await lastCodeTo(host, address)
      const link = linkIn((await lastEmailTo(host.db, address))!.html_body)
      const token = link.searchParams.get('token')!
      const shown = await adminViews(address, 'Members')
      expect(shown).toContain('token=(hidden)')
      expect(shown).toContain('<strong>(hidden)</strong>')
      expect(shown).not.toContain(token)
      expect(shown).not.toContain(code)
    })

    it("an admin reading the outbox table directly (Supabase's /rest/v1) gets no message body", async () => {
      const read = (sql: string) =>
        asUser(host.db, claims('admin'), (tx) => tx.query(sql)).then(
          () => 'read',
          (e: { code?: string }) => e.code,
        )
      expect(await read('select html_body from public.email_outbox')).toBe('42501')
      expect(await read('select * from public.email_outbox')).toBe('42501')
      // What the log lists stays readable.
      expect(await read('select id, recipients, subject, status from public.email_outbox')).toBe(
        'read',
      )
    })

    it('a link in a System Error or Warning is hidden, in the log and in the table', async () => {
      const server = host.serviceClient()
      const link = 'https://centre.test/signin?setup=0123456789abcdef0123'
      for (const kind of ['error', 'warning'] as const) {
        const { error } = await server.rpc('log_system_event', {
          kind,
          source: 'accounts',
          message: `queueing ${link} failed`,
          details: { html: `<a href="${link}&amp;code=424242">Set</a>`, reset: 'x?oobCode=abc1' },
        })
        expect(error).toBeNull()
        const { data } = await (
          await as('admin')
        ).rpc('admin_system_log', {
          kind,
          show_dismissed: false,
          page_offset: 0,
        })
        const said = JSON.stringify((data as { rows: unknown[] }).rows)
        expect(said).toContain('setup=(hidden)')
        expect(said).toContain('oobCode=(hidden)')
        expect(said).not.toMatch(/0123456789abcdef0123|424242|abc1/)
      }
      const [row] = await host.db.query<{ message: string }>(
        `select message from public.system_errors where source = 'accounts' order by logged_at desc limit 1`,
      )
      expect(row!.message).toBe('queueing https://centre.test/signin?setup=(hidden) failed')
    })
  })

  describe("item 4: a receipt goes to the family's guardians, from the centre's template, and obeys the switch", () => {
    const payment = (id: string, email: unknown) => ({
      id,
      family_id: 'demo-family-fernandes',
      student_id: 'st-tiago',
      kind: 'fee',
      status: 'recorded',
      _deleted: false,
      data: {
        paymentType: 'Monthly Fee',
        paymentOption: 'Cash',
        feeYear: '2026-27',
        receivedFrom: 'Maria Fernandes',
        amount: 16700,
        paymentDate: '2026-11-27',
        studentsFee: 16700,
        yearPaymentTotal: 16700,
        studentName: 'Tiago Fernandes',
        familyName: 'Fernandes',
        sendEmail: true,
        email,
      },
    })
    const push = async (label: string, doc: object) => {
      const { data, error } = await (
        await as(label)
      ).rpc('sync_push', {
        collection: 'payments',
        rows: [{ newDocumentState: doc, assumedMasterState: null }],
      })
      expect(error).toBeNull()
      return data as { refused: { id: string; reason: string }[] }
    }
    const receiptRow = async (id: string) =>
      (
        await host.db.query<MailRow & { html_body: string }>(
          `select id, recipients, cc, subject, html_body, email_type, email_trigger
             from public.email_outbox where id = $1`,
          [`receipt-${id}`],
        )
      )[0]

    it("the e-mail a device writes is not sent: the receipt goes to the family's guardians only", async () => {
      const strangers = [
        'not-an-address',
        ...Array.from({ length: 99 }, (_, i) => `stranger${i}@elsewhere.test`),
      ]
      const answer = await push(
        'administration',
        payment('pay-attack-recipients', {
          to: strangers,
          subject: 'You have won',
          html: '<p>Claim it at <a href="https://evil.test">evil.test</a></p>',
        }),
      )
      expect(answer.refused).toEqual([])
      const row = await receiptRow('pay-attack-recipients')
      expect(row).toMatchObject({
        recipients: ['guardian@demo.school', JOAO],
        cc: [],
        email_type: 'Payment Receipt',
      })
      expect(row!.subject).not.toContain('You have won')
      expect(row!.html_body).not.toContain('evil.test')
      // The server keeps no e-mail of the device's on the payment either.
      const [kept] = await host.db.query<{ email: unknown }>(
        `select data -> 'email' as email from public.payments where id = 'pay-attack-recipients'`,
      )
      expect(kept!.email).toBeNull()
    })

    it('a receipt a device wrote before the upgrade, not sent yet, is rewritten by the server and goes to the guardians', async () => {
      // A database of the build before this one, with such a receipt waiting (no SMTP yet).
      const before = await mkdtemp(join(tmpdir(), 'before-mail-security-'))
      for (const f of await readdir(defaultMigrationsDir))
        if (f < '20261128003000') await copyFile(join(defaultMigrationsDir, f), join(before, f))
      const database = await target.fresh()
      const db = await openDb({ url: database.url, memory: database.memory })
      try {
        await migrate(db, { migrationsDir: before })
        await seed(db)
        await db.query(
          `insert into public.email_outbox (id, recipients, subject, html_body, attachments,
                                            email_type, email_trigger)
           values ('receipt-pay-demo-ines-this-month', '{stranger@elsewhere.test}', 'You have won',
                   '<p>evil.test</p>', '[{"receipt": "pay-demo-ines-this-month"}]',
                   'Payment Receipt', 'Fee receipt'),
                  ('receipt-pay-gone', '{stranger@elsewhere.test}', 'You have won', '<p>x</p>', '[]',
                   'Payment Receipt', 'Fee receipt')`,
        )
        await migrate(db)
        const rows = await db.query<{ id: string; recipients: string[]; compose: unknown }>(
          `select id, recipients, compose, status from public.email_outbox
            where id in ('receipt-pay-demo-ines-this-month', 'receipt-pay-gone') order by id`,
        )
        expect(rows).toEqual([
          {
            id: 'receipt-pay-demo-ines-this-month',
            recipients: ['guardian@demo.school', JOAO],
            compose: { receipt: 'pay-demo-ines-this-month' },
            status: 'queued',
          },
          {
            id: 'receipt-pay-gone',
            recipients: ['stranger@elsewhere.test'],
            compose: null,
            status: 'failed',
          },
        ])
      } finally {
        await db.close()
        await database.drop()
      }
    })

    it("with the writer's e-mail sending off, a payment that e-mails its receipt is refused and queues nothing", async () => {
      const admin = await as('admin')
      const turn = async (enabled: boolean) => {
        const { error } = await admin.rpc('admin_set_email_sending', {
          member: account('admin').id,
          enabled,
        })
        expect(error).toBeNull()
      }
      await turn(false)
      try {
        const answer = await push('admin', payment('pay-attack-switch', undefined))
        expect(answer.refused.map((r) => [r.id, r.reason])).toEqual([
          ['pay-attack-switch', SWITCH_OFF],
        ])
        expect(await receiptRow('pay-attack-switch')).toBeUndefined()
        // Without the e-mail the same payment is recorded.
        const quiet = payment('pay-attack-switch', undefined)
        const again = await push('admin', { ...quiet, data: { ...quiet.data, sendEmail: false } })
        expect(again.refused).toEqual([])
      } finally {
        await turn(true)
      }
    })
  })

  describe('item 7: webmail goes from the sender’s own account, at a limited rate, typed by the server', () => {
    const webmail = async (label: string, args: Record<string, unknown>) => {
      const { data, error } = await (
        await as(label)
      ).rpc('webmail', {
        sender: 'team',
        recipients: ['parent@family.test'],
        cc: [],
        subject: 'Hello',
        html_body: '<p>Hello</p>',
        attachments: [],
        ...args,
      })
      return error ? { code: error.code, message: error.message } : data
    }

    it("office staff cannot send as a colleague's or the admin's account; admins choose", async () => {
      const refusal = {
        code: '42501',
        message:
          'You send e-mail from your own account (Savio Pereira); an admin may choose another.',
      }
      expect(await webmail('administration', { sender: 'anita', subject: 'As Anita' })).toEqual(
        refusal,
      )
      expect(
        await webmail('administration', { sender: 'admissions', subject: 'As Admissions' }),
      ).toEqual(refusal)
      expect(await webmail('administration', { sender: 'savio', subject: 'As me' })).toMatchObject({
        type: 'success',
      })
      expect(await webmail('admin', { sender: 'savio', subject: 'Admin as Savio' })).toMatchObject({
        type: 'success',
      })
      const senders = async (label: string) => {
        const { data } = await (await as(label)).rpc('mail_sender_accounts')
        return (data as { senders: { key: string }[] }).senders.map((s) => s.key)
      }
      expect(await senders('administration')).toEqual(['savio'])
      expect(await senders('admin')).toEqual(['anita', 'savio', 'admissions', 'team', 'accounts'])
      const sent = await host.db.query<{ subject: string }>(
        `select subject from public.email_outbox where subject like 'As %' or subject like 'Admin as %'
          order by subject`,
      )
      expect(sent.map((r) => r.subject)).toEqual(['Admin as Savio', 'As me'])
    })

    it('one person reaches at most 200 addresses an hour', async () => {
      const hundred = (batch: string) => ({
        sender: 'admissions',
        recipients: Array.from({ length: 50 }, (_, i) => `to${i}-${batch}@family.test`),
        cc: Array.from({ length: 50 }, (_, i) => `cc${i}-${batch}@family.test`),
        subject: `Batch ${batch}`,
      })
      expect(await webmail('admission', hundred('a'))).toMatchObject({ type: 'success' })
      expect(await webmail('admission', hundred('b'))).toMatchObject({ type: 'success' })
      const third = (await webmail('admission', {
        ...hundred('c'),
        recipients: ['one-more@family.test'],
        cc: [],
      })) as { code: string; message: string }
      expect(third.code).toBe('PT429')
      expect(third.message).toMatch(
        /^You have e-mailed 200 addresses in the last hour, the most one person may: please wait \d+ minutes? and try again\.$/,
      )
      const queued = await host.db.query(
        `select 1 from public.email_outbox where subject = 'Batch c'`,
      )
      expect(queued).toEqual([])
    })

    it('the server sets the e-mail type: a webmail is never logged as a payment receipt', async () => {
      const typed = await webmail('administration', {
        sender: 'savio',
        subject: 'A fake receipt',
        email_type: 'Payment Receipt',
        email_trigger: 'feeReceipt',
      })
      expect(typed).toMatchObject({ code: 'PGRST202' })
      expect((typed as { message: string }).message).toContain('email_type')
      expect(
        await webmail('administration', {
          sender: 'savio',
          subject: 'A receipt written by hand',
          email_trigger: 'feeReceipt',
        }),
      ).toMatchObject({ type: 'success' })
      expect(
        await webmail('administration', {
          sender: 'savio',
          subject: 'A meeting',
          email_trigger: 'meeting',
        }),
      ).toMatchObject({ type: 'success' })
      expect(
        await webmail('administration', {
          sender: 'savio',
          subject: 'Spoofed',
          email_trigger: 'Payment Receipt',
        }),
      ).toMatchObject({ code: '22023', message: 'Unknown e-mail trigger' })
      const logged = await host.db.query<{ subject: string; email_type: string }>(
        `select subject, email_type from public.email_outbox
          where subject in ('A fake receipt', 'A receipt written by hand', 'A meeting', 'Spoofed')
          order by subject`,
      )
      expect(logged).toEqual([
        { subject: 'A meeting', email_type: 'Inquiry' },
        { subject: 'A receipt written by hand', email_type: 'Webmail' },
      ])
    })
  })

  describe('item 11: writes to the outbox go only through functions', () => {
    it('staff cannot insert a message into the outbox directly (PostgREST on Supabase)', async () => {
      const insert = (tx: Queryable) =>
        tx.query(
          `insert into public.email_outbox (sender, recipients, subject, html_body, attachments,
                                            email_type, email_trigger, triggered_by)
           values ('"Anita Admin" <anita@demo.school>', '{victim@elsewhere.test}', 'Passport',
                   '<p>Here</p>',
                   '[{"bucket": "documents", "path": "families/demo-family-naik/daniel-passport.pdf"}]',
                   'Payment Receipt', 'x', auth.uid())`,
        )
      for (const label of ['admission', 'administration', 'admin']) {
        const answer = await asUser(host.db, claims(label), insert, { commit: true }).then(
          () => 'inserted',
          (e: { code?: string; message?: string }) => `${e.code}: ${e.message}`,
        )
        expect(answer).toBe('42501: permission denied for table email_outbox')
      }
      expect(
        await host.db.query(`select 1 from public.email_outbox where subject = 'Passport'`),
      ).toEqual([])
    })
  })
})
