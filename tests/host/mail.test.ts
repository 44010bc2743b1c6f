// The local host's mailer with a real SMTP server: queued mail leaves as soon as it is committed
// (LISTEN/NOTIFY, not the 30-second timer), and the password-recovery e-mail of /auth/v1 arrives
// and its link works with supabase-js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { memberMaker, type Member } from './support/members.ts'
import { outboxRow } from './support/outbox.ts'

describe.each(testDatabases())('mailer on $name', (database) => {
  let h: TestHost
  let smtp: TestSmtp
  let member: (role: string) => Promise<Member>

  beforeAll(async () => {
    smtp = await startSmtp()
    h = await startTestHost({
      database,
      smtpUrl: smtp.url,
      options: { seed: false, mailFrom: 'Learning Centre <no-reply@centre.test>' },
    })
    member = memberMaker(h)
  })
  afterAll(async () => {
    await h?.stop()
    await smtp?.close()
  })

  it('tells, as it starts, that it has a mail server', async () => {
    const [row] = await h.db.query<{ c: boolean }>('select configured as c from app.mail_transport')
    expect(row?.c).toBe(true)
  })

  it('sends what is queued as soon as it is committed', async () => {
    const staff = await member('administration')
    const started = Date.now()
    // Queued as the server's functions queue it, in the member's name.
    const [row] = await h.db.query<{ id: string }>(
      `insert into public.email_outbox (sender, recipients, subject, html_body, email_type, triggered_by)
       values ('Admissions <admissions@centre.test>', '{parent@family.test}', 'Trial day',
               '<p>See you at 9:30am.</p>', 'Admissions', $1) returning id`,
      [staff.id],
    )
    const mail = await smtp.waitForMail((m) => m.subject === 'Trial day', 10_000)
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(mail.headers.get('from')).toBe('Admissions <admissions@centre.test>')
    expect(mail.html).toBe('<p>See you at 9:30am.</p>')
    await expect.poll(async () => (await outboxRow(h, row!.id)).status).toBe('sent')
  })

  it('delivers the password-recovery link, which then lets the person set a new password', async () => {
    const guardian = await member('guardian')
    const visitor = h.client()
    const { error } = await visitor.auth.resetPasswordForEmail(guardian.email, {
      redirectTo: `${h.url}/reset-password`,
    })
    expect(error).toBeNull()

    const mail = await smtp.waitForMail((m) => m.to.includes(guardian.email))
    const link = /href="([^"]+)"/.exec(mail.html)?.[1]?.replace(/&amp;/g, '&')
    expect(link).toContain('/auth/v1/verify')
    const landing = await fetch(link!, { redirect: 'manual' })
    const location = new URL(landing.headers.get('location')!)
    expect(`${location.origin}${location.pathname}`).toBe(`${h.url}/reset-password`)
    const session = new URLSearchParams(location.hash.slice(1))
    expect(session.get('type')).toBe('recovery')

    const { error: setError } = await visitor.auth.setSession({
      access_token: session.get('access_token')!,
      refresh_token: session.get('refresh_token')!,
    })
    expect(setError).toBeNull()
    expect((await visitor.auth.updateUser({ password: 'a-new-password-2026' })).error).toBeNull()
    const again = h.client()
    expect(
      (await again.auth.signInWithPassword({ email: guardian.email, password: guardian.password }))
        .error,
    ).toMatchObject({ code: 'invalid_credentials', status: 400 })
    expect(
      (
        await again.auth.signInWithPassword({
          email: guardian.email,
          password: 'a-new-password-2026',
        })
      ).error,
    ).toBeNull()
    // The link is spent.
    const reused = await fetch(link!, { redirect: 'manual' })
    expect(reused.headers.get('location')).toMatch(/error=access_denied/)
  })
})
