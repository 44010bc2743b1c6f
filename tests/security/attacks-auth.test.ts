// Issue 10, defects 2, 3, 6, 7 and 8 on the auth endpoints, played from addresses the test
// chooses (the host believes X-Forwarded-For from loopback here): guessing codes and passwords,
// flooding e-mails, timing, NUL characters, fake addresses and foreign redirect targets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { SIGN_IN_PER_ACCOUNT, readAuthRateLimits } from '../../supabase/local/rate-limits.ts'
import { clientFrom, lastCodeTo, newIp, requestFrom, securityHost } from './support.ts'

const limits = readAuthRateLimits()

describe.each(testDatabases())('attacks on /auth/v1 on $name', (target) => {
  let host: TestHost
  let n = 0
  /** A confirmed account made for one test. */
  const account = async (password = 'right-pass-1') => {
    const email = `target-${++n}-${Date.now()}@attack.test`
    const { error } = await host
      .serviceClient()
      .auth.admin.createUser({ email, password, email_confirm: true })
    if (error) throw error
    return { email, password }
  }

  beforeAll(async () => {
    host = await securityHost(target)
  })
  afterAll(() => host?.stop())

  it('defect 2: a reset code dies after 5 wrong tries, so the right one found later opens nothing', async () => {
    const { email } = await account()
    const owner = clientFrom(host, newIp())
    expect((await owner.auth.resetPasswordForEmail(email)).error).toBeNull()
    const code = await lastCodeTo(host, email)
    const attacker = clientFrom(host, newIp())
    const wrong = (i: number) => String((Number(code) + i) % 1_000_000).padStart(6, '0')
    for (let i = 1; i <= 5; i++) {
      const { error } = await attacker.auth.verifyOtp({ email, token: wrong(i), type: 'recovery' })
      expect(error).toMatchObject({ code: 'otp_expired', status: 403 })
    }
    const right = await attacker.auth.verifyOtp({ email, token: code, type: 'recovery' })
    expect(right.error).toMatchObject({ code: 'otp_expired', status: 403 })
    expect(right.data.session).toBeNull()
  })

  it('defect 2: a new reset e-mail to the same address waits for the interval, however it is asked', async () => {
    const { email } = await account()
    expect((await clientFrom(host, newIp()).auth.resetPasswordForEmail(email)).error).toBeNull()
    const again = await clientFrom(host, newIp()).auth.resetPasswordForEmail(email)
    expect(again.error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 })
    expect(again.error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    )
    const sent = await host.db.query(
      `select 1 from public.email_outbox where $1 = any(recipients)`,
      [email],
    )
    expect(sent).toHaveLength(1)
  })

  it('defect 3: one address gets a 429 with the time to wait after its allowance of sign-ins', async () => {
    const ip = newIp()
    const client = clientFrom(host, ip)
    for (let i = 0; i < limits.sign_in_sign_ups; i++) {
      const { error } = await client.auth.signInWithPassword({
        email: `nobody-${i}@attack.test`,
        password: 'guess-1',
      })
      expect(error).toMatchObject({ code: 'invalid_credentials' })
    }
    const res = await requestFrom(host, ip, '/auth/v1/token?grant_type=password', {
      json: { email: 'nobody@attack.test', password: 'guess-1' },
    })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await res.json()).toMatchObject({
      code: 'over_request_rate_limit',
      message: expect.stringMatching(
        /^Too many requests\. Please wait \d+ seconds and try again\.$/,
      ),
    })
    // Another address is not affected.
    const other = await clientFrom(host, newIp()).auth.signInWithPassword({
      email: 'nobody@attack.test',
      password: 'guess-1',
    })
    expect(other.error).toMatchObject({ code: 'invalid_credentials' })
  })

  it('defect 3: one account gets a 429 after its allowance of password guesses, whatever address they come from', async () => {
    const { email, password } = await account()
    for (let i = 0; i < SIGN_IN_PER_ACCOUNT.max; i++) {
      const { error } = await clientFrom(host, newIp()).auth.signInWithPassword({
        email,
        password: `guess-${i}`,
      })
      expect(error).toMatchObject({ code: 'invalid_credentials' })
    }
    const { error } = await clientFrom(host, newIp()).auth.signInWithPassword({ email, password })
    expect(error).toMatchObject({ code: 'over_request_rate_limit', status: 429 })
  })

  it('defect 3: verifications and sign-ups are limited per address too', async () => {
    const ip = newIp()
    for (let i = 0; i < limits.token_verifications; i++) {
      const res = await requestFrom(host, ip, '/auth/v1/verify', {
        json: { type: 'email', email: `nobody-${i}@attack.test`, token: '000000' },
      })
      expect(res.status).toBe(403)
    }
    const over = await requestFrom(host, ip, '/auth/v1/verify', {
      json: { type: 'email', email: 'nobody@attack.test', token: '000000' },
    })
    expect(over.status).toBe(429)

    const signupIp = newIp()
    for (let i = 0; i < limits.sign_in_sign_ups; i++) {
      const res = await requestFrom(host, signupIp, '/auth/v1/signup', {
        json: { email: 'x', password: 'long-enough-1' },
      })
      expect(res.status).toBe(400)
    }
    const signup = await requestFrom(host, signupIp, '/auth/v1/signup', {
      json: { email: 'x', password: 'long-enough-1' },
    })
    expect(signup.status).toBe(429)
  })

  it('defect 6: a password is hashed whether or not the address has an account', async () => {
    const { email } = await account()
    const db = host.db
    const query = db.query.bind(db)
    const hashes: string[] = []
    db.query = ((sql: string, params?: unknown[]) => {
      if (/extensions\.crypt\(/.test(sql)) hashes.push(String(params?.[1] ?? ''))
      return query(sql, params)
    }) as typeof db.query
    try {
      const ip = newIp()
      await clientFrom(host, ip).auth.signInWithPassword({ email, password: 'wrong-pass-1' })
      const known = hashes.splice(0)
      await clientFrom(host, ip).auth.signInWithPassword({
        email: `never-registered-${n}@attack.test`,
        password: 'wrong-pass-1',
      })
      const unknown = hashes.splice(0)
      expect(known).toHaveLength(1)
      expect(unknown).toHaveLength(1)
      // Both against a bcrypt hash of the same cost, so both take as long.
      expect(known[0]!.slice(0, 7)).toBe('$2a$10$')
      expect(unknown[0]!.slice(0, 7)).toBe('$2a$10$')
    } finally {
      db.query = query
    }
  })

  it('defect 7: NUL characters in e-mail, password or tokens get a 400 with a clear message and change nothing', async () => {
    const ip = newIp()
    const cases: [string, unknown][] = [
      ['/auth/v1/signup', { email: 'nul\u0000@attack.test', password: 'long-enough-1' }],
      ['/auth/v1/signup', { email: 'nul@attack.test', password: 'long\u0000enough-1' }],
      ['/auth/v1/token?grant_type=password', { email: 'a\u0000@b.test', password: 'x' }],
      ['/auth/v1/token?grant_type=password', { email: 'a@b.test', password: 'x\u0000y' }],
      ['/auth/v1/token?grant_type=refresh_token', { refresh_token: 'abc\u0000' }],
      ['/auth/v1/verify', { type: 'email', token_hash: 'ab\u0000cd' }],
      ['/auth/v1/verify', { type: 'recovery', email: 'a@b.test', token: '12\u00003456' }],
      ['/auth/v1/recover', { email: 'a\u0000@b.test' }],
    ]
    const users = async () =>
      (await host.db.query<{ n: number }>('select count(*)::int as n from auth.users'))[0]!.n
    const before = await users()
    for (const [path, body] of cases) {
      const res = await requestFrom(host, ip, path, { json: body })
      expect(res.status, path).toBe(400)
      expect(await res.json(), path).toEqual({
        code: 'validation_failed',
        message: 'Text must not contain the NUL character (\\u0000)',
      })
    }
    expect(await users()).toBe(before)
  })

  it('defect 8: a sign-in from someone else records their own address, not the one they claim', async () => {
    const host2 = await securityHost(target, { trustProxy: [] })
    try {
      const client = clientFrom(host2, '6.6.6.6')
      const { data, error } = await client.auth.signInWithPassword({
        email: 'guardian@demo.school',
        password: 'demo-guardian-1',
      })
      expect(error).toBeNull()
      expect((await client.rpc('record_sign_in', { app_version: '1.0.54' })).error).toBeNull()
      const [session] = await host2.db.query<{ ip: string }>(
        'select host(ip) as ip from auth.sessions where id = $1',
        [
          JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString())
            .session_id,
        ],
      )
      expect(session!.ip).toMatch(/^(127\.0\.0\.1|::1)$/)
      const [login] = await host2.db.query<{ ip: string }>(
        `select l.ip from public.login_history l join public.members m on m.id = l.member_id
          where m.email = 'guardian@demo.school' order by l.at desc limit 1`,
      )
      expect(login!.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/)
    } finally {
      await host2.stop()
    }
    // Behind a proxy the operator named, the proxy's word for the address is taken.
    const client = clientFrom(host, '203.0.113.7')
    await client.auth.signInWithPassword({
      email: 'student@demo.school',
      password: 'demo-student-1',
    })
    expect((await client.rpc('record_sign_in', { app_version: '1.0.54' })).error).toBeNull()
    const [proxied] = await host.db.query<{ ip: string }>(
      `select l.ip from public.login_history l join public.members m on m.id = l.member_id
        where m.email = 'student@demo.school' order by l.at desc limit 1`,
    )
    expect(proxied!.ip).toBe('203.0.113.7')
  })

  it('defect 8: e-mailed links only send people back to the site, not to another port of the machine', async () => {
    const { email } = await account()
    const foreign = 'http://localhost:9999/steal'
    const client = clientFrom(host, newIp())
    expect(
      (await client.auth.resetPasswordForEmail(email, { redirectTo: foreign })).error,
    ).toBeNull()
    const [row] = await host.db.query<{ html_body: string }>(
      `select html_body from public.email_outbox where $1 = any(recipients) order by created_at desc limit 1`,
      [email],
    )
    const link = new URL(/href="([^"]+)"/.exec(row!.html_body)![1]!.replace(/&amp;/g, '&'))
    expect(link.searchParams.get('redirect_to')).toBe(host.url)
    const followed = await fetch(
      `${host.url}/auth/v1/verify?token=${'0'.repeat(56)}&type=recovery&redirect_to=${encodeURIComponent(foreign)}`,
      { redirect: 'manual' },
    )
    expect(followed.status).toBe(303)
    expect(followed.headers.get('location')).toMatch(new RegExp(`^${host.url}#error=`))
  })
})
