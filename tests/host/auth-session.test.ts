// /auth/v1 sessions through supabase-js, as the app and the edge functions use them: sign-in,
// refresh, the user endpoints, sign-out, the admin API, and refusal of expired and forged tokens.
import { AuthApiError, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>

describe.each(testDatabases())('auth sessions on $name', (target) => {
  let host: TestHost
  let service: SupabaseClient
  let n = 0
  const email = (what: string) => `${what}-${++n}@parents.test`

  beforeAll(async () => {
    host = await startTestHost({ database: target })
    service = host.serviceClient()
  })
  afterAll(() => host?.stop())

  it.each(demoAccounts.filter((a) => a.confirmed).map((a) => [a.label, a] as const))(
    'signs in the demo %s, whose token carries the claims of the access token hook',
    async (_label, account) => {
      const { data, error } = await host
        .client()
        .auth.signInWithPassword({ email: account.email, password: account.password })
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
      expect(data.session!.expires_in).toBe(900)
    },
  )

  it('reports a wrong password or unknown address the way supabase-js reports it', async () => {
    for (const credentials of [
      { email: 'admin@demo.school', password: 'not-the-password' },
      { email: 'nobody@demo.school', password: 'demo-admin-1' },
    ]) {
      const { data, error } = await host.client().auth.signInWithPassword(credentials)
      expect(error).toBeInstanceOf(AuthApiError)
      expect(error).toMatchObject({
        code: 'invalid_credentials',
        status: 400,
        message: 'Invalid login credentials',
      })
      expect(data.session).toBeNull()
    }
    const unverified = demoAccounts.find((a) => !a.confirmed)!
    const { error } = await host
      .client()
      .auth.signInWithPassword({ email: unverified.email, password: unverified.password })
    expect(error).toMatchObject({ code: 'email_not_confirmed', status: 400 })
  })

  it('refreshes with a rotated refresh token, and a replayed old token ends the session', async () => {
    const client = host.client()
    const first = await client.auth.signInWithPassword({
      email: 'guardian@demo.school',
      password: 'demo-guardian-1',
    })
    const oldRefresh = first.data.session!.refresh_token
    const refreshed = await client.auth.refreshSession({ refresh_token: oldRefresh })
    expect(refreshed.error).toBeNull()
    const current = refreshed.data.session!
    expect(current.refresh_token).not.toBe(oldRefresh)
    expect(claimsOf(current.access_token)).toMatchObject({
      app_role: 'guardian',
      session_id: claimsOf(first.data.session!.access_token).session_id,
    })

    // Two tabs refreshing at once: the old token, used again right away, gets the current one.
    const twin = await host.client().auth.refreshSession({ refresh_token: oldRefresh })
    expect(twin.data.session?.refresh_token).toBe(current.refresh_token)

    // Used again later: someone replayed a stolen token, so the whole session ends.
    await host.db.query(
      `update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`,
      [oldRefresh],
    )
    const replay = await host.client().auth.refreshSession({ refresh_token: oldRefresh })
    expect(replay.error).toMatchObject({ code: 'refresh_token_already_used', status: 400 })
    const after = await host.client().auth.refreshSession({ refresh_token: current.refresh_token })
    expect(after.error).toMatchObject({ code: 'refresh_token_not_found', status: 400 })
  })

  it('reads and updates the signed-in user: metadata, password (not too short, not the same)', async () => {
    const address = email('update')
    await service.auth.admin.createUser({
      email: address,
      password: 'start-pass-1',
      email_confirm: true,
    })
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

    const updated = await client.auth.updateUser({
      password: 'second-pass-2',
      data: { nickname: 'Ma' },
    })
    expect(updated.error).toBeNull()
    expect(updated.data.user?.user_metadata).toMatchObject({ nickname: 'Ma' })
    const oldPassword = await host
      .client()
      .auth.signInWithPassword({ email: address, password: 'start-pass-1' })
    expect(oldPassword.error).toMatchObject({ code: 'invalid_credentials' })
    expect(
      (await host.client().auth.signInWithPassword({ email: address, password: 'second-pass-2' }))
        .error,
    ).toBeNull()
    // The other device was signed out by the password change.
    const otherUser = await other.auth.getUser()
    expect(otherUser.error?.name).toBe('AuthSessionMissingError')
    expect((await client.auth.getUser()).error).toBeNull()
  })

  it('signs out this device only, or everywhere', async () => {
    const sign = async () => {
      const client = host.client()
      const { data } = await client.auth.signInWithPassword({
        email: 'student@demo.school',
        password: 'demo-student-1',
      })
      return { client, session: data.session! }
    }
    const a = await sign()
    const b = await sign()
    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull()
    expect(
      (await host.client().auth.refreshSession({ refresh_token: a.session.refresh_token })).error,
    ).toMatchObject({
      code: 'refresh_token_not_found',
    })
    expect((await b.client.auth.getUser()).error).toBeNull()
    expect((await b.client.auth.signOut()).error).toBeNull()
    const stale = await host.client().auth.getUser(b.session.access_token)
    expect(stale.error?.name).toBe('AuthSessionMissingError')
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
    const duplicate = await service.auth.admin.createUser({
      email: address,
      password: 'admin-made-1',
    })
    expect(duplicate.error).toMatchObject({ code: 'email_exists', status: 422 })

    const page = await service.auth.admin.listUsers({ page: 1, perPage: 2 })
    expect(page.error).toBeNull()
    expect(page.data.users).toHaveLength(2)
    const [{ total }] = (await host.db.query<{ total: number }>(
      'select count(*)::int as total from auth.users',
    )) as [{ total: number }]
    expect(page.data).toMatchObject({ total, nextPage: 2 })

    expect((await service.auth.admin.getUserById(id)).data.user?.user_metadata).toMatchObject({
      name: 'Made By Admin',
    })

    expect((await service.auth.admin.updateUserById(id, { ban_duration: '24h' })).error).toBeNull()
    const banned = await host
      .client()
      .auth.signInWithPassword({ email: address, password: 'admin-made-1' })
    expect(banned.error).toMatchObject({ code: 'user_banned', status: 400 })
    await service.auth.admin.updateUserById(id, {
      ban_duration: 'none',
      password: 'admin-changed-2',
      app_metadata: { centre: 'goa' },
    })
    const back = await host
      .client()
      .auth.signInWithPassword({ email: address, password: 'admin-changed-2' })
    expect(back.error).toBeNull()
    expect(back.data.user?.app_metadata).toMatchObject({ provider: 'email', centre: 'goa' })

    expect((await service.auth.admin.deleteUser(id)).error).toBeNull()
    expect((await service.auth.admin.getUserById(id)).error).toMatchObject({
      code: 'user_not_found',
      status: 404,
    })

    const asVisitor = await host.client().auth.admin.listUsers()
    expect(asVisitor.error).toMatchObject({ code: 'not_admin', status: 403 })
    const person = host.client()
    const { data } = await person.auth.signInWithPassword({
      email: 'admin@demo.school',
      password: 'demo-admin-1',
    })
    const asPerson = host.client({
      global: { headers: { Authorization: `Bearer ${data.session!.access_token}` } },
    })
    expect((await asPerson.auth.admin.listUsers()).error).toMatchObject({
      code: 'not_admin',
      status: 403,
    })
  })

  it('refuses expired and forged tokens', async () => {
    const admin = demoAccounts[0]!
    const now = Math.floor(Date.now() / 1000)
    const claims = {
      sub: admin.id,
      role: 'authenticated',
      aud: 'authenticated',
      email: admin.email,
    }
    const sign = (secret: string, exp: number, extra = {}) =>
      new SignJWT({ ...claims, ...extra, iat: now - 7200, exp })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(secret))
    const expired = await sign(host.jwtSecret, now - 3600)
    const forged = await sign('another-secret-that-is-at-least-32-characters', now + 3600)
    const superuser = await sign(host.jwtSecret, now + 3600, { role: 'postgres' })
    const as = (token: string) =>
      host.client({ global: { headers: { Authorization: `Bearer ${token}` } } })

    expect((await as(expired).rpc('my_member')).error).toMatchObject({
      code: 'PGRST303',
      message: 'JWT expired',
    })
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
    expect(await res.json()).toMatchObject({
      error_code: 'validation_failed',
      msg: 'Google sign-in is not available on this server',
    })
    const settings = await fetch(`${host.url}/auth/v1/settings`, {
      headers: { apikey: host.anonKey },
    })
    expect(await settings.json()).toMatchObject({
      external: { email: true, google: false },
      mailer_autoconfirm: false,
    })
  })
})
