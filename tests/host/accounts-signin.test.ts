// The `accounts` function's sign-in calls through supabase-js against the local host:
// initSignin, registerFacilitator (facilitator first sign-in), resendConfirmation and
// logUnregisterdSignin, with good input and every kind of bad input.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { call, claimsOf, lastEmailTo, linkIn, written } from './accounts-helpers.ts'

const ROHAN = 'new-facilitator@demo.school'
const ROHAN_ID = 'f0000000-0000-4000-a000-000000000004'

const rohan = (over: Record<string, unknown> = {}) => ({
  appVersion: '1.0.54',
  email: ROHAN,
  password: 'rohan-pass-1',
  name: 'Rohan Dsouza',
  whatsapp: '919000000010',
  facilitatorUUID: ROHAN_ID,
  facilitatorAuthOld: null,
  ...over,
})

describe.each(testDatabases())('accounts: sign-in calls on $name', (target) => {
  let host: TestHost
  let visitor: SupabaseClient

  beforeAll(async () => {
    host = await startTestHost({ database: target })
    visitor = host.client()
  })
  afterAll(() => host?.stop())

  it('initSignin: members and unknown addresses sign in, without telling them apart', async () => {
    for (const email of ['guardian@demo.school', 'nobody@nowhere.org', 'Admin@Demo.School']) {
      const { status, body } = await call(visitor, 'initSignin', { email })
      expect(status, email).toBe(200)
      expect(body, email).toEqual({
        type: 'success',
        message: '',
        mode: 'signin',
        facilitatorUUID: null,
        facilitatorAuthOld: null,
        facilitatorName: null,
      })
    }
  })

  it('initSignin: a pending facilitator signs up with a password when Google is not available', async () => {
    const { body } = await call(visitor, 'initSignin', { email: ' New-Facilitator@Demo.School ' })
    expect(body).toMatchObject({
      type: 'success',
      mode: 'facilitator_signup_password',
      facilitatorUUID: ROHAN_ID,
      facilitatorAuthOld: null,
      facilitatorName: 'Rohan Dsouza',
    })
  })

  it('a warm-up answers success at once and writes nothing', async () => {
    const before = await written(host.db)
    expect(await call(visitor, undefined, { warmup: true })).toEqual({
      status: 200,
      body: { type: 'success', message: 'ready' },
    })
    expect(await written(host.db)).toEqual(before)
  })

  it.each([
    ['no body fields', undefined, {}, 'Unknown action: (none)'],
    ['a warm-up flag that is not true', undefined, { warmup: 'yes' }, 'Unknown action: (none)'],
    ['an unknown action', 'deleteEverything', {}, 'Unknown action: deleteEverything'],
    ['a missing e-mail', 'initSignin', {}, 'E-mail is missing.'],
    ['an e-mail of the wrong type', 'initSignin', { email: 7 }, 'E-mail must be text.'],
    [
      'a malformed e-mail',
      'initSignin',
      { email: 'rohan@demo' },
      'Please enter a valid e-mail address.',
    ],
    ['a missing name', 'registerFacilitator', rohan({ name: undefined }), 'Name is missing.'],
    [
      'a missing WhatsApp number',
      'registerFacilitator',
      rohan({ whatsapp: undefined }),
      'WhatsApp number is missing.',
    ],
    [
      'a short password',
      'registerFacilitator',
      rohan({ password: 'abc' }),
      'Use at least 6 characters.',
    ],
    [
      'a facilitator id of the wrong type',
      'registerFacilitator',
      rohan({ facilitatorUUID: 4 }),
      'Facilitator must be text.',
    ],
    ['a missing e-mail to log', 'logUnregisterdSignin', { name: 'X' }, 'E-mail is missing.'],
  ])('refuses %s with a 400 and writes nothing', async (_what, action, payload, message) => {
    const before = await written(host.db)
    const { status, body } = await call(visitor, action, payload)
    expect(status).toBe(400)
    expect(body).toEqual({ type: 'error', message })
    expect(await written(host.db)).toEqual(before)
  })

  it.each([
    ['an address that is no pending facilitator', rohan({ email: 'guardian@demo.school' })],
    ['an unknown address', rohan({ email: 'stranger@demo.school' })],
    [
      'another facilitator record',
      rohan({ facilitatorUUID: 'f0000000-0000-4000-a000-000000000001' }),
    ],
  ])('registerFacilitator refuses %s and writes nothing', async (_what, payload) => {
    const before = await written(host.db)
    const { status, body } = await call(visitor, 'registerFacilitator', payload)
    expect(status).toBe(200)
    expect(body).toEqual({
      type: 'error',
      message:
        'This e-mail has no facilitator account waiting to be set up. Please sign in, or ask the centre.',
    })
    expect(await written(host.db)).toEqual(before)
  })

  it('registerFacilitator refuses a stale record and a Google sign-up without the Google account', async () => {
    const before = await written(host.db)
    const stale = await call(
      visitor,
      'registerFacilitator',
      rohan({ facilitatorAuthOld: '00000000-0000-4000-a000-000000000004' }),
    )
    expect(stale.body).toEqual({
      type: 'error',
      message: 'Your facilitator record changed in the meantime. Please start again.',
    })
    const google = await call(visitor, 'registerFacilitator', rohan({ password: undefined }))
    expect(google.body).toEqual({ type: 'error', message: `Please sign in with ${ROHAN}` })
    expect(await written(host.db)).toEqual(before)
  })

  it('registerFacilitator: one account, confirmed by the e-mailed link, which signs the facilitator in', async () => {
    const before = await written(host.db)
    const first = await call(visitor, 'registerFacilitator', rohan({ password: 'first-pass-1' }))
    expect(first.body).toMatchObject({ type: 'success', confirmation: 'email' })
    // A retry (lost e-mail, double click) reuses the account and takes the latest password.
    const again = await call(visitor, 'registerFacilitator', rohan())
    expect(again.body).toMatchObject({ type: 'success', confirmation: 'email' })
    const after = await written(host.db)
    expect(after).toMatchObject({
      users: before.users! + 1,
      confirmed: before.confirmed,
      members: before.members! + 1,
      active_facilitators: before.active_facilitators! + 1,
      emails: before.emails! + 2,
    })
    const [member] = await host.db.query<Record<string, unknown>>(
      `select m.role, m.facilitator_id, m.is_facilitator, m.whatsapp, m.app_version, m.name, f.status
         from public.members m join public.facilitators f on f.auth_uid = m.id where m.email = $1`,
      [ROHAN],
    )
    expect(member).toEqual({
      role: 'facilitator',
      facilitator_id: ROHAN_ID,
      is_facilitator: true,
      whatsapp: '919000000010',
      app_version: '1.0.54',
      name: 'Rohan Dsouza',
      status: 'active',
    })

    const early = await visitor.auth.signInWithPassword({ email: ROHAN, password: 'rohan-pass-1' })
    expect(early.error?.code).toBe('email_not_confirmed')
    // Until confirmed, the facilitator may still register (and the e-mail can be re-sent).
    expect((await call(visitor, 'initSignin', { email: ROHAN })).body.mode).toBe(
      'facilitator_signup_password',
    )

    const mail = await lastEmailTo(host.db, ROHAN)
    expect(mail).toMatchObject({
      email_type: 'Members',
      email_trigger: 'accounts.registerFacilitator',
    })
    const link = linkIn(mail!.html_body)
    expect(link.pathname).toBe('/signin')
    const client = host.client()
    const verified = await client.auth.verifyOtp({
      token_hash: link.searchParams.get('confirm')!,
      type: 'email',
    })
    expect(verified.error).toBeNull()
    expect(claimsOf(verified.data.session!.access_token)).toMatchObject({
      email: ROHAN,
      app_role: 'facilitator',
      facilitator_id: ROHAN_ID,
    })
    const signedIn = await host
      .client()
      .auth.signInWithPassword({ email: ROHAN, password: 'rohan-pass-1' })
    expect(signedIn.error).toBeNull()

    // Set up: the address now signs in, and registering again changes nothing.
    expect((await call(visitor, 'initSignin', { email: ROHAN })).body.mode).toBe('signin')
    const settled = await written(host.db)
    const late = await call(visitor, 'registerFacilitator', rohan({ password: 'taken-over-1' }))
    expect(late.body.type).toBe('error')
    expect(await written(host.db)).toEqual(settled)
  })

  it('resendConfirmation needs the right password and sends a link that confirms the account', async () => {
    const email = 'unverified@demo.school'
    const before = await written(host.db)
    const wrong = await call(visitor, 'resendConfirmation', { email, password: 'not-it-1' })
    expect(wrong.body).toEqual({
      type: 'error',
      message: 'Sign in failed. Please check email and password',
    })
    expect(await written(host.db)).toEqual(before)

    const sent = await call(visitor, 'resendConfirmation', { email, password: 'demo-unverified-1' })
    expect(sent.body).toMatchObject({ type: 'success' })
    const mail = await lastEmailTo(host.db, email)
    expect(mail?.email_trigger).toBe('accounts.resendConfirmation')
    const client = host.client()
    const { error } = await client.auth.verifyOtp({
      token_hash: linkIn(mail!.html_body).searchParams.get('confirm')!,
      type: 'email',
    })
    expect(error).toBeNull()
    const again = await call(visitor, 'resendConfirmation', {
      email,
      password: 'demo-unverified-1',
    })
    expect(again.body).toEqual({
      type: 'success',
      message: 'Your e-mail address is already confirmed. Please sign in.',
    })
  })

  it('logUnregisterdSignin: the signed-in non-member is logged once per address, with a count', async () => {
    const email = 'google-visitor@gmail.com'
    const created = await host
      .serviceClient()
      .auth.admin.createUser({ email, password: 'visitor-1', email_confirm: true })
    expect(created.error).toBeNull()
    const client = host.client()
    await client.auth.signInWithPassword({ email, password: 'visitor-1' })
    const before = await written(host.db)

    // Visitors and other people cannot write the log.
    expect((await call(visitor, 'logUnregisterdSignin', { email })).body.type).toBe('error')
    expect(
      (await call(client, 'logUnregisterdSignin', { email: 'other@gmail.com' })).body.type,
    ).toBe('error')
    expect(await written(host.db)).toEqual(before)

    const payload = { email, name: 'Google Visitor', photoURL: 'https://example.org/me.png' }
    expect((await call(client, 'logUnregisterdSignin', payload)).body).toEqual({
      type: 'success',
      message: '',
    })
    expect((await call(client, 'logUnregisterdSignin', payload)).body.type).toBe('success')
    expect(await written(host.db)).toMatchObject({
      unregistered: before.unregistered! + 1,
      attempts: before.attempts! + 2,
    })

    // A member's report is not logged (they are registered).
    const member = host.client()
    await member.auth.signInWithPassword({
      email: 'guardian@demo.school',
      password: 'demo-guardian-1',
    })
    await call(member, 'logUnregisterdSignin', { email: 'guardian@demo.school' })
    expect(await written(host.db)).toMatchObject({ unregistered: before.unregistered! + 1 })

    // Admins read the log online; other members get nothing.
    const admin = host.client()
    await admin.auth.signInWithPassword({ email: 'admin@demo.school', password: 'demo-admin-1' })
    const { data } = await admin.rpc('list_unregistered_signins')
    expect(data).toEqual([expect.objectContaining({ email, name: 'Google Visitor', attempts: 2 })])
    expect((await member.rpc('list_unregistered_signins')).data).toEqual([])
  })

  it('record_activity notes when a member last used the app, and with which version', async () => {
    const member = host.client()
    await member.auth.signInWithPassword({
      email: 'student@demo.school',
      password: 'demo-student-1',
    })
    const { error } = await member.rpc('record_activity', { app_version: '1.0.54' })
    expect(error).toBeNull()
    const [row] = await host.db.query<{ recent: boolean; app_version: string }>(
      `select last_activity > now() - interval '1 minute' as recent, app_version from public.members where email = $1`,
      ['student@demo.school'],
    )
    expect(row).toEqual({ recent: true, app_version: '1.0.54' })
    expect((await visitor.rpc('record_activity', { app_version: 'x' })).error).not.toBeNull()
  })
})
