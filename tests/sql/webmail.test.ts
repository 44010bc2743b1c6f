// Webmail (O02-O08): staff queue a message from their own sender account (an admin from any one);
// the server logs it by what it is (Webmail, or a template's type) with its trigger and who sent
// it; bad input is refused with words and queues nothing.
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
    const answer = await webmail(by('admin'), [
      'accounts',
      ['parent@example.com'],
      ['admissions@demo.school'],
      'Term fees',
      '<p>Dear parent</p>',
      JSON.stringify([
        { filename: 'fees.pdf', content: 'JVBERi0=', contentType: 'application/pdf' },
      ]),
    ])
    expect(answer).toEqual({
      type: 'success',
      message: 'E-mail queued for parent@example.com; it goes out when the mail server takes it',
    })
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
      triggered_by: by('admin').sub,
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

  it('keeps the Content-ID of an image the HTML shows inline (a reminder’s UPI QR code)', async () => {
    const qr = { filename: 'upi-qr.gif', content: 'R0lGODdh', contentType: 'image/gif' }
    await webmail(by('admin'), [
      'accounts',
      ['parent@example.com'],
      [],
      'Fee reminder with a QR code',
      '<p><img src="cid:upi-qr@payment"></p>',
      JSON.stringify([{ ...qr, cid: 'upi-qr@payment' }]),
    ])
    const [row] = await db.query<{ attachments: unknown }>(
      `select attachments from public.email_outbox where subject = 'Fee reminder with a QR code'`,
    )
    expect(row!.attachments).toEqual([{ ...qr, encoding: 'base64', cid: 'upi-qr@payment' }])
    await expect(
      webmail(by('admin'), [
        'accounts',
        ['parent@example.com'],
        [],
        'A bad Content-ID',
        '<p>x</p>',
        JSON.stringify([{ ...qr, cid: 'a b>\r\nBcc: x@y.z' }]),
      ]),
    ).rejects.toThrow('An inline image’s Content-ID is letters, digits and . @ - _ only')
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

  it('logs a message by what it is: a template by its type, a fee reminder as one, the rest as Webmail', async () => {
    const send = (trigger: string) =>
      asUser(
        db,
        by('admission'),
        async (tx) =>
          (
            await tx.query<{ r: unknown }>(
              'select public.webmail($1, $2, $3, $4, $5, $6::jsonb, $7) as r',
              [
                'admissions',
                ['family@example.com'],
                [],
                `Typed ${trigger}`,
                '<p>Dear family</p>',
                '[]',
                trigger,
              ],
            )
          )[0]!.r,
        { commit: true },
      ).then(
        () => 'queued',
        (e: Error) => e.message,
      )
    for (const trigger of ['admission', 'meeting', 'feeReceipt', 'paymentReminder'])
      expect(await send(trigger)).toBe('queued')
    expect(await send('Bad trigger!')).toBe('Unknown e-mail trigger')
    expect(
      await db.query(
        `select email_type, email_trigger from public.email_outbox where subject like 'Typed %'
          order by email_trigger`,
      ),
    ).toEqual([
      { email_type: 'Admissions', email_trigger: 'admission' },
      { email_type: 'Webmail', email_trigger: 'feeReceipt' },
      { email_type: 'Inquiry', email_trigger: 'meeting' },
      { email_type: 'Payment Reminder', email_trigger: 'paymentReminder' },
    ])
  })

  describe('e-mail sending (O09, O10)', () => {
    const setSending = (who: TestClaims, member: string, enabled: boolean) =>
      asUser(
        db,
        who,
        async (tx) =>
          (
            await tx.query<{ r: { message: string } }>(
              'select public.admin_set_email_sending($1, $2) as r',
              [member, enabled],
            )
          )[0]!.r.message,
        { commit: true },
      ).catch((e: Error) => e.message)
    const accounts = (who: TestClaims) =>
      asUser(
        db,
        who,
        async (tx) =>
          (
            await tx.query<{ r: { may_send: boolean; always: boolean } }>(
              'select public.mail_sender_accounts() as r',
            )
          )[0]!.r,
      )
    // Each from their own account (the admin's own is Anita's).
    const own: Record<string, string> = {
      [by('admin').sub]: 'anita',
      [by('administration').sub]: 'savio',
      [by('admission').sub]: 'admissions',
    }
    const sendAs = (who: TestClaims, subject: string) =>
      webmail(who, [own[who.sub], ['a@example.com'], [], subject, '<p>x</p>', '[]']).then(
        () => 'queued',
        (e: Error) => e.message,
      )

    it('an admin turns a member of staff off and on; while off, nothing they send is queued', async () => {
      const admin = by('admin')
      expect(await setSending(admin, admin.sub, false)).toBe(
        'E-mail sending turned off for Anita Admin',
      )
      expect(await accounts(admin)).toMatchObject({ may_send: false, always: false })
      expect(await sendAs(admin, 'While off')).toBe(
        'E-mail sending is turned off for your account. An admin can turn it on in Members.',
      )
      expect(
        await db.query(`select 1 from public.email_outbox where subject = 'While off'`),
      ).toEqual([])
      expect(await setSending(admin, admin.sub, true)).toBe(
        'E-mail sending turned on for Anita Admin',
      )
      expect(await accounts(admin)).toMatchObject({ may_send: true, always: false })
      expect(await sendAs(admin, 'While on')).toBe('queued')
    })

    it('the two forced accounts always send: they cannot be turned off, and send whatever their setting', async () => {
      const admin = by('admin')
      for (const label of ['administration', 'admission']) {
        const who = by(label)
        expect(await setSending(admin, who.sub, false)).toMatch(/^E-mail sending is always on for /)
        await db.query('update public.members set email_sending = false where id = $1', [who.sub])
        try {
          expect(await accounts(who)).toEqual(
            expect.objectContaining({ may_send: true, always: true }),
          )
          expect(await sendAs(who, `Forced ${label}`)).toBe('queued')
        } finally {
          await db.query('update public.members set email_sending = true where id = $1', [who.sub])
        }
      }
      const listed = await asUser(
        db,
        admin,
        async (tx) =>
          (
            await tx.query<{
              r: { rows: { name: string; email_sending: boolean; email_sending_forced: boolean }[] }
            }>(`select public.admin_list_members('administration') as r`)
          )[0]!.r.rows,
      )
      expect(listed.map((m) => [m.name, m.email_sending, m.email_sending_forced]).sort()).toEqual([
        ['Anita Admin', true, false],
        ['Meera Kamat', true, true],
        ['Savio Pereira', true, true],
      ])
    })

    it('deleting the member behind an account that always sends works, and forces nobody after', async () => {
      const admission = by('admission')
      const answer = await asUser(db, by('admin'), async (tx) => {
        const [row] = await tx.query<{ r: { message: string } }>(
          'select public.admin_delete_member($1) as r',
          [admission.sub],
        )
        const [sender] = await tx.query<{ member_id: string | null; always_sends: boolean }>(
          `select member_id, always_sends from public.mail_senders where key = 'admissions'`,
        )
        const [forced] = await tx.query<{ f: boolean }>('select app.always_sends_email($1) as f', [
          admission.sub,
        ])
        return { message: row!.r.message, sender, forced: forced!.f }
      }).catch((e: Error) => e.message)
      expect(answer).toEqual({
        message: 'Member deleted',
        sender: { member_id: null, always_sends: true },
        forced: false,
      })
    })

    it('only admins change it, for a member that exists', async () => {
      expect(await setSending(by('administration'), by('admin').sub, false)).toBe(
        'Only admins can change who sends e-mail',
      )
      expect(await setSending(by('admin'), '00000000-0000-4000-a000-0000000000ff', false)).toBe(
        'No such member',
      )
    })
  })
})
