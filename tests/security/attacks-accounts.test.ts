// Issue 10, defects 1, 4 and 6 (sign-up), played as an attacker who has only the public anon
// key: each test is the attack that worked before, and what must happen instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { call, lastEmailTo, linkIn } from '../host/accounts-helpers.ts'
import { clientFrom, newIp, securityHost } from './support.ts'

const JOAO = 'joao.fernandes@demo.school'
const ROHAN = 'new-facilitator@demo.school'
const ATTACKER_PASSWORD = 'attacker-pass-1'

/** The owner of the mailbox opens the last link sent to it, and does nothing else. */
async function ownerOpensLink(host: TestHost, address: string): Promise<void> {
  const mail = await lastEmailTo(host.db, address)
  const link = linkIn(mail!.html_body)
  // The app's links carry ?setup= or ?confirm=; the auth service's own carry ?token=.
  const token =
    link.searchParams.get('setup') ??
    link.searchParams.get('confirm') ??
    link.searchParams.get('token')
  const { error } = await host.client().auth.verifyOtp({ token_hash: token!, type: 'email' })
  expect(error).toBeNull()
}

describe.each(testDatabases())('attacks on the account calls on $name', (target) => {
  let host: TestHost

  beforeAll(async () => {
    host = await securityHost(target)
  })
  afterAll(() => host?.stop())

  it('defects 1 and 4: a WhatsApp number reveals a masked address only, and no password chosen by the asker ever opens the account', async () => {
    const attacker = clientFrom(host, newIp())
    const found = await call(attacker, 'initConnectAccount', {
      whatsApp: '9000000003',
      prefix: '+91',
    })
    expect(found.status).toBe(200)
    expect(found.body.data).toEqual({ maskedEmail: 'j***@d***.school' })
    const said = JSON.stringify(found.body)
    for (const secret of [JOAO, 'João', 'demo-family-fernandes', 'fc-fernandes-joao', 'guardian'])
      expect(said).not.toContain(secret)

    // Everything the lookup gave, plus a password of the attacker's choosing.
    const withPassword = await call(attacker, 'registerMember', {
      ...(found.body.data as object),
      whatsApp: '9000000003',
      prefix: '+91',
      authType: 'emailpw',
      password: ATTACKER_PASSWORD,
    })
    expect(withPassword.status).toBe(400)
    expect(withPassword.body.type).toBe('error')
    // The request without a password goes through: it only e-mails the owner a link.
    const asked = await call(attacker, 'registerMember', {
      whatsApp: '9000000003',
      prefix: '+91',
      authType: 'emailpw',
    })
    expect(asked.body).toMatchObject({ type: 'success', confirmation: 'email' })

    await ownerOpensLink(host, JOAO)
    const takeover = await host
      .client()
      .auth.signInWithPassword({ email: JOAO, password: ATTACKER_PASSWORD })
    expect(takeover.error).toMatchObject({ code: 'invalid_credentials' })
  })

  it('defect 1: typing a facilitator’s address reveals no record id or name, and no password chosen by the asker opens the account', async () => {
    const attacker = clientFrom(host, newIp())
    const mode = await call(attacker, 'initSignin', { email: ROHAN })
    expect(Object.keys(mode.body).sort()).toEqual(['message', 'mode', 'type'])
    const said = JSON.stringify(mode.body)
    expect(said).not.toMatch(/f0000000|Rohan|Dsouza/)

    const registration = {
      appVersion: '1.0.54',
      email: ROHAN,
      name: 'Someone Else',
      whatsapp: '919999999999',
    }
    const withPassword = await call(attacker, 'registerFacilitator', {
      ...registration,
      password: ATTACKER_PASSWORD,
      facilitatorUUID: 'f0000000-0000-4000-a000-000000000004',
      facilitatorAuthOld: null,
    })
    expect(withPassword.status).toBe(400)
    const asked = await call(attacker, 'registerFacilitator', registration)
    expect(asked.body).toMatchObject({ type: 'success', confirmation: 'email' })

    await ownerOpensLink(host, ROHAN)
    const takeover = await host
      .client()
      .auth.signInWithPassword({ email: ROHAN, password: ATTACKER_PASSWORD })
    expect(takeover.error).toMatchObject({ code: 'invalid_credentials' })
  })

  it('defects 1 and 6: /signup on an address waiting for confirmation keeps its password and does not give out its id', async () => {
    const email = 'unverified@demo.school'
    const [account] = await host.db.query<{ id: string }>(
      'select id from auth.users where email = $1',
      [email],
    )
    const attacker = clientFrom(host, newIp())
    const { data, error } = await attacker.auth.signUp({ email, password: ATTACKER_PASSWORD })
    expect(error).toBeNull()
    expect(data.user?.id).not.toBe(account!.id)
    expect(data.session).toBeNull()

    // The owner confirms with the e-mail that went to them; their own password still works.
    await ownerOpensLink(host, email)
    const takeover = await host
      .client()
      .auth.signInWithPassword({ email, password: ATTACKER_PASSWORD })
    expect(takeover.error).toMatchObject({ code: 'invalid_credentials' })
    const owner = await host
      .client()
      .auth.signInWithPassword({ email, password: 'demo-unverified-1' })
    expect(owner.error).toBeNull()
  })
})
