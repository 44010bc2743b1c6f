// Who may call a function. Supabase projects have two kinds of API keys: the legacy anon and
// service_role JWTs (SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY) and the newer opaque keys
// (`sb_publishable_...`, `sb_secret_...`, given to functions as the JSON dictionaries
// SUPABASE_PUBLISHABLE_KEYS and SUPABASE_SECRET_KEYS). The opaque keys are not JWTs, so the
// gateway's `verify_jwt` cannot be used: functions turn it off and check their callers here.
import type { FunctionEnv } from './env.ts'
import { bearerToken } from './http.ts'

function dictionary(json: string | undefined): string[] {
  if (!json) return []
  try {
    const parsed: unknown = JSON.parse(json)
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return []
    return Object.values(parsed).filter((v): v is string => typeof v === 'string' && v !== '')
  } catch {
    return []
  }
}

/** Keys a browser may hold (anon, publishable): visitors. */
export function publishableKeys(env: FunctionEnv): string[] {
  return [...dictionary(env.SUPABASE_PUBLISHABLE_KEYS), env.SUPABASE_ANON_KEY].filter(Boolean)
}

/** Keys only server code holds (service_role, secret): they bypass row-level security. */
export function secretKeys(env: FunctionEnv): string[] {
  return [...dictionary(env.SUPABASE_SECRET_KEYS), env.SUPABASE_SERVICE_ROLE_KEY].filter(Boolean)
}

/** The key functions use to act as the server: a secret key where the project has one. */
export function adminKey(env: FunctionEnv): string {
  return secretKeys(env)[0] ?? ''
}

/** The key functions use to act as a visitor (auth calls made in the person's place). */
export function visitorKey(env: FunctionEnv): string {
  return publishableKeys(env)[0] ?? ''
}

/** Compares two secrets in time that does not depend on where they differ. */
export function sameSecret(
  given: string | null | undefined,
  expected: string | undefined,
): boolean {
  if (!given || !expected) return false
  const a = new TextEncoder().encode(given)
  const b = new TextEncoder().encode(expected)
  let diff = a.length ^ b.length
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return diff === 0
}

const oneOf = (given: string | null, keys: string[]) => keys.some((k) => sameSecret(given, k))

/**
 * How a request identifies itself: a project key (in `apikey`, as supabase-js sends it, or as
 * the bearer token), and a user's access token when the bearer is not a key.
 * - `server`: a secret or service_role key;
 * - `visitor`: a publishable or anon key, no user token;
 * - `user`: a user's token (to be verified with Auth), with or without a project key;
 * - `unknown`: no key of this project at all.
 */
export type KeyedCaller =
  { kind: 'server' } | { kind: 'visitor' } | { kind: 'user'; token: string } | { kind: 'unknown' }

export function identify(env: FunctionEnv, req: Request): KeyedCaller {
  const secret = secretKeys(env)
  const publishable = publishableKeys(env)
  const bearer = bearerToken(req)
  if (bearer) {
    if (oneOf(bearer, secret)) return { kind: 'server' }
    if (oneOf(bearer, publishable)) return { kind: 'visitor' }
    return bearer.split('.').length === 3 ? { kind: 'user', token: bearer } : { kind: 'unknown' }
  }
  const apikey = req.headers.get('apikey')
  if (oneOf(apikey, secret)) return { kind: 'server' }
  if (oneOf(apikey, publishable)) return { kind: 'visitor' }
  return { kind: 'unknown' }
}
