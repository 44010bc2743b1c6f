// Who is calling: the API gateway's key check (apikey must be the anon or service_role key, or
// their opaque counterparts sb_publishable_/sb_secret_) followed by the bearer token's
// verification, as Supabase's gateway and services do it.
import { errors as joseErrors, jwtVerify } from 'jose'
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

export function requestAuthenticator(keys: HostKeys) {
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
    return { role: role as RequestAuth['role'], claims }
  }
}
