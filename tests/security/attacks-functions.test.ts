// Issue 10, defects 3 and 7 on the edge functions and RPCs, and the reset's global sign-out
// (defect 8): lookups in bulk, NUL characters, unknown ids in admin calls, and a sign-out that
// fails after a password reset.
import { AuthError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { ACCOUNTS_LIMITS } from '../../supabase/functions/accounts/limits.ts'
import { serviceClient, type Ctx } from '../../supabase/functions/accounts/context.ts'
import { resetPassword } from '../../supabase/functions/accounts/reset.ts'
import { call, written } from '../host/accounts-helpers.ts'
import { clientFrom, newIp, securityHost } from './support.ts'

const TOO_MANY = /^Too many attempts\. Please wait \d+ (seconds|minutes) and try again\.$/
const errorsLogged = async (host: TestHost) =>
  (await host.db.query<{ n: number }>('select count(*)::int as n from public.system_errors'))[0]!.n

describe.each(testDatabases())('attacks on the functions and RPCs on $name', (target) => {
  let host: TestHost

  beforeAll(async () => {
    host = await securityHost(target)
  })
  afterAll(() => host?.stop())

  it('defect 3: numbers cannot be looked up in bulk from one address: a 429 says how long to wait', async () => {
    const attacker = clientFrom(host, newIp())
    const { max } = ACCOUNTS_LIMITS.initConnectAccount.ip
    for (let i = 0; i < max; i++) {
      const { status } = await call(attacker, 'initConnectAccount', {
        whatsApp: `91111${String(i).padStart(5, '0')}`,
        prefix: '+91',
      })
      expect(status).toBe(200)
    }
    const over = await call(attacker, 'initConnectAccount', {
      whatsApp: '9000000003',
      prefix: '+91',
    })
    expect(over.status).toBe(429)
    expect(over.body).toEqual({ type: 'error', message: expect.stringMatching(TOO_MANY) })
  })

  it('defect 3: one number cannot be tried from many addresses either', async () => {
    const { max } = ACCOUNTS_LIMITS.initConnectAccount.account!
    const number = { whatsApp: '9000000004', prefix: '+91' }
    for (let i = 0; i < max; i++) {
      expect((await call(clientFrom(host, newIp()), 'initConnectAccount', number)).status).toBe(200)
    }
    const over = await call(clientFrom(host, newIp()), 'initConnectAccount', number)
    expect(over.status).toBe(429)
    expect(over.body.message).toMatch(TOO_MANY)
  })

  it('defect 3: reset e-mails to one address are limited, so nobody’s inbox can be flooded', async () => {
    const email = 'member@demo.school'
    const { max } = ACCOUNTS_LIMITS.requestResetPassword.account!
    const before = await written(host.db)
    for (let i = 0; i < max; i++) {
      const { status } = await call(clientFrom(host, newIp()), 'requestResetPassword', { email })
      expect(status).toBe(200)
    }
    const over = await call(clientFrom(host, newIp()), 'requestResetPassword', { email })
    expect(over.status).toBe(429)
    // Each link is queued just after its answer (so the answer's time tells nobody whether the
    // account exists): wait for the allowed ones, then make sure the refused one never follows.
    const emails = async () => (await written(host.db)).emails
    await expect.poll(emails, { timeout: 30_000 }).toBe(before.emails! + max)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(await emails()).toBe(before.emails! + max)
  })

  it('defect 7: NUL characters in a function’s input get a 400, write nothing and log no System Error', async () => {
    const client = clientFrom(host, newIp())
    const before = await written(host.db)
    const errors = await errorsLogged(host)
    for (const payload of [
      { email: 'new-facilitator@demo.school', name: 'Ro\u0000han', whatsapp: '9000000010' },
      { email: 'new-facilitator@demo.school\u0000', name: 'Rohan', whatsapp: '9000000010' },
      { email: 'new-facilitator@demo.school', name: 'Rohan', whatsapp: '90000\u000000010' },
    ]) {
      const { status, body } = await call(client, 'registerFacilitator', payload)
      expect(status).toBe(400)
      expect(body).toEqual({
        type: 'error',
        message: 'The request contains a NUL character (\\u0000), which no field may hold.',
      })
    }
    expect(await written(host.db)).toEqual(before)
    expect(await errorsLogged(host)).toBe(errors)
  })

  it('defect 7: admin calls about a member or e-mail that does not exist answer 404 with the reason', async () => {
    const admin = host.client()
    await admin.auth.signInWithPassword({ email: 'admin@demo.school', password: 'demo-admin-1' })
    const nobody = '00000000-0000-4000-a000-0000000000ff'
    const cases: [string, Record<string, unknown>, string][] = [
      ['admin_set_member_status', { member: nobody, new_status: 'blocked' }, 'No such member'],
      ['admin_set_facilitator', { member: nobody, make: true }, 'No such member'],
      ['admin_delete_member', { member: nobody }, 'No such member'],
      [
        'admin_dismiss_log',
        { kind: 'error', entry: nobody },
        'That entry does not exist or is already dismissed',
      ],
      ['admin_email_body', { email: 'no-such-email' }, 'No such e-mail'],
    ]
    for (const [fn, args, message] of cases) {
      const { error, status } = await admin.rpc(fn, args)
      expect(status, fn).toBe(404)
      expect(error, fn).toMatchObject({ code: 'PT404', message })
    }
  })

  it('defect 8: a password reset whose global sign-out fails tells the person and the admin', async () => {
    const email = 'administration@demo.school'
    const service = host.serviceClient()
    const link = await service.auth.admin.generateLink({ type: 'recovery', email })
    expect(link.error).toBeNull()
    const env = {
      SUPABASE_URL: host.url,
      SUPABASE_ANON_KEY: host.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: host.serviceRoleKey,
      SITE_URL: host.url,
    }
    const admin = serviceClient(env)
    admin.auth.admin.signOut = async () => ({
      data: null,
      error: new AuthError('the session store did not answer', 503, 'unexpected_failure'),
    })
    const ctx: Ctx = {
      env,
      admin,
      req: new Request(`${host.url}/functions/v1/accounts`),
      site: host.url,
      user: null,
    }
    const errors = await errorsLogged(host)
    try {
      const answer = await resetPassword(ctx, {
        password: 'administration-new-1',
        oobCode: link.data.properties!.hashed_token,
      })
      expect(answer).toEqual({
        type: 'success',
        message:
          'Your password has been changed, but we could not sign you out on your other devices. ' +
          'The centre has been told; please ask them to check your account.',
        email,
      })
      expect(await errorsLogged(host)).toBe(errors + 1)
      const [logged] = await host.db.query<{ source: string; message: string }>(
        'select source, message from public.system_errors order by logged_at desc limit 1',
      )
      expect(logged).toEqual({
        source: 'accounts',
        message: expect.stringContaining('could not sign out its other sessions'),
      })
    } finally {
      const [user] = await host.db.query<{ id: string }>(
        'select id from auth.users where email = $1',
        [email],
      )
      await service.auth.admin.updateUserById(user!.id, { password: 'demo-administration-1' })
    }
  })
})
