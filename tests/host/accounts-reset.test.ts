// Password reset through the `accounts` function: the request answers the same for every
// address, the link arrives by e-mail (outbox → SMTP), and the code in it sets a new password
// once, ending the account's other sessions.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { call, linkIn, written } from './accounts-helpers.ts'

const EMAIL = 'member@demo.school'

describe.each(testDatabases())('accounts: password reset on $name', (target) => {
  let host: TestHost
  let smtp: TestSmtp
  let visitor: SupabaseClient

  beforeAll(async () => {
    smtp = await startSmtp()
    host = await startTestHost({ database: target, smtpUrl: smtp.url })
    visitor = host.client()
  })
  afterAll(async () => {
    await host?.stop()
    await smtp?.close()
  })

  const signIn = (password: string) =>
    host.client().auth.signInWithPassword({ email: EMAIL, password })

  it('answers an unknown address like a known one, and sends nothing', async () => {
    const before = await written(host.db)
    const { body } = await call(visitor, 'requestResetPassword', { email: 'nobody@demo.school' })
    expect(body).toEqual({
      type: 'success',
      message:
        'If an account exists for nobody@demo.school, we have sent it a link to choose a new password. The link works for an hour.',
    })
    expect(await written(host.db)).toEqual(before)
  })

  it.each([
    ['requestResetPassword', {}, 'E-mail is missing.'],
    ['requestResetPassword', { email: 'member@demo' }, 'Please enter a valid e-mail address.'],
    ['resetPassword', { oobCode: 'abc' }, 'Password is missing.'],
    ['resetPassword', { password: 'new-pass-1', oobCode: 12 }, 'Reset code must be text.'],
  ])('%s refuses %j with a 400 and writes nothing', async (action, payload, message) => {
    const before = await written(host.db)
    const { status, body } = await call(visitor, action, payload)
    expect(status).toBe(400)
    expect(body).toEqual({ type: 'error', message })
    expect(await written(host.db)).toEqual(before)
  })

  it('D20/D21: the e-mailed code sets a new password once, and other sessions end', async () => {
    const elsewhere = await signIn('demo-member-1')
    expect(elsewhere.error).toBeNull()

    const { body } = await call(visitor, 'requestResetPassword', { email: ' Member@Demo.School ' })
    expect(body.type).toBe('success')
    const mail = await smtp.waitForMail((m) => m.to.includes(EMAIL))
    expect(mail.subject).toBe('Reset your password for Banyan Tree Learning Centre')
    const link = linkIn(mail.html)
    expect(link.pathname).toBe('/reset-password')
    const oobCode = link.searchParams.get('oobCode')!
    const outboxRow = async () =>
      (
        await host.db.query<{ email_type: string; status: string }>(
          `select email_type, status from public.email_outbox
            where $1 = any(recipients) and email_trigger = 'accounts.requestResetPassword'`,
          [EMAIL],
        )
      )[0]
    // Marked sent just after the SMTP server accepted it.
    await expect.poll(outboxRow).toEqual({ email_type: 'Members', status: 'sent' })

    // A password the policy refuses is caught before the code is used.
    const weak = await call(visitor, 'resetPassword', { password: 'abc', oobCode })
    expect(weak.body).toEqual({ type: 'error', message: 'Use at least 6 characters.' })
    const wrong = await call(visitor, 'resetPassword', {
      password: 'new-pass-1',
      oobCode: 'not-the-code',
    })
    expect(wrong.body).toEqual({
      type: 'error',
      message: 'This link is invalid or has expired. Please ask for a new one.',
    })
    expect((await signIn('demo-member-1')).error).toBeNull()

    const reset = await call(visitor, 'resetPassword', { password: 'new-pass-1', oobCode })
    expect(reset.body).toEqual({
      type: 'success',
      message: 'Your password has been changed.',
      email: EMAIL,
    })
    expect((await signIn('demo-member-1')).error?.code).toBe('invalid_credentials')
    expect((await signIn('new-pass-1')).error).toBeNull()
    const refreshed = await host
      .client()
      .auth.refreshSession({ refresh_token: elsewhere.data.session!.refresh_token })
    expect(refreshed.error).toMatchObject({ code: 'refresh_token_not_found', status: 400 })

    const reused = await call(visitor, 'resetPassword', { password: 'other-pass-1', oobCode })
    expect(reused.body).toEqual({
      type: 'error',
      message: 'This link is invalid or has expired. Please ask for a new one.',
    })
    expect((await signIn('new-pass-1')).error).toBeNull()
  })
})
