// Links in account e-mails lead to the app (SITE_URL), never to the server the function runs on:
// on Supabase that is the function's own address, where no page of the app is served. Without a
// usable SITE_URL the account calls are refused, write nothing and tell an admin why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FunctionEnv } from '../../supabase/functions/_shared/env.ts'
import { createHandler } from '../../supabase/functions/accounts/handler.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'
import { lastEmailTo, linkIn, written } from './accounts-helpers.ts'

describe.each(testDatabases())('links in account e-mails on $name', (database) => {
  let h: TestHost
  const env = (site: string): FunctionEnv => ({
    SUPABASE_URL: h.url,
    SUPABASE_ANON_KEY: h.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: h.serviceRoleKey,
    SITE_URL: site,
    RATE_LIMIT_FACTOR: '1000',
  })
  // The request arrives at the function's own address, as on Supabase.
  const reset = (site: string, email: string) =>
    createHandler(env(site))(
      new Request('https://abcdefgh.supabase.co/functions/v1/accounts', {
        method: 'POST',
        headers: { apikey: h.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'requestResetPassword', email }),
      }),
    )

  beforeAll(async () => {
    h = await startTestHost({ database })
  })
  afterAll(async () => {
    await h?.stop()
  })

  it('point at SITE_URL, not at the function’s origin', async () => {
    const res = await reset('https://centre.example.org/', 'guardian@demo.school')
    expect(res.status).toBe(200)
    // The link is queued just after the answer.
    await expect.poll(() => lastEmailTo(h.db, 'guardian@demo.school')).not.toBeNull()
    const mail = await lastEmailTo(h.db, 'guardian@demo.school')
    const link = linkIn(mail!.html_body)
    expect(link.origin).toBe('https://centre.example.org')
    expect(link.pathname).toBe('/reset-password')
    expect(mail!.html_body).not.toContain('supabase.co')
  })

  it.each([
    ['missing', ''],
    ['not a web address', 'centre.example.org'],
    ['of another scheme', 'ftp://centre.example.org'],
  ])(
    'without a usable SITE_URL (%s) the call is refused and nothing is queued',
    async (_what, site) => {
      const before = await written(h.db)
      const [errors] = await h.db.query<{ n: number }>(
        'select count(*)::int as n from public.system_errors',
      )
      const res = await reset(site, 'admin@demo.school')
      expect(res.status).toBe(503)
      expect(await res.json()).toEqual({
        type: 'error',
        message: 'Something went wrong on our side. Please try again in a moment.',
      })
      expect(await written(h.db)).toEqual(before)
      const [logged] = await h.db.query<{ n: number; message: string }>(
        `select (select count(*)::int from public.system_errors) as n,
              (select message from public.system_errors order by logged_at desc limit 1) as message`,
      )
      expect(logged!.n).toBe(errors!.n + 1)
      expect(logged!.message).toMatch(/^SITE_URL is not set/)
    },
  )
})
