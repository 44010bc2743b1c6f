// /auth/v1: Supabase Auth's HTTP API as supabase-js uses it, backed by the auth schema.
import { Hono } from 'hono'
import type { HostDeps } from '../deps.ts'
import { adminAuthRoutes } from './admin.ts'
import { authContext, type AuthOptions } from './context.ts'
import { authErrorResponse, notFound } from './errors.ts'
import { publicAuthRoutes } from './routes.ts'
import { userAuthRoutes } from './user-routes.ts'

export type { AuthOptions } from './context.ts'

export function authRoutes(deps: HostDeps, options: AuthOptions): Hono {
  const app = new Hono()
  const ctx = authContext(deps, options)
  publicAuthRoutes(app, ctx)
  userAuthRoutes(app, ctx)
  adminAuthRoutes(app, ctx)
  app.notFound((c) => authErrorResponse(notFound('not_found', 'Not found'), c.req.raw))
  app.onError((error, c) => authErrorResponse(error, c.req.raw))
  return app
}
