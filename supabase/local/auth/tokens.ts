// Sessions, refresh tokens and access tokens as Supabase Auth issues them: one auth.sessions row
// per sign-in, rotating refresh tokens in auth.refresh_tokens, and HS256 access tokens whose
// claims come from public.custom_access_token_hook (run as supabase_auth_admin, as in production).
import { randomBytes, randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import type { Db, Queryable } from '../db.ts'
import { secretKey } from '../keys.ts'
import { AuthError, badRequest } from './errors.ts'
import { findUserById, isBanned, userJson, type UserRow } from './users.ts'

/**
 * How long an access token lives: 15 minutes (config.toml jwt_expiry). On Supabase a token that
 * was signed out or banned still opens the API until it expires; the local host also checks that
 * its session stands on every request (request-auth.ts).
 */
export const ACCESS_TOKEN_TTL = 900
/** A refresh token used again within this window (two tabs refreshing at once) is not reuse. */
const REUSE_INTERVAL_SECONDS = 10

export interface TokenContext {
  db: Db
  jwtSecret: string
  /** `iss` of access tokens: <host>/auth/v1, as on Supabase. */
  issuer: string
}

export interface SessionMeta {
  method:
    'password' | 'otp' | 'recovery' | 'magiclink' | 'invite' | 'email_change' | 'token_refresh'
  userAgent: string | null
  ip: string | null
}

export type SessionJson = Record<string, unknown> & { access_token: string; refresh_token: string }

function newRefreshToken(): string {
  return randomBytes(16).toString('base64url')
}

/** Starts a session for `user` and answers with GoTrue's session JSON. */
export async function startSession(
  ctx: TokenContext,
  user: UserRow,
  meta: SessionMeta,
): Promise<SessionJson> {
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned')
  const sessionId = randomUUID()
  const refreshToken = newRefreshToken()
  const fresh = await ctx.db.transaction(async (tx) => {
    await tx.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
       values ($1, $2, now(), now(), 'aal1', now() at time zone 'utc', $3, $4::inet)`,
      [sessionId, user.id, meta.userAgent, validIp(meta.ip)],
    )
    await insertRefreshToken(tx, user.id, sessionId, refreshToken, null)
    await tx.query(
      'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1',
      [user.id],
    )
    await tx.query(
      `update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`,
      [user.id],
    )
    return findUserById(tx, user.id)
  })
  return sessionJson(ctx, fresh ?? user, sessionId, refreshToken, meta.method)
}

async function insertRefreshToken(
  tx: Queryable,
  userId: string,
  sessionId: string,
  token: string,
  parent: string | null,
) {
  await tx.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  )
}

function validIp(ip: string | null): string | null {
  if (!ip) return null
  const bare = ip.replace(/^::ffff:/, '')
  return /^[0-9a-fA-F:.]+$/.test(bare) ? bare : null
}

interface RefreshRow {
  token: string
  user_id: string
  revoked: boolean
  session_id: string | null
  recently: boolean
}

/** grant_type=refresh_token: rotates the token; reuse outside the grace window ends the session. */
export async function refreshSession(ctx: TokenContext, token: string): Promise<SessionJson> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<RefreshRow>(
      `select token, user_id, revoked, session_id,
              updated_at > now() - make_interval(secs => $2) as recently
         from auth.refresh_tokens where token = $1 for update`,
      [token, REUSE_INTERVAL_SECONDS],
    )
    if (!row || !row.session_id) {
      return {
        error: badRequest(
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        ),
      }
    }
    const user = await findUserById(tx, row.user_id)
    if (!user)
      return {
        error: badRequest(
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        ),
      }
    if (isBanned(user))
      return { error: badRequest('user_banned', 'Invalid Refresh Token: User Banned') }
    if (row.revoked) {
      const [active] = await tx.query<{ token: string }>(
        `select token from auth.refresh_tokens
          where session_id = $1 and revoked = false order by id desc limit 1`,
        [row.session_id],
      )
      if (row.recently && active) return { user, sessionId: row.session_id, token: active.token }
      // Someone replayed an old token: end the whole session, as GoTrue does on reuse.
      await tx.query('delete from auth.sessions where id = $1', [row.session_id])
      return {
        error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
        commit: true,
      }
    }
    const next = newRefreshToken()
    await tx.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1',
      [token],
    )
    await insertRefreshToken(tx, user.id, row.session_id, next, token)
    await tx.query(
      `update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1`,
      [row.session_id],
    )
    return { user, sessionId: row.session_id, token: next }
  })
  if ('error' in outcome && outcome.error) throw outcome.error
  const ok = outcome as { user: UserRow; sessionId: string; token: string }
  return sessionJson(ctx, ok.user, ok.sessionId, ok.token, 'token_refresh')
}

async function sessionJson(
  ctx: TokenContext,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  method: SessionMeta['method'],
): Promise<SessionJson> {
  const now = Math.floor(Date.now() / 1000)
  const exp = now + ACCESS_TOKEN_TTL
  const accessToken = await accessTokenFor(ctx, user, sessionId, method, now, exp)
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL,
    expires_at: exp,
    refresh_token: refreshToken,
    user: await userJson(ctx.db, user),
  }
}

const REQUIRED_CLAIMS = [
  'aud',
  'exp',
  'iat',
  'sub',
  'role',
  'aal',
  'session_id',
  'email',
  'phone',
  'is_anonymous',
]

async function accessTokenFor(
  ctx: TokenContext,
  user: UserRow,
  sessionId: string,
  method: SessionMeta['method'],
  iat: number,
  exp: number,
): Promise<string> {
  const standard: Record<string, unknown> = {
    iss: ctx.issuer,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: 'aal1',
    amr: [{ method: method === 'token_refresh' ? 'password' : method, timestamp: iat }],
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  }
  const claims = await runAccessTokenHook(ctx.db, user.id, standard, method)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(secretKey(ctx.jwtSecret))
}

/**
 * Calls public.custom_access_token_hook when it exists, with Supabase Auth's input
 * ({user_id, claims, authentication_method}) and its rules for the output: an `error` object
 * becomes the response, and the standard claims must still be there.
 */
export async function runAccessTokenHook(
  db: Db,
  userId: string,
  claims: Record<string, unknown>,
  method: string,
): Promise<Record<string, unknown>> {
  const [probe] = await db.query<{ present: boolean; can_switch: boolean }>(
    `select to_regprocedure('public.custom_access_token_hook(jsonb)') is not null as present,
            case when exists (select from pg_roles where rolname = 'supabase_auth_admin')
                 then pg_has_role(current_user, 'supabase_auth_admin', 'MEMBER') else false end as can_switch`,
  )
  if (!probe?.present) return claims
  const event = { user_id: userId, claims, authentication_method: method }
  let output: unknown
  try {
    output = await db.transaction(async (tx) => {
      if (probe.can_switch) await tx.query(`select set_config('role', 'supabase_auth_admin', true)`)
      const [row] = await tx.query<{ out: string }>(
        'select public.custom_access_token_hook($1::jsonb)::text as out',
        [JSON.stringify(event)],
      )
      return row ? (JSON.parse(row.out) as unknown) : null
    })
  } catch (error) {
    console.error('[auth] access token hook failed:', (error as Error).message)
    throw new AuthError(
      500,
      'unexpected_failure',
      'Error running hook URI: pg-functions://postgres/public/custom_access_token_hook',
    )
  }
  const result = (output ?? {}) as {
    claims?: unknown
    error?: { http_code?: number; message?: string }
  }
  if (result.error) {
    throw new AuthError(
      result.error.http_code ?? 500,
      'unexpected_failure',
      result.error.message ?? 'Hook error',
    )
  }
  const out = result.claims
  if (typeof out !== 'object' || out === null || REQUIRED_CLAIMS.some((c) => !(c in out))) {
    throw new AuthError(
      500,
      'unexpected_failure',
      'output claims do not conform to the expected schema',
    )
  }
  return out as Record<string, unknown>
}

/** Ends sessions for logout: this one, all of the user's, or all the others. */
export async function endSessions(
  db: Db,
  userId: string,
  sessionId: string | null,
  scope: string,
): Promise<void> {
  if (scope === 'local') {
    if (sessionId)
      await db.query('delete from auth.sessions where id = $1 and user_id = $2', [
        sessionId,
        userId,
      ])
  } else if (scope === 'others') {
    await db.query(
      'delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid',
      [userId, sessionId],
    )
  } else {
    await db.query('delete from auth.sessions where user_id = $1', [userId])
  }
}
