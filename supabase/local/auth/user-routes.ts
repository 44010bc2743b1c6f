// Endpoints for the signed-in person: read and change their account, and sign out.
import type { Hono } from 'hono'
import { authBody, requireUser, type AuthContext } from './context.ts'
import { badRequest, unprocessable } from './errors.ts'
import { actionLink, issueLink, queueAuthMail, safeRedirect } from './links.ts'
import { endSessions } from './tokens.ts'
import {
  checkPassword,
  findUserByEmail,
  findUserById,
  mergeMetadata,
  normalizeEmail,
  passwordMatches,
  setPassword,
  userJson,
} from './users.ts'

const SCOPES = ['global', 'local', 'others']

export function userAuthRoutes(app: Hono, ctx: AuthContext): void {
  app.get('/user', async (c) => {
    const { user } = await requireUser(ctx, c.req.raw)
    return c.json(await userJson(ctx.db, user))
  })

  app.put('/user', async (c) => {
    const { user, sessionId } = await requireUser(ctx, c.req.raw)
    const body = await authBody(c.req.raw)
    if (body.code_challenge) {
      throw badRequest(
        'validation_failed',
        'The PKCE flow is not supported by this server; use the implicit flow',
      )
    }
    if (body.phone) throw badRequest('phone_provider_disabled', 'Phone logins are disabled')
    const password =
      body.password === undefined || body.password === null ? null : checkPassword(body.password)
    const newEmail =
      body.email === undefined || body.email === null || body.email === ''
        ? null
        : normalizeEmail(body.email)
    const data = body.data
    if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) {
      throw badRequest('validation_failed', 'data must be an object')
    }
    const redirectTo = safeRedirect(c.req.query('redirect_to'), ctx.siteUrl(), ctx.hostUrl())
    const updated = await ctx.db.transaction(async (tx) => {
      if (password !== null) {
        if (await passwordMatches(tx, user.id, password)) {
          throw unprocessable(
            'same_password',
            'New password should be different from the old password.',
          )
        }
        await setPassword(tx, user.id, password)
        // A new password signs out every other device, as Supabase Auth does.
        await tx.query(
          'delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid',
          [user.id, sessionId],
        )
      }
      if (data) {
        await tx.query(
          'update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1',
          [
            user.id,
            JSON.stringify(mergeMetadata(user.raw_user_meta_data, data as Record<string, unknown>)),
          ],
        )
      }
      if (newEmail !== null && newEmail !== user.email) {
        const taken = await findUserByEmail(tx, newEmail)
        if (taken)
          throw unprocessable(
            'email_exists',
            'A user with this email address has already been registered',
          )
        await tx.query(
          'update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1',
          [user.id, newEmail],
        )
        const link = await issueLink(tx, user.id, 'email_change', newEmail)
        await queueAuthMail(tx, {
          to: newEmail,
          type: 'email_change',
          link: actionLink(ctx.hostUrl(), link.hashedToken, 'email_change', redirectTo),
          otp: link.otp,
          userId: user.id,
          sender: ctx.mailFrom,
        })
      }
      return findUserById(tx, user.id)
    })
    return c.json(await userJson(ctx.db, updated ?? user))
  })

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global'
    if (!SCOPES.includes(scope))
      throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`)
    const { user, sessionId } = await requireUser(ctx, c.req.raw)
    await endSessions(ctx.db, user.id, sessionId, scope)
    return c.body(null, 204)
  })
}
