// Which keys each edge function takes, now that the gateway's JWT check is off (config.toml) so
// that Supabase's opaque keys work: the app calls `accounts` with the legacy anon key or the
// publishable key, signed-in people with their token (verified by Auth); only the server (a
// secret or service_role key) or the database (the dispatcher's own secret) wakes `outbox`.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHandler as outboxHandler } from '../../supabase/functions/outbox/handler.ts'
import { functionsWithoutJwt } from '../../supabase/local/functions.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { readFileSync } from 'node:fs'
import { call } from './accounts-helpers.ts'

async function statusOf(result: Promise<{ error: unknown }>): Promise<number> {
  const { error } = await result
  if (!error) return 200
  expect(error).toBeInstanceOf(FunctionsHttpError)
  return ((error as FunctionsHttpError).context as Response).status
}

describe('config.toml', () => {
  it('turns the gateway’s JWT check off for every function (they check callers themselves)', () => {
    const open = functionsWithoutJwt(readFileSync('supabase/config.toml', 'utf8'))
    expect([...open].sort()).toEqual([
      'accounts',
      'applications',
      'feedback-pdf',
      'outbox',
      'receipts',
      'whatsapp',
      'whatsapp-webhook',
    ])
  })
})

describe.each(testDatabases())('function keys on $name', (database) => {
  let h: TestHost
  let publishable: SupabaseClient
  let secret: SupabaseClient

  beforeAll(async () => {
    h = await startTestHost({ database })
    publishable = h.keyed(h.publishableKey)
    secret = h.keyed(h.secretKey)
  })
  afterAll(async () => {
    await h?.stop()
  })

  it('the host offers opaque keys for the two roles, and they work for RPC', async () => {
    expect(h.publishableKey).toMatch(/^sb_publishable_/)
    expect(h.secretKey).toMatch(/^sb_secret_/)
    const asVisitor = await publishable.rpc('list_members')
    expect(asVisitor.error).toMatchObject({ code: '42501' })
    const asServer = await secret.rpc('outbox_claim', { batch: 1, lease_seconds: 1 })
    expect(asServer.error).toBeNull()
  })

  it('accounts: visitors call it with the publishable key or the legacy anon key', async () => {
    for (const client of [publishable, h.client()]) {
      expect(await call(client, 'initSignin', { email: 'guardian@demo.school' })).toEqual({
        status: 200,
        body: { type: 'success', message: '', mode: 'signin' },
      })
    }
  })

  it('accounts: a signed-in person’s token is verified, and names them', async () => {
    const person = h.keyed(h.publishableKey)
    const signedIn = await person.auth.signInWithPassword({
      email: 'member@demo.school',
      password: 'demo-member-1',
    })
    expect(signedIn.error).toBeNull()
    // Only the caller themself may log their sign-in: the function knows who is calling.
    expect((await call(person, 'logUnregisterdSignin', { email: 'other@gmail.com' })).body).toEqual(
      {
        type: 'error',
        message: 'Only the person signing in can report their sign-in.',
      },
    )
    const forged = await new SignJWT({ sub: signedIn.data.user!.id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-of-this-host-at-all-0123'))
    const res = await fetch(`${h.url}/functions/v1/accounts`, {
      method: 'POST',
      headers: { apikey: h.publishableKey, authorization: `Bearer ${forged}` },
      body: JSON.stringify({ action: 'initSignin', email: 'guardian@demo.school' }),
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({
      type: 'error',
      message: 'Your sign-in has expired. Please sign in again.',
    })
  })

  it('accounts: a call without a key of this project is refused before anything is read', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { apikey: 'sb_publishable_not-this-project' },
      { authorization: 'Bearer sb_publishable_not-this-project' },
    ]
    for (const headers of attempts) {
      const res = await fetch(`${h.url}/functions/v1/accounts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ warmup: true }),
      })
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({
        type: 'error',
        message: 'This call needs the app’s API key.',
      })
    }
  })

  it('outbox: the secret and service_role keys dispatch; the publishable key, anon key and people may not', async () => {
    // No SMTP on this host: a caller who may dispatch hears 503 mail_not_configured.
    expect(await statusOf(secret.functions.invoke('outbox', { body: {} }))).toBe(503)
    expect(await statusOf(h.serviceClient().functions.invoke('outbox', { body: {} }))).toBe(503)
    expect(await statusOf(publishable.functions.invoke('outbox', { body: {} }))).toBe(403)
    expect(await statusOf(h.client().functions.invoke('outbox', { body: {} }))).toBe(403)
    const person = h.client()
    await person.auth.signInWithPassword({ email: 'admin@demo.school', password: 'demo-admin-1' })
    expect(await statusOf(person.functions.invoke('outbox', { body: {} }))).toBe(403)
  })

  it('outbox: the database wakes it with the dispatcher’s secret, and only that secret', async () => {
    const handler = outboxHandler({
      SUPABASE_URL: h.url,
      SUPABASE_ANON_KEY: h.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: h.serviceRoleKey,
      SITE_URL: h.url,
      OUTBOX_SECRET: 'the-dispatcher-secret-of-this-centre-0001',
    })
    const wake = (secretGiven: string) =>
      handler(
        new Request(`${h.url}/outbox`, {
          method: 'POST',
          headers: { authorization: `Bearer ${secretGiven}`, 'content-type': 'application/json' },
          body: '{}',
        }),
      )
    const woken = await wake('the-dispatcher-secret-of-this-centre-0001')
    expect(woken.status).toBe(503)
    expect(await woken.json()).toMatchObject({ code: 'mail_not_configured' })
    for (const wrong of ['the-dispatcher-secret-of-this-centre-0002', 'the-dispatcher', '']) {
      expect((await wake(wrong)).status).toBe(403)
    }
  })
})
