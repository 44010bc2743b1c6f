// Supabase Auth's admin API (service_role only): the user management that edge functions use
// to create accounts, and link generation for confirmation, recovery and magic links.
import type { Hono } from 'hono'
import { authBody, requireAdmin, type AuthContext } from './context.ts'
import { badRequest, notFound, unprocessable } from './errors.ts'
import { actionLink, issueLink, queueAuthMail, safeRedirect, type LinkType } from './links.ts'
import {
  checkPassword,
  createUser,
  findUserByEmail,
  findUserById,
  isUuid,
  mergeMetadata,
  normalizeEmail,
  setPassword,
  userJson,
  type UserRow,
} from './users.ts'

const emailTaken = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered')
const userNotFound = () => notFound('user_not_found', 'User not found')

function objectOrUndefined(value: unknown, name: string): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value))
    throw badRequest('validation_failed', `${name} must be an object`)
  return value as Record<string, unknown>
}

/** Go durations as GoTrue's ban_duration takes them ("24h", "1h30m", "876000h"). */
export function parseDuration(text: string): number {
  const units: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  }
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)]
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== text) {
    throw badRequest('validation_failed', 'invalid format for ban duration')
  }
  return parts.reduce((sum, p) => sum + Number(p[1]) * units[p[2]!]!, 0)
}

async function loadUser(ctx: AuthContext, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw notFound('user_not_found', 'User not found')
  const user = await findUserById(ctx.db, id)
  if (!user) throw userNotFound()
  return user
}

export function adminAuthRoutes(app: Hono, ctx: AuthContext): void {
  app.use('/admin/*', async (c, next) => {
    await requireAdmin(ctx, c.req.raw)
    await next()
  })

  app.get('/admin/users', async (c) => {
    const page = Math.max(1, Number.parseInt(c.req.query('page') || '1', 10) || 1)
    const perPage = Math.min(
      1000,
      Math.max(1, Number.parseInt(c.req.query('per_page') || '50', 10) || 50),
    )
    const [{ total } = { total: 0 }] = await ctx.db.query<{ total: number }>(
      'select count(*)::int as total from auth.users',
    )
    const rows = await ctx.db.query<{ id: string }>(
      'select id from auth.users order by created_at desc, id limit $1 offset $2',
      [perPage, (page - 1) * perPage],
    )
    const users = []
    for (const row of rows) {
      const user = await findUserById(ctx.db, row.id)
      if (user) users.push(await userJson(ctx.db, user, true))
    }
    const last = Math.max(1, Math.ceil(total / perPage))
    const links = [`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`]
    if (page < last)
      links.unshift(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`)
    return c.json({ users, aud: 'authenticated' }, 200, {
      'x-total-count': String(total),
      link: links.join(', '),
    })
  })

  app.post('/admin/users', async (c) => {
    const body = await authBody(c.req.raw)
    if (body.phone && !body.email)
      throw badRequest('phone_provider_disabled', 'Phone logins are disabled')
    const email = normalizeEmail(body.email)
    const password =
      body.password === undefined || body.password === null ? null : checkPassword(body.password)
    const userMetadata = objectOrUndefined(body.user_metadata, 'user_metadata')
    const appMetadata = objectOrUndefined(body.app_metadata, 'app_metadata')
    const id = typeof body.id === 'string' && body.id ? body.id : undefined
    if (id !== undefined && !isUuid(id)) throw badRequest('validation_failed', 'id must be a UUID')
    const created = await ctx.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw emailTaken()
      if (id && (await findUserById(tx, id)))
        throw unprocessable('user_already_exists', 'User already registered')
      const user = await createUser(tx, {
        id,
        email,
        password,
        confirmed: body.email_confirm === true,
        userMetadata,
        appMetadata,
      })
      if (typeof body.ban_duration === 'string' && body.ban_duration !== 'none') {
        const ms = parseDuration(body.ban_duration)
        await tx.query(
          'update auth.users set banned_until = now() + make_interval(secs => $2) where id = $1',
          [user.id, ms / 1000],
        )
      }
      return (await findUserById(tx, user.id)) ?? user
    })
    return c.json(await userJson(ctx.db, created, true))
  })

  app.get('/admin/users/:id', async (c) => {
    const user = await loadUser(ctx, c.req.param('id'))
    return c.json(await userJson(ctx.db, user, true))
  })

  app.put('/admin/users/:id', async (c) => {
    const existing = await loadUser(ctx, c.req.param('id'))
    const body = await authBody(c.req.raw)
    const email =
      body.email === undefined || body.email === null ? null : normalizeEmail(body.email)
    const password =
      body.password === undefined || body.password === null ? null : checkPassword(body.password)
    const userMetadata = objectOrUndefined(body.user_metadata, 'user_metadata')
    const appMetadata = objectOrUndefined(body.app_metadata, 'app_metadata')
    const ban = typeof body.ban_duration === 'string' ? body.ban_duration : null
    const banMs = ban && ban !== 'none' ? parseDuration(ban) : null
    const updated = await ctx.db.transaction(async (tx) => {
      const id = existing.id
      if (email !== null && email !== existing.email) {
        const other = await findUserByEmail(tx, email)
        if (other && other.id !== id) throw emailTaken()
        await tx.query('update auth.users set email = $2, updated_at = now() where id = $1', [
          id,
          email,
        ])
        await tx.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text)
            where user_id = $1 and provider = 'email'`,
          [id, email],
        )
      }
      if (password !== null) await setPassword(tx, id, password)
      if (body.email_confirm === true) {
        await tx.query(
          'update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1',
          [id],
        )
      }
      if (userMetadata) {
        await tx.query(
          'update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1',
          [id, JSON.stringify(mergeMetadata(existing.raw_user_meta_data, userMetadata))],
        )
      }
      if (appMetadata) {
        await tx.query(
          'update auth.users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1',
          [id, JSON.stringify(mergeMetadata(existing.raw_app_meta_data, appMetadata))],
        )
      }
      if (ban === 'none') {
        await tx.query(
          'update auth.users set banned_until = null, updated_at = now() where id = $1',
          [id],
        )
      } else if (banMs !== null) {
        await tx.query(
          'update auth.users set banned_until = now() + make_interval(secs => $2), updated_at = now() where id = $1',
          [id, banMs / 1000],
        )
        // A ban ends the sessions too, so refresh tokens in the person's browsers stop working.
        await tx.query('delete from auth.sessions where user_id = $1', [id])
      }
      return (await findUserById(tx, id)) ?? existing
    })
    return c.json(await userJson(ctx.db, updated, true))
  })

  app.delete('/admin/users/:id', async (c) => {
    const user = await loadUser(ctx, c.req.param('id'))
    const body = await authBody(c.req.raw)
    if (body.should_soft_delete === true) {
      // Soft delete keeps the row (and whatever references it) but the account is gone for sign-in.
      await ctx.db.transaction(async (tx) => {
        await tx.query(
          `update auth.users set deleted_at = now(), banned_until = now() + interval '100 years', updated_at = now() where id = $1`,
          [user.id],
        )
        await tx.query('delete from auth.sessions where user_id = $1', [user.id])
      })
    } else {
      await ctx.db.query('delete from auth.users where id = $1', [user.id])
    }
    return c.json({})
  })

  app.post('/admin/generate_link', async (c) => {
    const body = await authBody(c.req.raw)
    const type = body.type as LinkType | 'email_change_new' | 'email_change_current'
    const email = normalizeEmail(body.email)
    const redirectTo = safeRedirect(
      (typeof body.redirect_to === 'string' ? body.redirect_to : null) ??
        c.req.query('redirect_to'),
      ctx.siteUrl(),
      ctx.hostUrl(),
    )
    const data = objectOrUndefined(body.data, 'data')
    const result = await ctx.db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email, true)
      let linkType: LinkType
      let sendTo = email
      if (type === 'signup') {
        const password = checkPassword(body.password)
        if (user?.email_confirmed_at) throw emailTaken()
        user ??= await createUser(tx, { email, password, confirmed: false, userMetadata: data })
        linkType = 'signup'
      } else if (type === 'invite') {
        if (user?.email_confirmed_at) throw emailTaken()
        user ??= await createUser(tx, {
          email,
          confirmed: false,
          userMetadata: data,
          invited: true,
        })
        linkType = 'invite'
      } else if (type === 'magiclink') {
        user ??= await createUser(tx, { email, confirmed: false, userMetadata: data })
        linkType = 'magiclink'
      } else if (type === 'recovery') {
        if (!user) throw userNotFound()
        linkType = 'recovery'
      } else if (type === 'email_change_new' || type === 'email_change_current') {
        if (!user) throw userNotFound()
        const newEmail = normalizeEmail(body.new_email)
        if (await findUserByEmail(tx, newEmail)) throw emailTaken()
        await tx.query('update auth.users set email_change = $2 where id = $1', [user.id, newEmail])
        linkType = 'email_change'
        sendTo = newEmail
      } else {
        throw badRequest('validation_failed', 'Invalid link type')
      }
      const link = await issueLink(tx, user.id, linkType, sendTo)
      const fresh = (await findUserById(tx, user.id)) ?? user
      return {
        ...(await userJson(tx, fresh, true)),
        action_link: actionLink(ctx.hostUrl(), link.hashedToken, linkType, redirectTo),
        email_otp: link.otp,
        hashed_token: link.hashedToken,
        verification_type: linkType,
        redirect_to: redirectTo,
      }
    })
    return c.json(result)
  })

  // Invites send the e-mail themselves (generate_link only returns the link).
  app.post('/invite', async (c) => {
    await requireAdmin(ctx, c.req.raw)
    const body = await authBody(c.req.raw)
    const email = normalizeEmail(body.email)
    const redirectTo = safeRedirect(c.req.query('redirect_to'), ctx.siteUrl(), ctx.hostUrl())
    const data = objectOrUndefined(body.data, 'data')
    const invited = await ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email, true)
      if (existing?.email_confirmed_at) throw emailTaken()
      const user =
        existing ??
        (await createUser(tx, { email, confirmed: false, userMetadata: data, invited: true }))
      const link = await issueLink(tx, user.id, 'invite', email)
      await queueAuthMail(tx, {
        to: email,
        type: 'invite',
        link: actionLink(ctx.hostUrl(), link.hashedToken, 'invite', redirectTo),
        otp: link.otp,
        userId: user.id,
        sender: ctx.mailFrom,
      })
      return (await findUserById(tx, user.id)) ?? user
    })
    return c.json(await userJson(ctx.db, invited))
  })
}
