// The /functions/v1 gateway with supabase-js: a product function (`outbox`) invoked through it,
// unknown functions, JWT verification and its opt-out in config.toml, and CORS. Which keys each
// function takes is in function-keys.test.ts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAs, type HostDeps } from '../../supabase/local/deps.ts'
import { DEFAULT_AUTH_RATE_LIMITS, RateLimiter } from '../../supabase/local/rate-limits.ts'
import { functionRoutes } from '../../supabase/local/functions.ts'
import { requestAuthenticator, tokenVerifier } from '../../supabase/local/request-auth.ts'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import { testDatabases } from '../helpers/test-db.ts'

async function failure(result: Promise<{ error: unknown }>) {
  const { error } = await result
  expect(error).toBeInstanceOf(FunctionsHttpError)
  const response = (error as FunctionsHttpError).context as Response
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as unknown,
  }
}

describe.each(testDatabases())('functions gateway on $name', (database) => {
  let h: TestHost

  beforeAll(async () => {
    h = await startTestHost({ database, options: { seed: false } })
  })
  afterAll(async () => {
    await h?.stop()
  })

  it('runs a function through /functions/v1 with the caller’s request', async () => {
    // The outbox answers anyone but the server with 403, and the server (no SMTP here) with 503.
    const asVisitor = await failure(h.client().functions.invoke('outbox'))
    expect(asVisitor).toMatchObject({
      status: 403,
      body: { type: 'error', message: 'Only the server can dispatch mail' },
    })
    expect(asVisitor.headers.get('access-control-allow-origin')).toBe('*')
    const asServer = await failure(h.serviceClient().functions.invoke('outbox', { body: {} }))
    expect(asServer).toMatchObject({ status: 503, body: { code: 'mail_not_configured' } })
    const subpath = await fetch(`${h.url}/functions/v1/outbox/anything?x=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.anonKey}`, apikey: h.anonKey },
    })
    expect(subpath.status).toBe(403)
  })

  it('answers an unknown or private function name with 404', async () => {
    for (const name of ['no-such-function', '_shared', 'Outbox']) {
      expect(await failure(h.client().functions.invoke(name))).toMatchObject({
        status: 404,
        body: { error: 'Function not found' },
      })
    }
    const traversal = await fetch(`${h.url}/functions/v1/..%2Foutbox`, {
      headers: { authorization: `Bearer ${h.anonKey}` },
    })
    expect(traversal.status).toBe(404)
  })

  it('requires a valid JWT where config.toml keeps verify_jwt on, and not where it is off', async () => {
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-secret-of-this-host-at-all-0123'))
    const dir = await mkdtemp(join(tmpdir(), 'functions-config-'))
    try {
      const keys = { jwtSecret: h.jwtSecret, anonKey: h.anonKey, serviceRoleKey: h.serviceRoleKey }
      const deps: HostDeps = {
        db: h.db,
        keys,
        url: h.url,
        siteUrl: h.url,
        authenticate: requestAuthenticator(keys),
        verifyToken: tokenVerifier(keys),
        withAuth: (auth, fn) => runAs(h.db, auth, fn),
        limits: new RateLimiter(DEFAULT_AUTH_RATE_LIMITS),
        clientIp: () => '127.0.0.1',
      }
      const gateway = async (toml: string) => {
        const configPath = join(dir, 'config.toml')
        await writeFile(configPath, toml)
        return functionRoutes({ ...deps, configPath })
      }
      const verifying = await gateway('[functions.outbox]\nverify_jwt = true\n')
      const withForged = await verifying.request('/outbox', {
        method: 'POST',
        headers: { authorization: `Bearer ${forged}` },
      })
      expect(withForged.status).toBe(401)
      expect(await withForged.json()).toEqual({ code: 401, message: 'Invalid JWT' })
      const bare = await verifying.request('/outbox', { method: 'POST' })
      expect(bare.status).toBe(401)
      expect(await bare.json()).toEqual({ code: 401, message: 'Missing authorization header' })

      // With verification off the request reaches the function, which refuses it itself.
      const open = await gateway(
        '[functions.outbox]\n# called by the database\nverify_jwt = false\n',
      )
      const reached = await open.request('/outbox', {
        method: 'POST',
        headers: { authorization: `Bearer ${forged}` },
      })
      expect(reached.status).toBe(403)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('answers browser preflights', async () => {
    const res = await fetch(`${h.url}/functions/v1/outbox`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
      },
    })
    expect(res.status).toBeLessThan(300)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-headers')).toMatch(/authorization/i)
  })
})
