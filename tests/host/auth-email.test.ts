// /auth/v1 e-mail flows through supabase-js: sign-up with the e-mailed confirmation link, admin
// links and 6-digit codes, and password recovery with the link received by a real SMTP server.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { testDatabases } from '../helpers/test-db.ts'

/** The link in an auth e-mail, followed as a browser follows it (no redirect chasing). */
async function followLink(html: string): Promise<URL> {
  const href = /href="([^"]+)"/.exec(html)?.[1]
  if (!href) throw new Error(`no link in ${html}`)
  const res = await fetch(href.replace(/&amp;/g, '&'), { redirect: 'manual' })
  expect(res.status).toBe(303)
  return new URL(res.headers.get('location')!)
}

const fragment = (url: URL) => new URLSearchParams(url.hash.slice(1))

describe.each(testDatabases())('auth e-mail flows on $name', (target) => {
  let host: TestHost
  let smtp: TestSmtp
  let service: SupabaseClient
  let n = 0
  const email = (what: string) => `${what}-${++n}@parents.test`

  beforeAll(async () => {
    smtp = await startSmtp()
    host = await startTestHost({ database: target, smtpUrl: smtp.url })
    service = host.serviceClient()
  })
  afterAll(async () => {
    await host?.stop()
    await smtp?.close()
  })

  it('signs up with confirmation: no session until the e-mailed link is used, which signs in', async () => {
    const client = host.client()
    const address = email('signup')
    const { data, error } = await client.auth.signUp({
      email: address,
      password: 'first-pass-1',
      options: { emailRedirectTo: `${host.url}/welcome`, data: { name: 'New Parent' } },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user).toMatchObject({ email: address, user_metadata: { name: 'New Parent' } })
    expect(data.user?.confirmation_sent_at).toBeTruthy()
    expect(data.user?.email_confirmed_at).toBeUndefined()

    const early = await client.auth.signInWithPassword({ email: address, password: 'first-pass-1' })
    expect(early.error).toMatchObject({ code: 'email_not_confirmed', status: 400 })

    const mail = await smtp.waitForMail((m) => m.to.includes(address))
    expect(mail.subject).toBe('Confirm Your Signup')
    const landing = await followLink(mail.html)
    expect(`${landing.origin}${landing.pathname}`).toBe(`${host.url}/welcome`)
    const params = fragment(landing)
    expect(params.get('type')).toBe('signup')
    const session = await client.auth.setSession({
      access_token: params.get('access_token')!,
      refresh_token: params.get('refresh_token')!,
    })
    expect(session.error).toBeNull()
    expect(session.data.user?.email_confirmed_at).toBeTruthy()

    const signedIn = await host
      .client()
      .auth.signInWithPassword({ email: address, password: 'first-pass-1' })
    expect(signedIn.error).toBeNull()
    // A used link cannot sign anyone in again.
    const again = await fetch(/href="([^"]+)"/.exec(mail.html)![1]!.replace(/&amp;/g, '&'), {
      redirect: 'manual',
    })
    expect(fragment(new URL(again.headers.get('location')!)).get('error_code')).toBe('otp_expired')
  })

  it('confirms a sign-up with a link from the admin API (verifyOtp with the token hash)', async () => {
    const address = email('link')
    const { data, error } = await service.auth.admin.generateLink({
      type: 'signup',
      email: address,
      password: 'link-pass-1',
    })
    expect(error).toBeNull()
    expect(data.properties?.verification_type).toBe('signup')
    expect(data.properties?.action_link).toContain('/auth/v1/verify?token=')
    const client = host.client()
    const verified = await client.auth.verifyOtp({
      token_hash: data.properties!.hashed_token,
      type: 'signup',
    })
    expect(verified.error).toBeNull()
    expect(verified.data.session?.user.email).toBe(address)
    const reused = await host
      .client()
      .auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'signup' })
    expect(reused.error).toMatchObject({ code: 'otp_expired', status: 403 })
  })

  it('accepts the 6-digit code of an e-mail instead of the link', async () => {
    const address = email('otp')
    const { data } = await service.auth.admin.generateLink({
      type: 'signup',
      email: address,
      password: 'code-pass-1',
    })
    const wrong = await host.client().auth.verifyOtp({
      email: address,
      token: '000000' === data.properties!.email_otp ? '111111' : '000000',
      type: 'email',
    })
    expect(wrong.error).toMatchObject({ code: 'otp_expired' })
    const right = await host
      .client()
      .auth.verifyOtp({ email: address, token: data.properties!.email_otp, type: 'email' })
    expect(right.error).toBeNull()
    expect(right.data.user?.email).toBe(address)
  })

  it('refuses bad sign-up input with the errors supabase-js expects', async () => {
    const weak = await host.client().auth.signUp({ email: email('weak'), password: '12345' })
    expect(weak.error).toMatchObject({
      name: 'AuthWeakPasswordError',
      code: 'weak_password',
      status: 422,
    })
    const invalid = await host
      .client()
      .auth.signUp({ email: 'not-an-address', password: 'long-enough-1' })
    expect(invalid.error).toMatchObject({ code: 'validation_failed', status: 400 })
  })

  it('sends a recovery link to the SMTP server that signs in and lets the password be changed', async () => {
    const address = email('recover')
    await service.auth.admin.createUser({
      email: address,
      password: 'forgot-pass-1',
      email_confirm: true,
    })
    const client = host.client()
    const sent = await client.auth.resetPasswordForEmail(address, {
      redirectTo: `${host.url}/reset`,
    })
    expect(sent.error).toBeNull()
    const mail = await smtp.waitForMail((m) => m.to.includes(address))
    expect(mail.subject).toBe('Reset Your Password')
    const landing = await followLink(mail.html)
    expect(landing.pathname).toBe('/reset')
    const params = fragment(landing)
    expect(params.get('type')).toBe('recovery')
    await client.auth.setSession({
      access_token: params.get('access_token')!,
      refresh_token: params.get('refresh_token')!,
    })
    expect((await client.auth.updateUser({ password: 'remembered-2' })).error).toBeNull()
    expect(
      (await host.client().auth.signInWithPassword({ email: address, password: 'remembered-2' }))
        .error,
    ).toBeNull()

    // Unknown addresses get the same answer and no e-mail.
    expect((await client.auth.resetPasswordForEmail('stranger@parents.test')).error).toBeNull()
    const queued = await host.db.query(
      `select 1 from public.email_outbox where 'stranger@parents.test' = any(recipients)`,
    )
    expect(queued).toEqual([])
  })
})
