// A payment end to end on the local host (issue 14): the office pushes a payment recorded on its
// device, the server numbers it, the receipt e-mail leaves once with its PDF (read back from the
// SMTP server), and the `receipts` function answers the same receipt to the family and the office
// and to nobody else.
import type { SupabaseClient } from '@supabase/supabase-js'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoAccounts, type DemoAccount } from '../../supabase/local/demo-accounts.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { testDatabases } from '../helpers/test-db.ts'

const by = (label: string): DemoAccount => {
  const account = demoAccounts.find((a) => a.label === label)
  if (!account) throw new Error(`no demo account ${label}`)
  return account
}

const december = {
  key: '2026-27/month/2026-12',
  label: 'December 2026',
  months: 1,
  start: '2026-12-01',
  end: '2026-12-31',
}

// A fee is recorded once per month (a second is refused): each test's payment pays for its own.
const payment = (id: string, period = december) => ({
  id,
  family_id: 'demo-family-fernandes',
  student_id: 'st-tiago',
  kind: 'fee',
  status: 'recorded',
  _deleted: false,
  data: {
    paymentType: 'Monthly Fee',
    paymentOption: 'UPI',
    period,
    feeYear: '2026-27',
    receivedFrom: 'Maria Fernandes',
    amount: 16700,
    paymentDate: '2026-11-27',
    studentsFee: 16700,
    totalFee: 16700,
    yearPaymentTotal: 33400,
    studentName: 'Tiago Fernandes',
    familyName: 'Fernandes',
    sendEmail: true,
  },
})

describe.each(testDatabases())('payment receipts on $name', (database) => {
  let h: TestHost
  let smtp: TestSmtp
  const signedIn = new Map<string, { client: SupabaseClient; token: string }>()

  async function as(label: string) {
    const known = signedIn.get(label)
    if (known) return known
    const account = by(label)
    const client = h.client()
    const { data, error } = await client.auth.signInWithPassword({
      email: account.email,
      password: account.password,
    })
    if (error) throw error
    const session = { client, token: data.session.access_token }
    signedIn.set(label, session)
    return session
  }

  const download = async (label: string | null, body: unknown) =>
    fetch(`${h.url}/functions/v1/receipts`, {
      method: 'POST',
      headers: {
        apikey: h.anonKey,
        'content-type': 'application/json',
        ...(label ? { authorization: `Bearer ${(await as(label)).token}` } : {}),
      },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    smtp = await startSmtp()
    h = await startTestHost({
      database,
      smtpUrl: smtp.url,
      options: { mailFrom: 'Learning Centre <no-reply@centre.test>' },
    })
  })
  afterAll(async () => {
    await h?.stop()
    await smtp?.close()
  })

  it('a payment recorded on a device sends one receipt e-mail with the numbered PDF', async () => {
    const { client } = await as('administration')
    const doc = payment('pay-host-1')
    const push = () =>
      client.rpc('sync_push', {
        collection: 'payments',
        rows: [{ newDocumentState: doc, assumedMasterState: null }],
      })
    const { data, error } = await push()
    expect(error).toBeNull()
    expect(data).toEqual({ conflicts: [], refused: [] })
    // The same push again (the device never heard the answer) sends nothing more.
    await push()

    const mail = await smtp.waitForMail((m) => m.subject.startsWith('Receipt for Tiago'), 15_000)
    const [row] = await h.db.query<{ receipt_number: string }>(
      `select receipt_number from public.payments where id = 'pay-host-1'`,
    )
    const number = row!.receipt_number
    expect(number).toMatch(/^2026-27\/\d{4}$/)
    expect(mail.subject).toBe(
      `Receipt for Tiago Fernandes: Monthly Fee December 2026 · Receipt ${number}`,
    )
    // To the family's guardians, written by the server from the centre's template (the default).
    expect(mail.to.sort()).toEqual(['guardian@demo.school', 'joao.fernandes@demo.school'])
    expect(mail.html).toContain('<p>Dear Maria Fernandes,</p>')
    expect(mail.html).toContain('₹16,700.00 by UPI on 27 November 2026')
    expect(mail.html).toContain('Savio Pereira<br>Banyan Tree Learning Centre')
    expect(mail.html).toContain(`Your payments are listed in the app: ${h.url}.`)
    expect(mail.attachments).toHaveLength(1)
    const pdf = mail.attachments[0]!
    expect(pdf.filename).toBe(`receipt-${number.replace('/', '-')}.pdf`)
    expect(pdf.contentType).toMatch(/application\/pdf/)
    const doc2 = await PDFDocument.load(new Uint8Array(pdf.content))
    expect(doc2.getTitle()).toBe(`Receipt ${number}`)
    expect(doc2.getSubject()).toBe('Payment receipt for Fernandes')

    const queued = () =>
      h.db.query<{ status: string }>(
        `select status from public.email_outbox where attachments @> '[{"receipt": "pay-host-1"}]'`,
      )
    await expect.poll(queued).toEqual([{ status: 'sent' }])
    expect(smtp.messages.filter((m) => m.subject.startsWith('Receipt for Tiago'))).toHaveLength(1)
    // The log shows the e-mail as it went out.
    const [logged] = await h.db.query<{ subject: string; html_body: string; compose: unknown }>(
      `select subject, html_body, compose from public.email_outbox where id = 'receipt-pay-host-1'`,
    )
    expect(logged).toEqual({
      subject: mail.subject,
      html_body: mail.html.replace(/\r\n/g, '\n').trim(),
      compose: null,
    })
  })

  it("a receipt is written from the centre's own version of the template", async () => {
    const { client } = await as('administration')
    const saved = await client.rpc('save_email_template', {
      name: 'feeReceipt',
      subject: 'Fees received for {{studentName}}',
      html: '<p>Namaste {{receivedFrom}}, thank you for ₹{{amount}}.</p>',
    })
    expect(saved.error).toBeNull()
    try {
      const { error } = await client.rpc('sync_push', {
        collection: 'payments',
        rows: [
          {
            newDocumentState: payment('pay-host-own', {
              key: '2026-27/month/2027-01',
              label: 'January 2027',
              months: 1,
              start: '2027-01-01',
              end: '2027-01-31',
            }),
            assumedMasterState: null,
          },
        ],
      })
      expect(error).toBeNull()
      const mail = await smtp.waitForMail((m) => m.subject.startsWith('Fees received'), 15_000)
      expect(mail.subject).toMatch(/^Fees received for Tiago Fernandes · Receipt 2026-27\/\d{4}$/)
      expect(mail.html).toContain('<p>Namaste Maria Fernandes, thank you for ₹16,700.00.</p>')
    } finally {
      await client.rpc('reset_email_template', { name: 'feeReceipt' })
    }
  })

  it('the family and the office download the receipt; other families and visitors cannot', async () => {
    const mine = await download('guardian', { payment: 'pay-demo-ines-this-month' })
    expect(mine.status).toBe(200)
    expect(mine.headers.get('content-type')).toBe('application/pdf')
    expect(mine.headers.get('content-disposition')).toMatch(
      /^attachment; filename="receipt-\d{4}-\d{2}-\d{4}\.pdf"$/,
    )
    const bytes = new Uint8Array(await mine.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')

    expect((await download('administration', { payment: 'pay-demo-ines-this-month' })).status).toBe(
      200,
    )
    const other = await download('parent facilitator', { payment: 'pay-demo-ines-this-month' })
    expect(other.status).toBe(404)
    expect(((await other.json()) as { message: string }).message).toMatch(/not available/)
    expect((await download(null, { payment: 'pay-demo-ines-this-month' })).status).toBe(401)
  })

  it('bad requests get a clear answer', async () => {
    const cases: [unknown, number][] = [
      [{}, 400],
      [{ payment: 42 }, 400],
      [{ payment: 'x'.repeat(65) }, 400],
      [{ payment: 'a\u0000b' }, 400],
      [{ payment: 'no-such-payment' }, 404],
    ]
    for (const [body, status] of cases) {
      const res = await download('guardian', body)
      expect(res.status, JSON.stringify(body)).toBe(status)
      expect(((await res.json()) as { type: string }).type).toBe('error')
    }
  })
})
