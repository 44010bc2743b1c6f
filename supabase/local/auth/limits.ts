// Per-address (IP) limits on the public auth endpoints, with Supabase Auth's buckets and the
// numbers of config.toml's [auth.rate_limit] (per 5 minutes), through hono-rate-limiter.
// A limited caller gets 429 over_request_rate_limit with how long to wait.
import type { Context, Hono } from 'hono'
import { MemoryStore, rateLimiter } from 'hono-rate-limiter'
import { clientIpOf } from '../http.ts'
import type { AuthRateLimits } from '../rate-limits.ts'
import type { AuthContext } from './context.ts'
import { tooManyRequests } from './errors.ts'

type Bucket = keyof Pick<
  AuthRateLimits,
  'sign_in_sign_ups' | 'token_verifications' | 'token_refresh'
>

/** Which bucket a request counts against; null: not limited here. */
function bucketOf(c: Context): Bucket | null {
  const path = new URL(c.req.url).pathname.replace(/^.*\/auth\/v1/, '')
  const method = c.req.method
  if (path === '/verify') return 'token_verifications'
  if (method !== 'POST') return null
  if (path === '/token') {
    return c.req.query('grant_type') === 'refresh_token' ? 'token_refresh' : 'sign_in_sign_ups'
  }
  if (['/signup', '/recover', '/otp', '/magiclink', '/resend'].includes(path))
    return 'sign_in_sign_ups'
  return null
}

export function ipLimits(app: Hono, ctx: AuthContext): void {
  const limits = ctx.deps.limits
  const windowMs = 5 * 60_000
  const middleware = rateLimiter({
    windowMs,
    limit: (c) =>
      Math.max(1, Math.round(limits.auth[bucketOf(c) ?? 'token_refresh'] * limits.factor)),
    // Each endpoint family has its own count, like Supabase Auth's limiters.
    keyGenerator: (c) =>
      `${bucketOf(c)}:${new URL(c.req.url).pathname}:${clientIpOf(c.req.raw) ?? 'unknown'}`,
    skip: (c) => bucketOf(c) === null,
    standardHeaders: 'draft-6',
    store: limits.adopt(new MemoryStore()),
    handler: (c) => {
      const info = c.get('rateLimit' as never) as { resetTime?: Date } | undefined
      const seconds = Math.max(
        1,
        Math.ceil(((info?.resetTime?.getTime() ?? Date.now() + windowMs) - Date.now()) / 1000),
      )
      throw tooManyRequests(seconds)
    },
  })
  app.use('*', middleware)
}
