// The `accounts` function's connect-account calls through supabase-js against the local host:
// initConnectAccount finds the contact the centre holds for a WhatsApp number and shows only
// where the link will go; registerMember sends that link (or links the caller's Google account)
// and the person who opens it chooses the password. Bad input of every kind writes nothing.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { call, claimsOf, lastEmailTo, openSetupLink, written } from './accounts-helpers.ts'

const joao = { whatsApp: '9000000003', prefix: '+91' }
const ines = { whatsApp: '9000000004', prefix: '+91' }
const INES = 'ines.fernandes@demo.school'
const register = (number: { whatsApp: string; prefix: string }, over: object = {}) => ({
  whatsApp: number.whatsApp,
  prefix: number.prefix,
  authType: 'emailpw',
  ...over,
})
const NOT_FOUND =
  'We could not find this WhatsApp number. Please check the number and the country code, or contact the centre.'
const CONNECTED = 'This WhatsApp number is already connected to an account. Please sign in.'

describe.each(testDatabases())('accounts: connect account on $name', (target) => {
  let host: TestHost
  let visitor: SupabaseClient

  beforeAll(async () => {
    host = await startTestHost({ database: target })
    visitor = host.client()
  })
  afterAll(() => host?.stop())

  it.each([
    ['9000000003', '+91'],
    ['09000000003', '+91'],
    ['919000000003', '+91'],
    ['+91 90000 00003', '+91'],
  ])(
    'D06/D07: finds João by %s with %s and shows only his masked address',
    async (whatsApp, prefix) => {
      const { status, body } = await call(visitor, 'initConnectAccount', { whatsApp, prefix })
      expect(status).toBe(200)
      expect(body).toEqual({
        type: 'success',
        message: '',
        data: { maskedEmail: 'j***@d***.school' },
      })
    },
  )

  it('finds a number of another country with its own prefix', async () => {
    const { body } = await call(visitor, 'initConnectAccount', {
      whatsApp: '07700 900123',
      prefix: '+44',
    })
    expect(body).toEqual({
      type: 'success',
      message: '',
      data: { maskedEmail: 'd***@d***.school' },
    })
  })

  it.each([
    ['an unknown number', { whatsApp: '9111111111', prefix: '+91' }, NOT_FOUND],
    [
      'the right number with the wrong prefix',
      { whatsApp: '9000000003', prefix: '+44' },
      NOT_FOUND,
    ],
    ['a number already connected', { whatsApp: '9000000001', prefix: '+91' }, CONNECTED],
  ])('initConnectAccount answers %s with an error', async (_what, payload, message) => {
    const { status, body } = await call(visitor, 'initConnectAccount', payload)
    expect(status).toBe(200)
    expect(body).toEqual({ type: 'error', message })
  })

  it.each([
    ['initConnectAccount', { prefix: '+91' }, 'WhatsApp number is missing.'],
    [
      'initConnectAccount',
      { whatsApp: 9000000003, prefix: '+91' },
      'WhatsApp number must be text.',
    ],
    [
      'initConnectAccount',
      { whatsApp: '9000000003', prefix: '+999' },
      'Please choose a country code from the list.',
    ],
    ['registerMember', register(joao, { authType: undefined }), 'Sign-in type is missing.'],
    [
      'registerMember',
      register(joao, { whatsApp: '12' }),
      'WhatsApp number must be a phone number.',
    ],
    [
      'registerMember',
      register(joao, { password: 'chosen-by-me-1' }),
      'This call does not take password.',
    ],
    [
      'registerMember',
      register(joao, { familyToken: 'demo-family-fernandes', docRef: 'fc-fernandes-joao' }),
      'This call does not take familyToken, docRef.',
    ],
  ])('%s refuses %j with a 400 and writes nothing', async (action, payload, message) => {
    const before = await written(host.db)
    const { status, body } = await call(visitor, action, payload)
    expect(status).toBe(400)
    expect(body).toEqual({ type: 'error', message })
    expect(await written(host.db)).toEqual(before)
  })

  it.each([
    ['an unknown number', register({ whatsApp: '9111111111', prefix: '+91' }), NOT_FOUND],
    ['a number already connected', register({ whatsApp: '9000000001', prefix: '+91' }), CONNECTED],
  ])('registerMember refuses %s and writes nothing', async (_what, payload, message) => {
    const before = await written(host.db)
    const { status, body } = await call(visitor, 'registerMember', payload)
    expect(status).toBe(200)
    expect(body).toEqual({ type: 'error', message })
    expect(await written(host.db)).toEqual(before)
  })

  it('registerMember with Google needs the Google account of the contact’s address', async () => {
    const before = await written(host.db)
    expect(
      (await call(visitor, 'registerMember', register(joao, { authType: 'google' }))).body,
    ).toEqual({
      type: 'error',
      message: 'Please sign in with j***@d***.school',
    })
    expect(await written(host.db)).toEqual(before)
  })

  it('D04/D08: a student connects: one account and member record however often it is asked, and the link’s holder chooses the password', async () => {
    const before = await written(host.db)
    const first = await call(visitor, 'registerMember', register(ines))
    expect(first.body).toEqual({
      type: 'success',
      message:
        'We have sent a link to i***@d***.school. Open it to choose your password: it signs you in.',
      confirmation: 'email',
    })
    // Asked again before the link was opened (a lost e-mail): the same account, a new link.
    expect((await call(visitor, 'initConnectAccount', ines)).body).toMatchObject({
      type: 'success',
    })
    const again = await call(visitor, 'registerMember', register(ines))
    expect(again.body).toMatchObject({ type: 'success', confirmation: 'email' })
    expect(await written(host.db)).toMatchObject({
      users: before.users! + 1,
      confirmed: before.confirmed,
      members: before.members! + 1,
      connected: before.connected! + 1,
      emails: before.emails! + 2,
    })
    const [member] = await host.db.query<Record<string, unknown>>(
      `select role, family_token, name, whatsapp from public.members where email = $1`,
      [INES],
    )
    expect(member).toEqual({
      role: 'student',
      family_token: 'demo-family-fernandes',
      name: 'Inês Fernandes',
      whatsapp: '919000000004',
    })
    expect(await lastEmailTo(host.db, INES)).toMatchObject({
      email_type: 'Members',
      email_trigger: 'accounts.registerMember',
    })

    const owner = host.client()
    const { accessToken } = await openSetupLink(host.db, owner, INES, 'ines-own-pass-1')
    expect(claimsOf(accessToken)).toMatchObject({
      app_role: 'student',
      family_token: 'demo-family-fernandes',
    })
    const signedIn = await host
      .client()
      .auth.signInWithPassword({ email: INES, password: 'ines-own-pass-1' })
    expect(signedIn.error).toBeNull()

    // Connected: the number is taken, and asking again changes nothing.
    const settled = await written(host.db)
    expect((await call(visitor, 'initConnectAccount', ines)).body).toEqual({
      type: 'error',
      message: CONNECTED,
    })
    expect((await call(visitor, 'registerMember', register(ines))).body).toEqual({
      type: 'error',
      message: CONNECTED,
    })
    expect(await written(host.db)).toEqual(settled)
  })

  it('an address that already has an account is linked to the family and keeps its password', async () => {
    const email = 'daniel.naik@demo.school'
    const created = await host
      .serviceClient()
      .auth.admin.createUser({ email, password: 'daniels-own-1', email_confirm: true })
    expect(created.error).toBeNull()
    const before = await written(host.db)
    const { body } = await call(visitor, 'registerMember', {
      whatsApp: '7700900123',
      prefix: '+44',
      authType: 'emailpw',
    })
    expect(body).toEqual({
      type: 'success',
      message:
        'Your family is now connected to your account. Please sign in with d***@d***.school.',
      confirmation: 'none',
    })
    expect(await written(host.db)).toMatchObject({
      users: before.users,
      emails: before.emails,
      members: before.members! + 1,
    })
    const own = await host.client().auth.signInWithPassword({ email, password: 'daniels-own-1' })
    expect(claimsOf(own.data.session!.access_token)).toMatchObject({
      app_role: 'guardian',
      family_token: 'demo-family-naik',
    })
  })
})
