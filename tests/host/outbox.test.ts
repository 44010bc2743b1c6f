// The e-mail outbox and its dispatcher (the `outbox` edge function) against a real SMTP server:
// who may queue and read mail, delivery, failures with reasons and backoff, what the server
// answered for each address, a mail server that refuses the login or cannot be reached, mail left
// queued without SMTP, and exactly-once delivery when the dispatcher is killed mid-send.
import { spawn } from 'node:child_process'
import net, { type AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { asUser, claimsOf, testDatabases } from '../helpers/test-db.ts'
import { memberMaker, type Member } from './support/members.ts'
import {
  dispatcher,
  functionEnv,
  logged,
  outboxRow,
  queue,
  serverErrors,
} from './support/outbox.ts'

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n')
const CHILD = fileURLToPath(new URL('./support/dispatch-outbox.ts', import.meta.url))

describe.each(testDatabases())('e-mail outbox on $name', (database) => {
  let h: TestHost
  let smtp: TestSmtp
  let dispatch: ReturnType<typeof dispatcher>
  let staff: Member
  let admin: Member
  let guardian: Member

  beforeAll(async () => {
    smtp = await startSmtp()
    // The host runs without SMTP so its own mailer stays idle: each test dispatches when it chooses.
    h = await startTestHost({ database, options: { seed: false } })
    dispatch = dispatcher(h, smtp.url)
    const member = memberMaker(h)
    staff = await member('admission')
    admin = await member('admin')
    guardian = await member('guardian')
  })
  const mailServer = async () =>
    (await h.db.query<{ c: boolean }>('select configured as c from app.mail_transport'))[0]?.c

  it('the host without SMTP tells, as it starts, that it has no mail server', async () => {
    expect(await mailServer()).toBe(false)
  })

  afterAll(async () => {
    await h?.stop()
    await smtp?.close()
  })

  it('nobody queues mail directly; staff read what was queued in their name, admins all, and no body', async () => {
    const insert = (who: Member) =>
      asUser(
        h.db,
        claimsOf(who),
        (tx) =>
          tx.query(
            `insert into public.email_outbox (recipients, subject, html_body, email_type, triggered_by)
             values ('{parent@family.test}', 'Meeting', '<p>Hi</p>', 'Inquiry', $1)`,
            [who.id],
          ),
        { commit: true },
      )
    // Mail is queued only through the functions that check it (webmail, receipts, steps).
    for (const who of [staff, admin, guardian])
      await expect(insert(who)).rejects.toThrow('permission denied for table email_outbox')
    for (const who of [staff, admin])
      await h.db.query(
        `insert into public.email_outbox (recipients, subject, html_body, email_type, triggered_by)
         values ('{parent@family.test}', 'Meeting', '<p>Hi</p>', 'Inquiry', $1)`,
        [who.id],
      )

    const count = (who: Member) =>
      asUser(h.db, claimsOf(who), (tx) =>
        tx.query<{ n: number }>(`select count(*)::int as n from public.email_outbox`),
      )
    expect((await count(staff))[0]?.n).toBe(1)
    expect((await count(admin))[0]?.n).toBe(2)
    expect((await count(guardian))[0]?.n).toBe(0)
    // A body can hold another person's one-time link: the admins read it through the mail log.
    await expect(
      asUser(h.db, claimsOf(admin), (tx) => tx.query(`select html_body from public.email_outbox`)),
    ).rejects.toThrow('permission denied for table email_outbox')
    // Claiming is the dispatcher's (service role): a member is refused by PostgreSQL itself.
    const claim = await staff.client.rpc('outbox_claim', { batch: 10, lease_seconds: 60 })
    expect(claim.status).toBe(403)
    expect(claim.error).toMatchObject({
      code: '42501',
      message: 'permission denied for function outbox_claim',
    })
    await h.db.query(`delete from public.email_outbox`)
  })

  it('sends a queued message once, with its attachments, and records it as sent', async () => {
    await h
      .serviceClient()
      .storage.from('documents')
      .upload('forms/fees.pdf', new Blob([PDF], { type: 'application/pdf' }))
    const id = await queue(h, {
      to: ['parent@family.test'],
      cc: ['office@centre.test'],
      subject: 'Fee receipt — ₹4,500',
      html: '<p>Thank you for the payment of ₹4,500.</p>',
      attachments: [
        { bucket: 'documents', path: 'forms/fees.pdf', filename: 'receipt.pdf' },
        {
          filename: 'note.txt',
          content: Buffer.from('hello').toString('base64'),
          contentType: 'text/plain',
        },
      ],
    })
    const result = await dispatch()
    expect(result).toMatchObject({ status: 200, body: { type: 'success', sent: 1, claimed: 1 } })

    const mail = await smtp.waitForMail((m) => m.subject === 'Fee receipt — ₹4,500')
    expect(mail.to.sort()).toEqual(['office@centre.test', 'parent@family.test'])
    expect(mail.headers.get('from')).toBe('Learning Centre <office@centre.test>')
    expect(mail.html).toBe('<p>Thank you for the payment of ₹4,500.</p>')
    expect(mail.messageId).toBe(`<${id}@centre.test>`)
    expect(mail.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
      ['receipt.pdf', PDF.toString()],
      ['note.txt', 'hello'],
    ])
    expect(await outboxRow(h, id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      message_id: `<${id}@centre.test>`,
      last_error: null,
    })
    expect((await dispatch()).body).toMatchObject({ claimed: 0 })
    expect(smtp.messages.filter((m) => m.messageId === `<${id}@centre.test>`)).toHaveLength(1)
  })

  it('sends an image the HTML shows by its Content-ID inline, as a fee reminder’s UPI QR code', async () => {
    const gif = Buffer.from('R0lGODdhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=', 'base64')
    await queue(h, {
      to: ['parent@family.test'],
      subject: 'Fee reminder with a QR code',
      html: '<p><img src="cid:upi-qr@payment" alt="UPI QR code"></p>',
      attachments: [
        {
          filename: 'upi-qr.gif',
          content: gif.toString('base64'),
          contentType: 'image/gif',
          cid: 'upi-qr@payment',
        },
      ],
    })
    await dispatch()
    const mail = await smtp.waitForMail((m) => m.subject === 'Fee reminder with a QR code')
    expect(mail.attachments).toHaveLength(1)
    expect(mail.attachments[0]).toMatchObject({
      filename: 'upi-qr.gif',
      contentType: 'image/gif',
      cid: 'upi-qr@payment',
      contentDisposition: 'inline',
    })
    expect(mail.attachments[0]!.content.equals(gif)).toBe(true)
  })

  it("attaches a meeting's calendar invite as invite.ics, or fails for good on a bad one", async () => {
    const invite = {
      uid: 'meeting-outbox-test@admissions',
      sequence: 1,
      title: 'Meeting at the Learning Centre',
      description: 'Please come to the office.',
      date: '2026-12-03',
      start: '15:30',
      end: '17:00',
      timeZone: 'Asia/Kolkata',
      organizer: { name: 'Learning Centre', email: 'office@centre.test' },
      attendees: [{ name: 'Priya Sharma', email: 'parent@family.test' }],
    }
    const id = await queue(h, {
      to: ['parent@family.test'],
      subject: 'Meeting invitation',
      attachments: [{ invite }],
    })
    expect((await dispatch()).body).toMatchObject({ sent: 1, claimed: 1 })
    const mail = await smtp.waitForMail((m) => m.subject === 'Meeting invitation')
    expect(mail.attachments).toHaveLength(1)
    const [file] = mail.attachments
    expect(file).toMatchObject({ filename: 'invite.ics', contentType: 'text/calendar' })
    const ics = file!.content.toString('utf8')
    expect(ics).toContain('METHOD:REQUEST')
    expect(ics).toContain('UID:meeting-outbox-test@admissions')
    expect(ics).toContain('DTSTART:20261203T100000Z')
    expect(await outboxRow(h, id)).toMatchObject({ status: 'sent' })

    const bad = await queue(h, {
      to: ['parent@family.test'],
      subject: 'Meeting at no time',
      attachments: [{ invite: { ...invite, start: '25:00' } }],
    })
    await dispatch()
    expect(await outboxRow(h, bad)).toMatchObject({ status: 'failed', attempts: 1 })
    expect((await outboxRow(h, bad)).last_error).toMatch(/25:00/)
  })

  it('keeps the reason of a failure and retries with growing waits until it gives up', async () => {
    smtp.refuseRecipients((a) => a.startsWith('busy@'), 451, 'Mailbox busy, try again later')
    const id = await queue(h, { to: ['busy@family.test'], subject: 'Timetable' })
    expect((await dispatch()).body).toMatchObject({ retrying: 1, sent: 0 })
    let row = await outboxRow(h, id)
    expect(row).toMatchObject({ status: 'queued', attempts: 1 })
    expect(row.last_error).toMatch(/451.*Mailbox busy/)
    expect(row.due_in).toBeGreaterThan(25)
    expect(row.due_in).toBeLessThanOrEqual(30)

    expect((await dispatch()).body).toMatchObject({ claimed: 0 })
    const comeDue = () =>
      h.db.query(`update public.email_outbox set next_attempt_at = now() where id = $1`, [id])
    await comeDue()
    await dispatch()
    row = await outboxRow(h, id)
    expect(row).toMatchObject({ status: 'queued', attempts: 2 })
    expect(row.due_in).toBeGreaterThan(110)
    expect(row.due_in).toBeLessThanOrEqual(120)

    await comeDue()
    await dispatch()
    expect((await outboxRow(h, id)).due_in).toBeGreaterThan(470)
    await h.db.query(
      `update public.email_outbox set attempts = 5, next_attempt_at = now() where id = $1`,
      [id],
    )
    await dispatch()
    row = await outboxRow(h, id)
    expect(row).toMatchObject({ status: 'failed', attempts: 6 })
    expect(row.last_error).toMatch(/Mailbox busy/)
    // The admins were warned at the first refusal and told when the e-mail was given up.
    expect(await logged(h, 'system_warnings', id)).toEqual([
      expect.stringMatching(
        /^The e-mail "Timetable" to busy@family\.test was not accepted \(.*451.*\); it will be tried again\.$/,
      ),
    ])
    expect(await logged(h, 'system_errors', id)).toEqual([
      expect.stringMatching(
        /^The e-mail "Timetable" to busy@family\.test could not be sent: .*Mailbox busy/,
      ),
    ])
  })

  it('fails at once, with the reason, when the server refuses the message for good', async () => {
    smtp.refuseRecipients((a) => a.startsWith('nobody@'), 550, 'No such user here')
    const id = await queue(h, { to: ['nobody@family.test'], subject: 'Welcome' })
    expect((await dispatch()).body).toMatchObject({ failed: 1 })
    const row = await outboxRow(h, id)
    expect(row).toMatchObject({ status: 'failed', attempts: 1 })
    expect(row.last_error).toMatch(/550.*No such user/)
    expect(await logged(h, 'system_warnings', id)).toEqual([])
    expect(await logged(h, 'system_errors', id)).toEqual([
      expect.stringMatching(
        /^The e-mail "Welcome" to nobody@family\.test could not be sent: .*550/,
      ),
    ])
  })

  it('leaves mail queued and says so when no SMTP server is configured', async () => {
    const id = await queue(h, { to: ['parent@family.test'], subject: 'Holiday list' })
    const withoutSmtp = dispatcher(h)
    expect(await withoutSmtp()).toMatchObject({
      status: 503,
      body: { type: 'error', code: 'mail_not_configured' },
    })
    const { error } = await h.serviceClient().functions.invoke('outbox')
    expect(error?.context?.status).toBe(503)
    expect(await outboxRow(h, id)).toMatchObject({ status: 'queued', attempts: 0 })
    // The admins are told there is no mail server until a dispatcher that has one runs.
    expect(await mailServer()).toBe(false)
    await h.db.query(`delete from public.email_outbox where id = $1`, [id])
    await dispatch()
    expect(await mailServer()).toBe(true)
  })

  it('records an address refused for good on a message the other recipient received', async () => {
    const lift = smtp.refuseRecipients((a) => a === 'office@gone.test', 550, 'No such user here')
    const id = await queue(h, {
      to: ['parent@family.test', 'office@gone.test'],
      subject: 'Admission letter',
    })
    expect((await dispatch()).body).toMatchObject({ sent: 1, retrying: 0, failed: 0 })
    lift()
    const mail = await smtp.waitForMail((m) => m.subject === 'Admission letter')
    expect(mail.to).toEqual(['parent@family.test'])

    const row = await outboxRow(h, id)
    expect(row).toMatchObject({ status: 'sent', attempts: 1 })
    expect(row.last_error).toMatch(/^office@gone\.test: 550 No such user here$/)
    expect(row.deliveries).toMatchObject({
      'parent@family.test': { status: 'sent' },
      'office@gone.test': { status: 'refused', code: 550, reason: '550 No such user here' },
    })
    // Nothing is left to send, and the admins are told which address did not get it.
    expect((await dispatch()).body).toMatchObject({ claimed: 0 })
    expect(smtp.messages.filter((m) => m.subject === 'Admission letter')).toHaveLength(1)
    expect(await logged(h, 'system_errors', id)).toEqual([
      'The e-mail "Admission letter" to parent@family.test, office@gone.test was sent, but not delivered to office@gone.test (550 No such user here)',
    ])
  })

  it('tries again only the addresses the server deferred, and keeps the history', async () => {
    smtp.refuseRecipients((a) => a === 'head@gone.test', 550, 'No such user here')
    const liftFull = smtp.refuseRecipients(
      (a) => a === 'office@full.test',
      452,
      'Mailbox full, try later',
    )
    const id = await queue(h, {
      to: ['guardian@family.test', 'head@gone.test'],
      cc: ['office@full.test'],
      subject: 'Term report',
    })
    expect((await dispatch()).body).toMatchObject({ retrying: 1, sent: 0 })
    let row = await outboxRow(h, id)
    expect(row).toMatchObject({ status: 'queued', attempts: 1 })
    expect(row.due_in).toBeGreaterThan(25)
    expect(row.deliveries).toMatchObject({
      'guardian@family.test': { status: 'sent' },
      'head@gone.test': { status: 'refused', code: 550 },
      'office@full.test': { status: 'retrying', code: 452, reason: '452 Mailbox full, try later' },
    })
    expect(row.last_error).toBe(
      'head@gone.test: 550 No such user here; office@full.test: 452 Mailbox full, try later',
    )
    const first = await smtp.waitForMail((m) => m.subject === 'Term report')
    expect(first.to).toEqual(['guardian@family.test'])

    liftFull()
    await h.db.query(`update public.email_outbox set next_attempt_at = now() where id = $1`, [id])
    expect((await dispatch()).body).toMatchObject({ sent: 1 })
    const copies = smtp.messages.filter((m) => m.subject === 'Term report')
    expect(copies.map((m) => m.to)).toEqual([['guardian@family.test'], ['office@full.test']])
    expect(copies[1]?.messageId).toBe(first.messageId)

    row = await outboxRow(h, id)
    expect(row).toMatchObject({ status: 'sent', attempts: 2 })
    expect(row.deliveries['office@full.test']).toMatchObject({ status: 'sent' })
    expect(row.deliveries['head@gone.test']).toMatchObject({ status: 'refused' })
    expect(row.last_error).toBe('head@gone.test: 550 No such user here')
  })

  it('keeps the attempts and the last error of a message sent after a temporary failure', async () => {
    const lift = smtp.refuseRecipients((a) => a === 'later@family.test', 421, 'Try again later')
    const id = await queue(h, { to: ['later@family.test'], subject: 'Reminder' })
    expect((await dispatch()).body).toMatchObject({ retrying: 1 })
    lift()
    await h.db.query(`update public.email_outbox set next_attempt_at = now() where id = $1`, [id])
    expect((await dispatch()).body).toMatchObject({ sent: 1 })
    const row = await outboxRow(h, id)
    expect(row).toMatchObject({ status: 'sent', attempts: 2 })
    // 421 closes the connection: the server itself answers a new one, so the attempt counts.
    expect(row.last_error).toBe('Server closed the connection: 421 Try again later')
    expect(row.deliveries['later@family.test']).toMatchObject({ status: 'sent' })
  })

  describe('when the mail server itself fails', () => {
    let locked: TestSmtp
    beforeAll(async () => {
      locked = await startSmtp({ login: { user: 'centre', pass: 'right-password' } })
    })
    afterAll(async () => {
      await locked?.close()
      await h.db.query(
        `update public.system_errors set dismissed_at = now() where source = 'e-mail server'`,
      )
    })

    it('keeps every message queued, counts no attempt and raises one error for a refused login', async () => {
      const ids = [
        await queue(h, { to: ['a@family.test'], subject: 'Login 1' }),
        await queue(h, { to: ['b@family.test'], subject: 'Login 2' }),
        await queue(h, { to: ['c@family.test'], subject: 'Login 3' }),
      ]
      const wrong = dispatcher(h, `smtp://centre:wrong-password@127.0.0.1:${locked.port}`)
      for (let run = 0; run < 3; run++) {
        const answer = await wrong()
        expect(answer).toMatchObject({
          status: 503,
          body: { type: 'error', code: 'mail_server_problem', claimed: 0, failed: 0 },
        })
        expect(answer.body.message).toMatch(/^The mail server refused the login \(.*535/)
      }
      for (const id of ids) {
        expect(await outboxRow(h, id)).toMatchObject({
          status: 'queued',
          attempts: 0,
          last_error: null,
        })
        expect(await logged(h, 'system_errors', id)).toEqual([])
        expect(await logged(h, 'system_warnings', id)).toEqual([])
      }
      const errors = await serverErrors(h)
      expect(errors).toHaveLength(1)
      expect(errors[0]).toMatch(
        /^The mail server refused the login \(Invalid login: 535 .*Authentication credentials invalid\)\. Check the SMTP user and password in SMTP_URL\./,
      )
      expect(locked.messages).toHaveLength(0)

      // With the right password, every message leaves on its first counted attempt.
      expect((await dispatcher(h, locked.url)()).body).toMatchObject({ sent: 3, failed: 0 })
      for (const id of ids)
        expect(await outboxRow(h, id)).toMatchObject({ status: 'sent', attempts: 1 })
      expect(locked.messages.map((m) => m.subject).sort()).toEqual([
        'Login 1',
        'Login 2',
        'Login 3',
      ])
    })

    it('keeps messages queued when the server cannot be reached or fails TLS, one error each', async () => {
      const probe = net.createServer()
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
      const closedPort = (probe.address() as AddressInfo).port
      await new Promise((resolve) => probe.close(resolve))

      const id = await queue(h, { to: ['d@family.test'], subject: 'Unreachable' })
      const unreachable = dispatcher(h, `smtp://127.0.0.1:${closedPort}`)
      await unreachable()
      await unreachable()
      // A plain SMTP server spoken to with implicit TLS (port 465 style) fails the handshake.
      const tls = dispatcher(h, `smtps://127.0.0.1:${smtp.port}`)
      expect(await tls()).toMatchObject({ status: 503, body: { code: 'mail_server_problem' } })
      await tls()

      expect(await outboxRow(h, id)).toMatchObject({ status: 'queued', attempts: 0 })
      const errors = await serverErrors(h)
      expect(errors.filter((e) => /could not be reached \(.*ECONNREFUSED/.test(e))).toHaveLength(1)
      expect(
        errors.filter((e) => /^No secure \(TLS\) connection could be made/.test(e)),
      ).toHaveLength(1)
      expect((await dispatch()).body).toMatchObject({ sent: 1 })
      expect(await outboxRow(h, id)).toMatchObject({ status: 'sent', attempts: 1 })
    })
  })

  it('delivers exactly once when the dispatcher is killed before the server accepted the message', async () => {
    const id = await queue(h, { to: ['parent@family.test'], subject: 'Admission confirmed' })
    const hold = smtp.holdNext()
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CHILD, JSON.stringify(functionEnv(h, smtp.url))],
      {
        stdio: 'ignore',
      },
    )
    const exited = new Promise((resolve) => child.once('exit', resolve))
    await hold.arrived
    child.kill('SIGKILL')
    await exited
    await hold.clientGone
    hold.release()

    let row = await outboxRow(h, id)
    expect(row).toMatchObject({ status: 'sending', attempts: 1 })
    expect((await dispatch()).body).toMatchObject({ claimed: 0 })
    expect(smtp.messages.filter((m) => m.subject === 'Admission confirmed')).toHaveLength(0)

    // The lease runs out (moved forward instead of waiting five minutes); the next run resends.
    await h.db.query(
      `update public.email_outbox set lease_until = now() - interval '1 second' where id = $1`,
      [id],
    )
    expect((await dispatch()).body).toMatchObject({ sent: 1 })
    await smtp.waitForMail((m) => m.subject === 'Admission confirmed')
    expect((await dispatch()).body).toMatchObject({ claimed: 0 })

    const arrived = smtp.messages.filter((m) => m.subject === 'Admission confirmed')
    expect(arrived).toHaveLength(1)
    expect(arrived[0]?.messageId).toBe(`<${id}@centre.test>`)
    row = await outboxRow(h, id)
    expect(row).toMatchObject({ status: 'sent', attempts: 2 })
  })
})
