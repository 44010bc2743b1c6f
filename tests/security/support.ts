// What the security suites share: a host with the limits a centre runs with (factor 1) that
// believes X-Forwarded-For from the test itself (TRUST_PROXY = loopback), so each test can act
// from addresses of its own; and clients that call from a given address.
import { randomBytes } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { startTestHost, type TestHost } from '../helpers/host.ts'
import type { TestTarget } from '../helpers/test-db.ts'
import type { HostOptions } from '../../supabase/local/server.ts'

export async function securityHost(
  database: TestTarget,
  options: Partial<HostOptions> = {},
): Promise<TestHost> {
  return startTestHost({
    database,
    // Behind a proxy the host needs a secret of its own (the published one is refused).
    options: {
      rateLimitFactor: 1,
      trustProxy: ['127.0.0.1', '::1'],
      jwtSecret: randomBytes(36).toString('base64url'),
      ...options,
    },
  })
}

let next = 0
/** A fresh client address (TEST-NET-2), so one test's counts never meet another's. */
export function newIp(): string {
  next += 1
  return `198.51.${Math.floor(next / 250)}.${(next % 250) + 1}`
}

/** A visitor's client calling from `ip`. */
export function clientFrom(host: TestHost, ip: string): SupabaseClient {
  return host.client({ global: { headers: { 'x-forwarded-for': ip } } })
}

/** A raw request to the host from `ip`, with the anon key. */
export function requestFrom(
  host: TestHost,
  ip: string,
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<Response> {
  const { json, ...rest } = init
  return fetch(`${host.url}${path}`, {
    method: json === undefined ? (rest.method ?? 'GET') : (rest.method ?? 'POST'),
    ...rest,
    headers: {
      apikey: host.anonKey,
      'x-forwarded-for': ip,
      'x-supabase-api-version': '2024-01-01',
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(rest.headers as Record<string, string> | undefined),
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  })
}

/** The 6-digit code of the last auth e-mail to an address (as the mailbox's owner reads it). */
export async function lastCodeTo(host: TestHost, address: string): Promise<string> {
  const [row] = await host.db.query<{ html_body: string }>(
    `select html_body from public.email_outbox where $1 = any(recipients)
      order by created_at desc, id desc limit 1`,
    [address],
  )
  const code = /<strong>(\d{6})<\/strong>/.exec(row?.html_body ?? '')?.[1]
  if (!code) throw new Error(`no code in the last e-mail to ${address}`)
  return code
}
