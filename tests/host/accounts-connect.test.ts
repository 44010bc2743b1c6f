// The `accounts` function's connect-account calls through supabase-js against the local host:
// initConnectAccount finds the contact the centre holds for a WhatsApp number, registerMember
// creates (or links) the account for it; bad input of every kind writes nothing.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { call, claimsOf, lastEmailTo, linkIn, written } from './accounts-helpers.ts'

const joao = {
  email: 'joao.fernandes@demo.school',
  familyToken: 'demo-family-fernandes',
  whatsApp: '919000000003',
  prefix: '+91',
  memberType: 'guardian',
  docRef: 'fc-fernandes-joao',
  name: 'João Fernandes',
}
const ines = {
  email: 'ines.fernandes@demo.school',
  familyToken: 'demo-family-fernandes',
  whatsApp: '919000000004',
  prefix: '+91',
  memberType: 'student',
  docRef: 'fc-fernandes-ines',
}
const register = (contact: Record<string, string>, over: Record<string, unknown> = {}) => {
  const { name: _name, ...rest } = contact
  return { ...rest, password: 'family-pass-1', authType: 'emailpw', ...over }
}

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
  ])('D06/D07: finds João by %s with %s', async (whatsApp, prefix) => {
    const { status, body } = await call(visitor, 'initConnectAccount', { whatsApp, prefix })
    expect(status).toBe(200)
    expect(body).toEqual({ type: 'success', message: '', data: joao })
  })

  it('finds a number of another country with its own prefix', async () => {
    const { body } = await call(visitor, 'initConnectAccount', {
      whatsApp: '07700 900123',
      prefix: '+44',
    })
    expect(body).toMatchObject({
      type: 'success',
      data: { email: 'daniel.naik@demo.school', prefix: '+44' },
    })
  })

  it.each([
    [
      'an unknown number',
      { whatsApp: '9111111111', prefix: '+91' },
      'We could not find this WhatsApp number. Please check the number and the country code, or contact the centre.',
    ],
    [
      'the right number with the wrong prefix',
      { whatsApp: '9000000003', prefix: '+44' },
      'We could not find this WhatsApp number. Please check the number and the country code, or contact the centre.',
    ],
    [
      'a number already connected',
      { whatsApp: '9000000001', prefix: '+91' },
      'This WhatsApp number is already connected to an account. Please sign in.',
    ],
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
    ['registerMember', register(joao, { docRef: undefined }), 'Record is missing.'],
    [
      'registerMember',
      register(joao, { memberType: 'teacher' }),
      'Member type must be guardian or student.',
    ],
    ['registerMember', register(joao, { email: 'joao@' }), 'Please enter a valid e-mail address.'],
    ['registerMember', register(joao, { password: 'short' }), 'Use at least 6 characters.'],
    ['registerMember', register(joao, { familyToken: ['x'] }), 'Family must be text.'],
  ])('%s refuses %j with a 400 and writes nothing', async (action, payload, message) => {
    const before = await written(host.db)
    const { status, body } = await call(visitor, action, payload)
    expect(status).toBe(400)
    expect(body).toEqual({ type: 'error', message })
    expect(await written(host.db)).toEqual(before)
  })

  it.each([
    ['an unknown e-mail', register(joao, { email: 'someone.else@demo.school' })],
    ['a wrong number', register(joao, { whatsApp: '919000000009' })],
    ['another family', register(joao, { familyToken: 'demo-family-naik' })],
    ['another member type', register(joao, { memberType: 'student' })],
    ['another record', register(joao, { docRef: 'fc-fernandes-ines' })],
  ])('registerMember refuses %s and writes nothing', async (_what, payload) => {
    const before = await written(host.db)
    const { status, body } = await call(visitor, 'registerMember', payload)
    expect(status).toBe(200)
    expect(body).toEqual({
      type: 'error',
      message: "These details do not match the centre's records. Please start again.",
    })
    expect(await written(host.db)).toEqual(before)
  })

  it('registerMember refuses a password account without a password, and Google without the Google account', async () => {
    const before = await written(host.db)
    expect(
      (await call(visitor, 'registerMember', register(joao, { password: undefined }))).body,
    ).toEqual({
      type: 'error',
      message: 'Please choose a password.',
    })
    expect(
      (
        await call(
          visitor,
          'registerMember',
          register(joao, { authType: 'google', password: undefined }),
        )
      ).body,
    ).toEqual({
      type: 'error',
      message: `Please sign in with ${joao.email}`,
    })
    expect(await written(host.db)).toEqual(before)
  })

  it('D04/D08: a student connects: one account and member record, however often it is sent, signed in by the link', async () => {
    const before = await written(host.db)
    const first = await call(visitor, 'registerMember', register(ines, { password: 'first-try-1' }))
    expect(first.body).toMatchObject({ type: 'success', confirmation: 'email' })
    const again = await call(visitor, 'registerMember', register(ines))
    expect(again.body).toMatchObject({ type: 'success', confirmation: 'email' })
    expect(await written(host.db)).toMatchObject({
      users: before.users! + 1,
      members: before.members! + 1,
      connected: before.connected! + 1,
      emails: before.emails! + 2,
    })
    const [member] = await host.db.query<Record<string, unknown>>(
      `select role, family_token, name, whatsapp from public.members where email = $1`,
      [ines.email],
    )
    expect(member).toEqual({
      role: 'student',
      family_token: ines.familyToken,
      name: 'Inês Fernandes',
      whatsapp: ines.whatsApp,
    })

    const mail = await lastEmailTo(host.db, ines.email)
    expect(mail).toMatchObject({ email_type: 'Members', email_trigger: 'accounts.registerMember' })
    const { data, error } = await host.client().auth.verifyOtp({
      token_hash: linkIn(mail!.html_body).searchParams.get('confirm')!,
      type: 'email',
    })
    expect(error).toBeNull()
    expect(claimsOf(data.session!.access_token)).toMatchObject({
      app_role: 'student',
      family_token: ines.familyToken,
    })
    expect(
      (
        await host
          .client()
          .auth.signInWithPassword({ email: ines.email, password: 'family-pass-1' })
      ).error,
    ).toBeNull()

    const settled = await written(host.db)
    const connected = await call(visitor, 'initConnectAccount', {
      whatsApp: '9000000004',
      prefix: '+91',
    })
    expect(connected.body.type).toBe('error')
    const late = await call(visitor, 'registerMember', register(ines, { password: 'take-over-1' }))
    expect(late.body).toEqual({
      type: 'error',
      message: `Your account is already connected. Please sign in with ${ines.email}.`,
    })
    expect(await written(host.db)).toEqual(settled)
    expect(
      (await host.client().auth.signInWithPassword({ email: ines.email, password: 'take-over-1' }))
        .error,
    ).not.toBeNull()
  })

  it('an address that already has an account is linked to the family and keeps its password', async () => {
    const email = 'daniel.naik@demo.school'
    const created = await host
      .serviceClient()
      .auth.admin.createUser({ email, password: 'daniels-own-1', email_confirm: true })
    expect(created.error).toBeNull()
    const found = await call(visitor, 'initConnectAccount', {
      whatsApp: '7700900123',
      prefix: '+44',
    })
    const data = found.body.data as Record<string, string>
    const before = await written(host.db)
    const { body } = await call(visitor, 'registerMember', {
      ...data,
      password: 'attacker-1',
      authType: 'emailpw',
    })
    expect(body).toEqual({
      type: 'success',
      message: `Your family is now connected to your account. Please sign in with ${email}.`,
      confirmation: 'none',
    })
    expect(await written(host.db)).toMatchObject({
      users: before.users,
      emails: before.emails,
      members: before.members! + 1,
    })
    expect(
      (await host.client().auth.signInWithPassword({ email, password: 'attacker-1' })).error,
    ).not.toBeNull()
    const own = await host.client().auth.signInWithPassword({ email, password: 'daniels-own-1' })
    expect(claimsOf(own.data.session!.access_token)).toMatchObject({
      app_role: 'guardian',
      family_token: 'demo-family-naik',
    })
  })
})
