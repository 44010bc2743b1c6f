// Who is calling: the API gateway's key check (apikey must be the anon or service_role key, or
// their opaque counterparts sb_publishable_/sb_secret_) followed by the bearer token's
// verification, as Supabase's gateway and services do it.
import { errors as joseErrors, jwtVerify } from 'jose'
import type { Queryable } from './db.ts'
import {
  HttpError,
  SESSION_STANDS,
  sessionGone,
  sessionOf,
  type HostKeys,
  type RequestAuth,
} from './deps.ts'
import { secretKey } from './keys.ts'

const ROLES = ['anon', 'authenticated', 'service_role'] as const

// Tokens verified lately, with their claims: a device sends the same token with every request
// until it refreshes it, and checking the signature each time cost more than the rest of a
// small RPC's work in the host. A token is kept only until its expiry; then it is checked again
// (and refused as expired).
const VERIFIED_KEPT = 2000

export function tokenVerifier(keys: HostKeys) {
  const key = secretKey(keys.jwtSecret)
  const verified = new Map<string, { claims: Record<string, unknown>; until: number }>()
  return async function verifyToken(token: string): Promise<Record<string, unknown>> {
    const kept = verified.get(token)
    if (kept && Date.now() < kept.until) return { ...kept.claims }
    verified.delete(token)
    try {
      // A token without an expiry would work for ever once leaked: every token must have one.
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
      })
      const claims = payload as Record<string, unknown>
      // Only a token valid from now on is kept (one with a future "not before" is checked again).
      if (typeof claims.exp === 'number' && claims.nbf === undefined) {
        if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!)
        verified.set(token, { claims: { ...claims }, until: claims.exp * 1000 })
      }
      return claims
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
  const ids = sessionOf(claims)
  if (!ids) return false
  const rows = await db.query(`select 1 where ${SESSION_STANDS}`, ids)
  return rows.length > 0
}

export function requestAuthenticator(keys: HostKeys, db?: Queryable) {
  const verifyToken = tokenVerifier(keys)
  return async function authenticate(
    req: Request,
    options: { sessionInTransaction?: boolean } = {},
  ): Promise<RequestAuth> {
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
    const auth: RequestAuth = { role: role as RequestAuth['role'], claims }
    if (!db) return auth
    // The caller's transaction checks it with the claims (applyAuth): one statement less.
    if (options.sessionInTransaction) return { ...auth, checkSession: true }
    if (!(await sessionStands(db, claims))) throw sessionGone()
    return auth
  }
}
