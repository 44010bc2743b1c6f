// The `accounts` function's sign-in calls through supabase-js against the local host:
// initSignin, registerFacilitator (facilitator first sign-in), resendConfirmation and
// logUnregisterdSignin, with good input and every kind of bad input.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { call, claimsOf, lastEmailTo, linkIn, openSetupLink, written } from './accounts-helpers.ts'

const ROHAN = 'new-facilitator@demo.school'
const ROHAN_ID = 'f0000000-0000-4000-a000-000000000004'

const rohan = (over: Record<string, unknown> = {}) => ({
  appVersion: '1.0.54',
  email: ROHAN,
  name: 'Rohan Dsouza',
  whatsapp: '919000000010',
  authType: 'emailpw',
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
      expect(body, email).toEqual({ type: 'success', message: '', mode: 'signin' })
    }
  })

  it('initSignin: a pending facilitator signs up (by e-mailed link when Google is not available), told nothing about the record', async () => {
    const { body } = await call(visitor, 'initSignin', { email: ' New-Facilitator@Demo.School ' })
    expect(body).toEqual({
      type: 'success',
      message: 'Welcome. The centre has added you as a facilitator: please set up your account.',
      mode: 'facilitator_signup_password',
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
      'a password (the link’s holder chooses it)',
      'registerFacilitator',
      rohan({ password: 'rohan-pass-1' }),
      'This call does not take password.',
    ],
    [
      'a record id',
      'registerFacilitator',
      rohan({ facilitatorUUID: ROHAN_ID }),
      'This call does not take facilitatorUUID.',
    ],
    ['a name of the wrong type', 'registerFacilitator', rohan({ name: 4 }), 'Name must be text.'],
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
    ['the address of an active facilitator', rohan({ email: 'facilitator@demo.school' })],
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

  it('registerFacilitator with Google needs the Google account of that address', async () => {
    const before = await written(host.db)
    const google = await call(visitor, 'registerFacilitator', rohan({ authType: 'google' }))
    expect(google.body).toEqual({ type: 'error', message: `Please sign in with ${ROHAN}` })
    expect(await written(host.db)).toEqual(before)
  })

  it('registerFacilitator: one account, whose password the link’s holder chooses, signing the facilitator in', async () => {
    const before = await written(host.db)
    const first = await call(visitor, 'registerFacilitator', rohan())
    expect(first.body).toEqual({
      type: 'success',
      message: `We have sent a link to ${ROHAN}. Open it to choose your password: it signs you in.`,
      confirmation: 'email',
    })
    // A retry (lost e-mail, double click) reuses the account and sends a new link.
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

    // Until the link is opened the facilitator may ask again (the e-mail can be re-sent).
    expect((await call(visitor, 'initSignin', { email: ROHAN })).body.mode).toBe(
      'facilitator_signup_password',
    )
    const mail = await lastEmailTo(host.db, ROHAN)
    expect(mail).toMatchObject({
      email_type: 'Members',
      email_trigger: 'accounts.registerFacilitator',
    })
    expect(linkIn(mail!.html_body).pathname).toBe('/signin')
    const { accessToken } = await openSetupLink(host.db, host.client(), ROHAN, 'rohan-pass-1')
    expect(claimsOf(accessToken)).toMatchObject({
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
    const late = await call(visitor, 'registerFacilitator', rohan())
    expect(late.body).toEqual({
      type: 'error',
      message:
        'This e-mail has no facilitator account waiting to be set up. Please sign in, or ask the centre.',
    })
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
    const onlyOwn = {
      type: 'error',
      message: 'Only the person signing in can report their sign-in.',
    }
    expect((await call(visitor, 'logUnregisterdSignin', { email })).body).toEqual(onlyOwn)
    expect((await call(client, 'logUnregisterdSignin', { email: 'other@gmail.com' })).body).toEqual(
      onlyOwn,
    )
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
    // A visitor has no member record to note: the function is not theirs to call.
    const refused = await visitor.rpc('record_activity', { app_version: 'x' })
    expect(refused.error).toMatchObject({ code: '42501' })
  })
})
