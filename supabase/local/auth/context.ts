// What every /auth/v1 route needs: the token context, the caller's session from the bearer
// token, and the request facts GoTrue records (user agent, address).
import type { Context } from 'hono'
import type { HostDeps } from '../deps.ts'
import { TEXT_PROBLEM_MESSAGES, textProblem } from '../../functions/_shared/input.ts'
import { clientIpOf, readJsonObject } from '../http.ts'
import { badRequest, forbidden } from './errors.ts'
import type { SessionMeta, TokenContext } from './tokens.ts'
import { findUserById, type UserRow } from './users.ts'

export interface AuthOptions {
  /** From address of auth e-mails. */
  mailFrom: string
}

export interface AuthContext extends TokenContext {
  deps: HostDeps
  mailFrom: string
  hostUrl(): string
  siteUrl(): string
}

export function authContext(deps: HostDeps, options: AuthOptions): AuthContext {
  return {
    deps,
    db: deps.db,
    jwtSecret: deps.keys.jwtSecret,
    mailFrom: options.mailFrom,
    // The host learns its URL only once it listens; read it per request.
    get issuer() {
      return `${deps.url}/auth/v1`
    },
    hostUrl: () => deps.url,
    siteUrl: () => deps.siteUrl,
  }
}

export function requestMeta(c: Context, method: SessionMeta['method']): SessionMeta {
  return {
    method,
    userAgent: c.req.header('user-agent') ?? null,
    ip: ctxIp(c),
  }
}

/** The caller's address as the host worked it out (TRUST_PROXY decides whose word counts). */
export function ctxIp(c: Context): string | null {
  return clientIpOf(c.req.raw)
}

export interface CurrentUser {
  user: UserRow
  claims: Record<string, unknown>
  sessionId: string | null
}

/** The signed-in caller, as GoTrue's requireAuthentication + loadUser establish it. */
export async function requireUser(ctx: AuthContext, req: Request): Promise<CurrentUser> {
  const auth = await ctx.deps.authenticate(req)
  const sub = auth.claims.sub
  if (typeof sub !== 'string' || sub === '') {
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim')
  }
  const user = await findUserById(ctx.db, sub)
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist')
  const sessionId = typeof auth.claims.session_id === 'string' ? auth.claims.session_id : null
  if (sessionId) {
    const rows = await ctx.db.query('select 1 from auth.sessions where id = $1 and user_id = $2', [
      sessionId,
      user.id,
    ])
    if (rows.length === 0) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist')
    }
  }
  return { user, claims: auth.claims, sessionId }
}

/** Admin endpoints take the service_role key (or supabase_admin), never a person's token. */
export async function requireAdmin(ctx: AuthContext, req: Request): Promise<void> {
  const auth = await ctx.deps.authenticate(req)
  const role = auth.claims.role
  if (role !== 'service_role' && role !== 'supabase_admin') {
    throw forbidden('not_admin', 'User not allowed')
  }
}

const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)'

/**
 * A request's JSON object, refusing text PostgreSQL cannot store (400: a NUL character, half of a
 * UTF-16 pair), which would otherwise fail deep inside as a server error.
 */
export async function authBody(req: Request): Promise<Record<string, unknown>> {
  const body = await readJsonObject(req)
  const problem = textProblem(body)
  if (problem === 'nul') throw badRequest('validation_failed', NUL_MESSAGE)
  if (problem) throw badRequest('validation_failed', TEXT_PROBLEM_MESSAGES[problem])
  return body
}

/** A query parameter, refused when it holds a NUL character. */
export function noNul(value: string | null): string | null {
  const problem = value === null ? null : textProblem(value)
  if (problem === 'nul') throw badRequest('validation_failed', NUL_MESSAGE)
  if (problem) throw badRequest('validation_failed', TEXT_PROBLEM_MESSAGES[problem])
  return value
}
