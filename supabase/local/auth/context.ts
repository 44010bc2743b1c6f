// What every /auth/v1 route needs: the token context, the caller's session from the bearer
// token, and the request facts GoTrue records (user agent, address).
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import type { HostDeps } from '../deps.ts'
import { clientIp } from '../http.ts'
import { forbidden } from './errors.ts'
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
  let socket: string | undefined
  try {
    socket = getConnInfo(c).remote.address
  } catch {
    socket = undefined
  }
  return {
    method,
    userAgent: c.req.header('user-agent') ?? null,
    ip: clientIp(c.req.raw, socket),
  }
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
