// What every module of the local host receives: the database, the keys, the host's address and
// the request authentication shared by auth, rest, storage, realtime and functions, so that each
// of them decides "who is calling" and "run this as them" the same way Supabase's services do.
import type { Db, Queryable } from './db.ts'
import type { RateLimiter } from './rate-limits.ts'

export interface HostKeys {
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
  /** Opaque keys for the same roles, as Supabase's newer API keys (not JWTs). */
  publishableKey?: string
  secretKey?: string
}

/** The database role a request runs as, and the JWT claims PostgREST would expose. */
export interface RequestAuth {
  role: 'anon' | 'authenticated' | 'service_role'
  claims: Record<string, unknown>
  /**
   * The person's session is still to be checked (signed out, banned): applyAuth does it in the
   * request's transaction. Set by authenticate() when asked to.
   */
  checkSession?: boolean
}

export interface HostDeps {
  db: Db
  keys: HostKeys
  /** Base URL of the host (e.g. http://127.0.0.1:3000). Set once the server listens: read it at
   * request time, not when a module is built. */
  url: string
  /** Where the app is served; redirect targets of auth e-mails. */
  siteUrl: string
  /** Checks `apikey` (header or `?apikey=`) and the bearer token; throws HttpError on bad keys. */
  authenticate(req: Request, options?: { sessionInTransaction?: boolean }): Promise<RequestAuth>
  /** Verifies one JWT signed with the host secret and returns its claims; throws HttpError. */
  verifyToken(token: string): Promise<Record<string, unknown>>
  /** Runs `fn` in one transaction as the request's role with its claims set. */
  withAuth<T>(auth: RequestAuth, fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** Request limits (auth routes) and RATE_LIMIT_FACTOR, which functions are given too. */
  limits: RateLimiter
  /** The caller's address, believing X-Forwarded-For only from the proxies of TRUST_PROXY. */
  clientIp(req: Request): string | null
}

/**
 * An error a route answers with. `body` is sent as the JSON response, already in the shape the
 * calling client expects; `code` is a stable machine name so a module can re-shape an error
 * raised by shared code (e.g. `bad_jwt` becomes PostgREST's PGRST301 on /rest/v1).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> = { message },
  ) {
    super(message)
    this.name = 'HttpError'
  }

  toResponse(headers: Record<string, string> = {}): Response {
    return new Response(JSON.stringify(this.body), {
      status: this.status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    })
  }
}

/**
 * Runs `fn` as `auth.role` with the claims PostgREST sets, so RLS, `auth.uid()` and
 * `auth.jwt()` see exactly what they see on Supabase. `set local`/`set_config(..., true)` last
 * only for this transaction, so a pooled connection never keeps someone else's identity.
 */
export async function runAs<T>(
  db: Db,
  auth: RequestAuth,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await applyAuth(tx, auth)
    return fn(tx)
  })
}

/**
 * Sets the role and claims on a transaction that has just begun (see runAs), with any other
 * transaction-local `settings` (e.g. PostgREST's request.headers) in the same statement.
 */
export async function applyAuth(
  tx: Queryable,
  auth: RequestAuth,
  settings: Record<string, string> = {},
): Promise<void> {
  const role = auth.role
  if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') {
    throw new HttpError(401, 'bad_jwt', 'invalid role')
  }
  const claims: Record<string, unknown> = { ...auth.claims, role }
  const sub = typeof claims.sub === 'string' ? claims.sub : ''
  const email = typeof claims.email === 'string' ? claims.email : ''
  const extra = Object.entries(settings)
  const more = extra.map((_, i) => `, set_config($${5 + 2 * i}, $${6 + 2 * i}, true)`).join('')
  // The session is read first, before the role changes (SESSION_STANDS with its own numbers).
  let check = ''
  const params: unknown[] = [JSON.stringify(claims), sub, role, email, ...extra.flat()]
  if (auth.checkSession && role === 'authenticated') {
    const ids = sessionOf(claims)
    if (!ids) throw sessionGone()
    const at = params.length
    check = `${SESSION_STANDS.replace('$1', () => `$${at + 1}`).replace('$2', () => `$${at + 2}`)} as stands, `
    params.push(...ids)
  }
  const [row] = await tx.query<{ stands?: boolean }>(
    `select ${check}set_config('request.jwt.claims', $1, true),
            set_config('request.jwt.claim.sub', $2, true),
            set_config('request.jwt.claim.role', $3, true),
            set_config('request.jwt.claim.email', $4, true),
            set_config('role', $3, true)${more}`,
    params,
  )
  if (check && !row?.stands) throw sessionGone()
}

/** The session and the person of a token's claims, the parameters of SESSION_STANDS. */
export function sessionOf(claims: Record<string, unknown>): [string, string] | null {
  const session = typeof claims.session_id === 'string' ? claims.session_id : null
  const user = typeof claims.sub === 'string' ? claims.sub : null
  return session && user ? [session, user] : null
}

/** SQL that is true while session $1 of person $2 stands. */
export const SESSION_STANDS = `exists (select 1 from auth.sessions s join auth.users u on u.id = s.user_id
      where s.id::text = $1 and u.id::text = $2
        and (u.banned_until is null or u.banned_until <= now()) and u.deleted_at is null)`

export const sessionGone = () =>
  new HttpError(401, 'session_not_found', 'Session from session_id claim in JWT does not exist', {
    message: 'Session from session_id claim in JWT does not exist',
  })
