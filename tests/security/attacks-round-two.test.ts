// Security, round two (issue 29): the holes found from outside against a fresh host after the
// application forms, payments, webmail and the admission steps landed. Each test was written to
// fail on the code before its fix.
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { readAuthRateLimits } from '../../supabase/local/rate-limits.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'
import { facilitator, student } from '../host/support/applications.ts'
import { newIp, requestFrom, securityHost } from './support.ts'

/** Text PostgreSQL cannot hold: half of a UTF-16 pair, as JSON writes it. */
const LONE = '\ud800'
const guardianAccount = demoAccounts.find((a) => a.label === 'guardian')!

const limits = readAuthRateLimits()

describe.each(testDatabases())('security, round two, on $name', (target) => {
  let host: TestHost

  beforeAll(async () => {
    host = await securityHost(target)
  })
  afterAll(() => host?.stop())

  // Item 2: the limiter and the router read the same path, however its letters are written.
  it.each([
    [
      '/auth/v1/token?grant_type=password',
      '/auth/v1/%74oken?grant_type=password',
      limits.sign_in_sign_ups,
    ],
    ['/auth/v1/verify', '/auth/v1/%76erify', limits.token_verifications],
    ['/auth/v1/signup', '/auth/v1/%73ignup', limits.sign_in_sign_ups],
    ['/auth/v1/recover', '/auth/v1/%72ecover', limits.sign_in_sign_ups],
  ])(
    'a percent-encoded %s counts against the same per-address limit',
    async (plain, encoded, max) => {
      const ip = newIp()
      // A new address each time: an account's own limits and e-mail intervals are not what is tried.
      const body = (i: number) => ({
        email: `nobody-${i}-${ip}@attack.test`,
        password: 'guess-1',
        type: 'email',
        token: '000000',
      })
      for (let i = 0; i < max; i++) {
        const res = await requestFrom(host, ip, i % 2 ? encoded : plain, { json: body(i) })
        expect(res.status).not.toBe(429)
        await res.body?.cancel()
      }
      for (const path of [plain, encoded, encoded.replace('%', '%25')]) {
        const res = await requestFrom(host, ip, path, { json: body(max) })
        expect(res.status).toBe(path.includes('%25') ? 404 : 429)
        await res.body?.cancel()
      }
    },
  )

  const errorsLogged = async () =>
    (await host.db.query<{ n: number }>('select count(*)::int as n from public.system_errors'))[0]!
      .n
  const tokenOf = async (email: string, password: string) => {
    const res = await requestFrom(host, newIp(), '/auth/v1/token?grant_type=password', {
      json: { email, password },
    })
    return ((await res.json()) as { access_token: string }).access_token
  }

  // Item 3: a lone surrogate is refused as bad input at every entry, and logs no error.
  it.each([
    [
      "a child's name on the student form",
      '/functions/v1/applications',
      () =>
        student('app-lone-1', {
          children: [
            {
              firstName: LONE,
              lastName: 'A',
              dob: '2018-01-01',
              gender: 'Female',
              nationality: 'Indian',
            },
          ],
        }),
    ],
    [
      'a name on the facilitator form',
      '/functions/v1/applications',
      () => ({
        ...facilitator('app-lone-2'),
        application: { ...facilitator('app-lone-2').application, firstName: `A${LONE}` },
      }),
    ],
    [
      'a name on the onboarding form',
      '/functions/v1/applications',
      () => ({
        kind: 'onboarding',
        application: {
          id: 'onb-lone-0001',
          firstName: LONE,
          lastName: 'B',
          email: 'x@family.test',
          childNames: 'C',
          questions: {},
        },
      }),
    ],
    [
      "a sign-up's name",
      '/auth/v1/signup',
      () => ({ email: 'lone@attack.test', password: 'long-enough-1', data: { name: LONE } }),
    ],
  ])('%s', async (_what, path, body) => {
    const before = await errorsLogged()
    const res = await requestFrom(host, newIp(), path, { json: body() })
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toMatch(/unpaired surrogate/)
    expect(await errorsLogged()).toBe(before)
  })

  it("a lone surrogate in a person's own name, and in a receipt's id, is refused as bad input", async () => {
    const before = await errorsLogged()
    const token = await tokenOf(guardianAccount.email, guardianAccount.password)
    const user = await requestFrom(host, newIp(), '/auth/v1/user', {
      method: 'PUT',
      json: { data: { name: `Maria ${LONE}` } },
      headers: { authorization: `Bearer ${token}` },
    })
    expect(user.status).toBe(400)
    const receipt = await requestFrom(host, newIp(), '/functions/v1/receipts', {
      json: { payment: LONE },
      headers: { authorization: `Bearer ${token}` },
    })
    expect(receipt.status).toBe(400)
    expect(await errorsLogged()).toBe(before)
  })

  // Item 6: a function reads no body larger than its limit, declared or streamed. The host may
  // answer before the upload ends and close the connection: the answer is read as it comes.
  const postBig = (path: string, headers: Record<string, string>, streamed: boolean) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const chunk = Buffer.alloc(64 * 1024, 'x')
      const chunks = 32
      const req = httpRequest(`${host.url}${path}`, {
        method: 'POST',
        headers: {
          apikey: host.anonKey,
          'x-forwarded-for': newIp(),
          'content-type': 'application/json',
          ...(streamed ? {} : { 'content-length': String(chunk.length * chunks + 2) }),
          ...headers,
        },
      })
      req.on('response', (res) => {
        let body = ''
        res.on('data', (d: Buffer) => (body += d.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      })
      req.on('error', (error) => {
        if (!req.writableEnded) return // the host stopped reading: its answer still arrives
        reject(error)
      })
      req.write('"')
      for (let i = 0; i < chunks; i++) req.write(chunk)
      req.end('"')
    })

  it.each(['applications', 'accounts', 'receipts'])(
    '/functions/v1/%s refuses a body over its limit before reading it whole',
    async (name) => {
      const before = await errorsLogged()
      const token = await tokenOf(guardianAccount.email, guardianAccount.password)
      const auth: Record<string, string> =
        name === 'receipts' ? { authorization: `Bearer ${token}` } : {}
      for (const streamed of [false, true]) {
        const res = await postBig(`/functions/v1/${name}`, auth, streamed)
        expect(res.status).toBe(413)
        expect(JSON.parse(res.body)).toMatchObject({
          message: 'The request is larger than 256 KB.',
        })
      }
      expect(await errorsLogged()).toBe(before)
    },
  )

  // Item 1: onboarding answers join a family's inquiry only through a link sent to the address
  // that applied, answer the same whether or not an address applied, and never silently replace.
  it("a stranger cannot write a family's onboarding answers, nor learn which addresses applied", async () => {
    const family = `onb.family.${Date.now()}@family.test`
    const app = student(`app-onb-attack-${Date.now()}`, {
      guardians: [{ ...student('x').application.guardians[0], email: family }],
    })
    const applied = await requestFrom(host, newIp(), '/functions/v1/applications', { json: app })
    expect(applied.status).toBe(200)
    const inquiryId = ((await applied.json()) as { id: string }).id
    const answers = (email: string, pickUp: string) => ({
      kind: 'onboarding',
      application: {
        id: `onb-${Math.random().toString(36).slice(2, 12)}`,
        firstName: 'Eve',
        lastName: 'Almeida',
        email,
        childNames: 'Tara',
        questions: { o2: pickUp },
      },
    })
    const onboarding = async () =>
      (
        await host.db.query<{ data: { onboarding?: unknown; onboardingEarlier?: unknown[] } }>(
          'select data from public.inquiries where id = $1',
          [inquiryId],
        )
      )[0]!.data
    const attack = await requestFrom(host, newIp(), '/functions/v1/applications', {
      json: answers(family.toUpperCase(), 'Pick-up: a man called Eve, any time'),
    })
    const unknown = await requestFrom(host, newIp(), '/functions/v1/applications', {
      json: answers('never.applied@family.test', 'Anything'),
    })
    expect(attack.status).toBe(200)
    expect(unknown.status).toBe(200)
    const told = ((await attack.json()) as { message: string }).message
    expect(((await unknown.json()) as { message: string }).message).toBe(told)
    expect((await onboarding()).onboarding).toBeUndefined()

    // The family's mailbox has the link; opening it is what joins the answers.
    const confirmOf = async () => {
      const [mail] = await host.db.query<{ html_body: string }>(
        `select html_body from public.email_outbox where $1 = any(recipients)
          and email_trigger = 'applications.onboardingConfirm' order by created_at desc limit 1`,
        [family],
      )
      return /confirm=([0-9a-f]{48})/.exec(mail!.html_body)![1]!
    }
    const confirm = (token: string) =>
      requestFrom(host, newIp(), '/functions/v1/applications', {
        json: { kind: 'onboardingConfirm', token },
      })
    expect((await confirm('0'.repeat(48))).status).toBe(400)
    const first = await confirm(await confirmOf())
    expect(first.status).toBe(200)
    expect((await onboarding()).onboarding).toMatchObject({
      questions: expect.arrayContaining([
        expect.objectContaining({ id: 'o2', a: 'Pick-up: a man called Eve, any time' }),
      ]),
    })
    // Used once only.
    const token = await confirmOf()
    expect((await confirm(token)).status).toBe(400)

    // A second set of answers, confirmed too, keeps the first beside it for the office.
    await requestFrom(host, newIp(), '/functions/v1/applications', {
      json: answers(family, 'Pick-up: Rita, after 3 pm'),
    })
    expect((await confirm(await confirmOf())).status).toBe(200)
    const data = await onboarding()
    expect(data.onboarding).toMatchObject({
      questions: expect.arrayContaining([
        expect.objectContaining({ a: 'Pick-up: Rita, after 3 pm' }),
      ]),
    })
    expect(data.onboardingEarlier).toHaveLength(1)
  })

  // Item 12: an access token stops working on RPC once its session has ended (sign-out) or its
  // account is banned, not when it expires.
  it('a signed-out or banned account’s access token opens no RPC any more', async () => {
    const email = `session-${Date.now()}@attack.test`
    const service = host.serviceClient()
    const { data: made } = await service.auth.admin.createUser({
      email,
      password: 'right-pass-1',
      email_confirm: true,
    })
    const pull = (token: string) =>
      requestFrom(host, newIp(), '/rest/v1/rpc/get_website_data', {
        json: {},
        headers: { authorization: `Bearer ${token}` },
      })
    const out = await tokenOf(email, 'right-pass-1')
    expect((await pull(out)).status).toBe(200)
    const logout = await requestFrom(host, newIp(), '/auth/v1/logout?scope=local', {
      method: 'POST',
      headers: { authorization: `Bearer ${out}` },
    })
    expect(logout.status).toBe(204)
    expect((await pull(out)).status).toBe(401)

    const banned = await tokenOf(email, 'right-pass-1')
    expect((await pull(banned)).status).toBe(200)
    await service.auth.admin.updateUserById(made.user!.id, { ban_duration: '24h' })
    expect((await pull(banned)).status).toBe(401)
  })
})
