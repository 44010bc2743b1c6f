// Who is calling: the API gateway's key check (apikey must be the anon or service_role key, or
// their opaque counterparts sb_publishable_/sb_secret_) followed by the bearer token's
// verification, as Supabase's gateway and services do it.
import { errors as joseErrors, jwtVerify } from 'jose'
import type { Queryable } from './db.ts'
import { HttpError, type HostKeys, type RequestAuth } from './deps.ts'
import { secretKey } from './keys.ts'

const ROLES = ['anon', 'authenticated', 'service_role'] as const

export function tokenVerifier(keys: HostKeys) {
  const key = secretKey(keys.jwtSecret)
  return async function verifyToken(token: string): Promise<Record<string, unknown>> {
    try {
      // A token without an expiry would work for ever once leaked: every token must have one.
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
      })
      return payload as Record<string, unknown>
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        throw new HttpError(401, 'jwt_expired', 'JWT expired', { message: 'JWT expired' })
      }
      if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'exp') {
        throw new HttpError(401, 'bad_jwt', 'JWT has no expiry (exp claim)', {
          message: 'JWT has no expiry (exp claim)',
        })
      }
      throw new HttpError(401, 'bad_jwt', 'JWT could not be verified', {
        message: 'JWT could not be verified',
      })
    }
  }
}

/**
 * Whether a person's token still stands for a live session: not signed out (the session row is
 * gone) and the account not banned. Supabase checks this only when a token is refreshed; the
 * local host checks it on every request, so a sign-out or a ban takes effect at once here.
 */
async function sessionStands(db: Queryable, claims: Record<string, unknown>): Promise<boolean> {
  if (claims.role !== 'authenticated') return true
  const session = typeof claims.session_id === 'string' ? claims.session_id : null
  const user = typeof claims.sub === 'string' ? claims.sub : null
  if (!session || !user) return false
  const rows = await db.query(
    `select 1 from auth.sessions s join auth.users u on u.id = s.user_id
      where s.id::text = $1 and u.id::text = $2
        and (u.banned_until is null or u.banned_until <= now()) and u.deleted_at is null`,
    [session, user],
  )
  return rows.length > 0
}

export function requestAuthenticator(keys: HostKeys, db?: Queryable) {
  const verifyToken = tokenVerifier(keys)
  return async function authenticate(req: Request): Promise<RequestAuth> {
    const apikey = req.headers.get('apikey') ?? new URL(req.url).searchParams.get('apikey')
    if (!apikey) {
      throw new HttpError(401, 'no_api_key', 'No API key found in request', {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      })
    }
    const opaque = (key: string | null): RequestAuth['role'] | null =>
      !key
        ? null
        : key === keys.publishableKey
          ? 'anon'
          : key === keys.secretKey
            ? 'service_role'
            : null
    if (apikey !== keys.anonKey && apikey !== keys.serviceRoleKey && !opaque(apikey)) {
      throw new HttpError(401, 'invalid_api_key', 'Invalid API key', {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      })
    }
    const header = req.headers.get('authorization')
    const bearer =
      header && /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : null
    // An opaque key stands for its role, as Supabase's gateway turns it into that role's token.
    const keyRole = opaque(bearer || apikey)
    if (keyRole) return { role: keyRole, claims: { role: keyRole } }
    const claims = await verifyToken(bearer || apikey)
    const role = claims.role
    if (typeof role !== 'string' || !(ROLES as readonly string[]).includes(role)) {
      throw new HttpError(401, 'bad_jwt', `JWT role "${String(role)}" is not allowed`, {
        message: `JWT role "${String(role)}" is not allowed`,
      })
    }
    if (db && !(await sessionStands(db, claims))) {
      throw new HttpError(
        401,
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
        {
          message: 'Session from session_id claim in JWT does not exist',
        },
      )
    }
    return { role: role as RequestAuth['role'], claims }
  }
}
