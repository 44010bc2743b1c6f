// /auth/v1 through supabase-js, as the app and the edge functions use it: sign-up with e-mail
// confirmation, sign-in, refresh, the user endpoints, sign-out, recovery by e-mail, the admin API,
// and refusal of expired and forged tokens.
import { AuthApiError, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts'
import { testDatabases } from '../helpers/test-db.ts'

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>

/** The link in an auth e-mail, followed as a browser follows it (no redirect chasing). */
async function followLink(html: string): Promise<URL> {
  const href = /href="([^"]+)"/.exec(html)?.[1]
  if (!href) throw new Error(`no link in ${html}`)
  const res = await fetch(href.replace(/&amp;/g, '&'), { redirect: 'manual' })
  expect(res.status).toBe(303)
  return new URL(res.headers.get('location')!)
}

const fragment = (url: URL) => new URLSearchParams(url.hash.slice(1))

describe.each(testDatabases())('auth on $name', (target) => {
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

    const signedIn = await host.client().auth.signInWithPassword({ email: address, password: 'first-pass-1' })
    expect(signedIn.error).toBeNull()
    // A used link cannot sign anyone in again.
    const again = await fetch(/href="([^"]+)"/.exec(mail.html)![1]!.replace(/&amp;/g, '&'), { redirect: 'manual' })
    expect(fragment(new URL(again.headers.get('location')!)).get('error_code')).toBe('otp_expired')
  })

  it('confirms a sign-up with a link from the admin API (verifyOtp with the token hash)', async () => {
    const address = email('link')
    const { data, error } = await service.auth.admin.generateLink({ type: 'signup', email: address, password: 'link-pass-1' })
    expect(error).toBeNull()
    expect(data.properties?.verification_type).toBe('signup')
    expect(data.properties?.action_link).toContain('/auth/v1/verify?token=')
    const client = host.client()
    const verified = await client.auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'signup' })
    expect(verified.error).toBeNull()
    expect(verified.data.session?.user.email).toBe(address)
    const reused = await host.client().auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'signup' })
    expect(reused.error).toMatchObject({ code: 'otp_expired', status: 403 })
  })

  it('accepts the 6-digit code of an e-mail instead of the link', async () => {
    const address = email('otp')
    const { data } = await service.auth.admin.generateLink({ type: 'signup', email: address, password: 'code-pass-1' })
    const wrong = await host.client().auth.verifyOtp({ email: address, token: '000000' === data.properties!.email_otp ? '111111' : '000000', type: 'email' })
    expect(wrong.error).toMatchObject({ code: 'otp_expired' })
    const right = await host.client().auth.verifyOtp({ email: address, token: data.properties!.email_otp, type: 'email' })
    expect(right.error).toBeNull()
    expect(right.data.user?.email).toBe(address)
  })

  it('refuses bad sign-up input with the errors supabase-js expects', async () => {
    const weak = await host.client().auth.signUp({ email: email('weak'), password: '12345' })
    expect(weak.error).toMatchObject({ name: 'AuthWeakPasswordError', code: 'weak_password', status: 422 })
    const invalid = await host.client().auth.signUp({ email: 'not-an-address', password: 'long-enough-1' })
    expect(invalid.error).toMatchObject({ code: 'validation_failed', status: 400 })
  })

  it.each(demoAccounts.filter((a) => a.confirmed).map((a) => [a.label, a] as const))(
    'signs in the demo %s, whose token carries the claims of the access token hook',
    async (_label, account) => {
      const { data, error } = await host.client().auth.signInWithPassword({ email: account.email, password: account.password })
      expect(error).toBeNull()
      expect(claimsOf(data.session!.access_token)).toMatchObject({
        sub: account.id,
        role: 'authenticated',
        aal: 'aal1',
        session_id: expect.any(String),
        app_role: account.role,
        app_status: account.status,
        member_id: account.id,
        iss: `${host.url}/auth/v1`,
      })
      expect(data.session!.expires_in).toBe(3600)
    },
  )

  it('reports a wrong password or unknown address the way supabase-js reports it', async () => {
    for (const credentials of [
      { email: 'admin@demo.school', password: 'not-the-password' },
      { email: 'nobody@demo.school', password: 'demo-admin-1' },
    ]) {
      const { data, error } = await host.client().auth.signInWithPassword(credentials)
      expect(error).toBeInstanceOf(AuthApiError)
      expect(error).toMatchObject({ code: 'invalid_credentials', status: 400, message: 'Invalid login credentials' })
      expect(data.session).toBeNull()
    }
    const unverified = demoAccounts.find((a) => !a.confirmed)!
    const { error } = await host.client().auth.signInWithPassword({ email: unverified.email, password: unverified.password })
    expect(error).toMatchObject({ code: 'email_not_confirmed', status: 400 })
  })

  it('refreshes with a rotated refresh token, and a replayed old token ends the session', async () => {
    const client = host.client()
    const first = await client.auth.signInWithPassword({ email: 'guardian@demo.school', password: 'demo-guardian-1' })
    const oldRefresh = first.data.session!.refresh_token
    const refreshed = await client.auth.refreshSession({ refresh_token: oldRefresh })
    expect(refreshed.error).toBeNull()
    const current = refreshed.data.session!
    expect(current.refresh_token).not.toBe(oldRefresh)
    expect(claimsOf(current.access_token)).toMatchObject({ app_role: 'guardian', session_id: claimsOf(first.data.session!.access_token).session_id })

    // Two tabs refreshing at once: the old token, used again right away, gets the current one.
    const twin = await host.client().auth.refreshSession({ refresh_token: oldRefresh })
    expect(twin.data.session?.refresh_token).toBe(current.refresh_token)

    // Used again later: someone replayed a stolen token, so the whole session ends.
    await host.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [oldRefresh])
    const replay = await host.client().auth.refreshSession({ refresh_token: oldRefresh })
    expect(replay.error).toMatchObject({ code: 'refresh_token_already_used', status: 400 })
    const after = await host.client().auth.refreshSession({ refresh_token: current.refresh_token })
    expect(after.error).toMatchObject({ code: 'refresh_token_not_found', status: 400 })
  })

  it('reads and updates the signed-in user: metadata, password (not too short, not the same)', async () => {
    const address = email('update')
    await service.auth.admin.createUser({ email: address, password: 'start-pass-1', email_confirm: true })
    const client = host.client()
    await client.auth.signInWithPassword({ email: address, password: 'start-pass-1' })
    const other = host.client()
    await other.auth.signInWithPassword({ email: address, password: 'start-pass-1' })

    const got = await client.auth.getUser()
    expect(got.data.user?.email).toBe(address)

    const short = await client.auth.updateUser({ password: 'short' })
    expect(short.error).toMatchObject({ code: 'weak_password', status: 422 })
    const same = await client.auth.updateUser({ password: 'start-pass-1' })
    expect(same.error).toMatchObject({ code: 'same_password', status: 422 })

    const updated = await client.auth.updateUser({ password: 'second-pass-2', data: { nickname: 'Ma' } })
    expect(updated.error).toBeNull()
    expect(updated.data.user?.user_metadata).toMatchObject({ nickname: 'Ma' })
    const oldPassword = await host.client().auth.signInWithPassword({ email: address, password: 'start-pass-1' })
    expect(oldPassword.error).toMatchObject({ code: 'invalid_credentials' })
    expect((await host.client().auth.signInWithPassword({ email: address, password: 'second-pass-2' })).error).toBeNull()
    // The other device was signed out by the password change.
    const otherUser = await other.auth.getUser()
    expect(otherUser.error?.name).toBe('AuthSessionMissingError')
    expect((await client.auth.getUser()).error).toBeNull()
  })

  it('signs out this device only, or everywhere', async () => {
    const sign = async () => {
      const client = host.client()
      const { data } = await client.auth.signInWithPassword({ email: 'student@demo.school', password: 'demo-student-1' })
      return { client, session: data.session! }
    }
    const a = await sign()
    const b = await sign()
    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull()
    expect((await host.client().auth.refreshSession({ refresh_token: a.session.refresh_token })).error).toMatchObject({
      code: 'refresh_token_not_found',
    })
    expect((await b.client.auth.getUser()).error).toBeNull()
    expect((await b.client.auth.signOut()).error).toBeNull()
    const stale = await host.client().auth.getUser(b.session.access_token)
    expect(stale.error?.name).toBe('AuthSessionMissingError')
  })

  it('sends a recovery link to the SMTP server that signs in and lets the password be changed', async () => {
    const address = email('recover')
    await service.auth.admin.createUser({ email: address, password: 'forgot-pass-1', email_confirm: true })
    const client = host.client()
    const sent = await client.auth.resetPasswordForEmail(address, { redirectTo: `${host.url}/reset` })
    expect(sent.error).toBeNull()
    const mail = await smtp.waitForMail((m) => m.to.includes(address))
    expect(mail.subject).toBe('Reset Your Password')
    const landing = await followLink(mail.html)
    expect(landing.pathname).toBe('/reset')
    const params = fragment(landing)
    expect(params.get('type')).toBe('recovery')
    await client.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! })
    expect((await client.auth.updateUser({ password: 'remembered-2' })).error).toBeNull()
    expect((await host.client().auth.signInWithPassword({ email: address, password: 'remembered-2' })).error).toBeNull()

    // Unknown addresses get the same answer and no e-mail.
    expect((await client.auth.resetPasswordForEmail('stranger@parents.test')).error).toBeNull()
    const queued = await host.db.query(`select 1 from public.email_outbox where 'stranger@parents.test' = any(recipients)`)
    expect(queued).toEqual([])
  })

  it('manages users through the admin API with the service_role key only', async () => {
    const address = email('admin-api')
    const created = await service.auth.admin.createUser({
      email: address,
      password: 'admin-made-1',
      email_confirm: true,
      user_metadata: { name: 'Made By Admin' },
    })
    expect(created.error).toBeNull()
    const id = created.data.user!.id
    const duplicate = await service.auth.admin.createUser({ email: address, password: 'admin-made-1' })
    expect(duplicate.error).toMatchObject({ code: 'email_exists', status: 422 })

    const page = await service.auth.admin.listUsers({ page: 1, perPage: 2 })
    expect(page.error).toBeNull()
    expect(page.data.users).toHaveLength(2)
    const [{ total }] = (await host.db.query<{ total: number }>('select count(*)::int as total from auth.users')) as [{ total: number }]
    expect(page.data).toMatchObject({ total, nextPage: 2 })

    expect((await service.auth.admin.getUserById(id)).data.user?.user_metadata).toMatchObject({ name: 'Made By Admin' })

    expect((await service.auth.admin.updateUserById(id, { ban_duration: '24h' })).error).toBeNull()
    const banned = await host.client().auth.signInWithPassword({ email: address, password: 'admin-made-1' })
    expect(banned.error).toMatchObject({ code: 'user_banned', status: 400 })
    await service.auth.admin.updateUserById(id, { ban_duration: 'none', password: 'admin-changed-2', app_metadata: { centre: 'goa' } })
    const back = await host.client().auth.signInWithPassword({ email: address, password: 'admin-changed-2' })
    expect(back.error).toBeNull()
    expect(back.data.user?.app_metadata).toMatchObject({ provider: 'email', centre: 'goa' })

    expect((await service.auth.admin.deleteUser(id)).error).toBeNull()
    expect((await service.auth.admin.getUserById(id)).error).toMatchObject({ code: 'user_not_found', status: 404 })

    const asVisitor = await host.client().auth.admin.listUsers()
    expect(asVisitor.error).toMatchObject({ code: 'not_admin', status: 403 })
    const person = host.client()
    const { data } = await person.auth.signInWithPassword({ email: 'admin@demo.school', password: 'demo-admin-1' })
    const asPerson = host.client({ global: { headers: { Authorization: `Bearer ${data.session!.access_token}` } } })
    expect((await asPerson.auth.admin.listUsers()).error).toMatchObject({ code: 'not_admin', status: 403 })
  })

  it('refuses expired and forged tokens', async () => {
    const admin = demoAccounts[0]!
    const now = Math.floor(Date.now() / 1000)
    const claims = { sub: admin.id, role: 'authenticated', aud: 'authenticated', email: admin.email }
    const sign = (secret: string, exp: number, extra = {}) =>
      new SignJWT({ ...claims, ...extra, iat: now - 7200, exp })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(secret))
    const expired = await sign(host.jwtSecret, now - 3600)
    const forged = await sign('another-secret-that-is-at-least-32-characters', now + 3600)
    const superuser = await sign(host.jwtSecret, now + 3600, { role: 'postgres' })
    const as = (token: string) => host.client({ global: { headers: { Authorization: `Bearer ${token}` } } })

    expect((await as(expired).rpc('my_member')).error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
    expect((await as(expired).rpc('my_member')).status).toBe(401)
    const forgedCall = await as(forged).rpc('my_member')
    expect(forgedCall.error).toMatchObject({ code: 'PGRST301' })
    expect(forgedCall.status).toBe(401)
    expect((await as(superuser).rpc('list_members')).status).toBe(401)

    for (const token of [expired, forged]) {
      const { error } = await host.client().auth.getUser(token)
      expect(error).toMatchObject({ code: 'bad_jwt', status: 403 })
    }
  })

  it('says Google sign-in is not available, in the settings and at the provider redirect', async () => {
    const { data, error } = await host.client().auth.signInWithOAuth({
      provider: 'google',
      options: { skipBrowserRedirect: true, redirectTo: host.url },
    })
    expect(error).toBeNull()
    const res = await fetch(data.url!)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error_code: 'validation_failed', msg: 'Google sign-in is not available on this server' })
    const settings = await fetch(`${host.url}/auth/v1/settings`, { headers: { apikey: host.anonKey } })
    expect(await settings.json()).toMatchObject({ external: { email: true, google: false }, mailer_autoconfirm: false })
  })
})
