// Public Supabase Auth endpoints: sign-up with e-mail confirmation, password and refresh-token
// grants, verification links and codes, password recovery, settings and the OAuth entry point.
import type { Context, Hono } from 'hono'
import { readJsonObject } from '../http.ts'
import { requestMeta, type AuthContext } from './context.ts'
import { badRequest } from './errors.ts'
import {
  actionLink,
  consumeLink,
  issueLink,
  queueAuthMail,
  safeRedirect,
  type VerifyType,
} from './links.ts'
import { refreshSession, startSession } from './tokens.ts'
import {
  checkPassword,
  createUser,
  findUserByEmail,
  isBanned,
  mergeMetadata,
  normalizeEmail,
  passwordMatches,
  userJson,
} from './users.ts'

const VERIFY_TYPES: VerifyType[] = [
  'signup',
  'invite',
  'recovery',
  'magiclink',
  'email_change',
  'email',
]

function refusePkce(body: Record<string, unknown>) {
  if (body.code_challenge) {
    throw badRequest(
      'validation_failed',
      'The PKCE flow is not supported by this server; use the implicit flow',
    )
  }
}

function metadataOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

export function publicAuthRoutes(app: Hono, ctx: AuthContext): void {
  app.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'Local host auth' }),
  )

  app.get('/settings', async (c) => {
    await ctx.deps.authenticate(c.req.raw)
    return c.json({
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        email: true,
        facebook: false,
        figma: false,
        github: false,
        gitlab: false,
        google: false,
        keycloak: false,
        linkedin_oidc: false,
        notion: false,
        phone: false,
        slack_oidc: false,
        spotify: false,
        twitch: false,
        twitter: false,
        workos: false,
        zoom: false,
      },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    })
  })

  // Browsers navigate here for Google sign-in; without a Google client configured there is
  // nothing to redirect to, so answer the way Supabase answers for a disabled provider.
  app.get('/authorize', (c) => {
    const provider = c.req.query('provider') ?? ''
    const msg =
      provider === 'google'
        ? 'Google sign-in is not available on this server'
        : 'Unsupported provider: provider is not enabled'
    throw badRequest('validation_failed', msg)
  })

  app.post('/signup', async (c) => {
    await ctx.deps.authenticate(c.req.raw)
    const body = await readJsonObject(c.req.raw)
    refusePkce(body)
    if (body.phone && !body.email)
      throw badRequest('phone_provider_disabled', 'Phone signups are disabled')
    const email = normalizeEmail(body.email)
    const password = checkPassword(body.password)
    const redirectTo = safeRedirect(c.req.query('redirect_to'), ctx.siteUrl(), ctx.hostUrl())
    const answer = await ctx.db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email, true)
      if (user?.email_confirmed_at) {
        // Confirmed already: answer like a new sign-up so the endpoint does not reveal
        // which addresses have accounts (Supabase does the same).
        return obfuscatedUser(email, metadataOf(body.data))
      }
      if (user) {
        await tx.query(
          `update auth.users set raw_user_meta_data = $2::jsonb,
                  encrypted_password = extensions.crypt($3, extensions.gen_salt('bf', 10)), updated_at = now()
            where id = $1`,
          [
            user.id,
            JSON.stringify(mergeMetadata(user.raw_user_meta_data, metadataOf(body.data))),
            password,
          ],
        )
      } else {
        user = await createUser(tx, {
          email,
          password,
          confirmed: false,
          userMetadata: metadataOf(body.data),
        })
      }
      const link = await issueLink(tx, user.id, 'signup', email)
      await queueAuthMail(tx, {
        to: email,
        type: 'signup',
        link: actionLink(ctx.hostUrl(), link.hashedToken, 'signup', redirectTo),
        otp: link.otp,
        userId: user.id,
        sender: ctx.mailFrom,
      })
      const fresh = await findUserByEmail(tx, email)
      return userJson(tx, fresh ?? user)
    })
    return c.json(answer)
  })

  app.post('/token', async (c) => {
    await ctx.deps.authenticate(c.req.raw)
    const grant = c.req.query('grant_type')
    const body = await readJsonObject(c.req.raw)
    if (grant === 'password') return c.json(await passwordGrant(c, ctx, body))
    if (grant === 'refresh_token') {
      if (typeof body.refresh_token !== 'string' || body.refresh_token === '') {
        throw badRequest('validation_failed', 'refresh_token required')
      }
      return c.json(await refreshSession(ctx, body.refresh_token))
    }
    throw badRequest('validation_failed', `unsupported grant_type "${grant ?? ''}"`)
  })

  app.post('/verify', async (c) => {
    await ctx.deps.authenticate(c.req.raw)
    const body = await readJsonObject(c.req.raw)
    const type = verifyType(body.type)
    const token =
      typeof body.token_hash === 'string' && body.token_hash
        ? { hash: body.token_hash }
        : typeof body.token === 'string' && body.token && typeof body.email === 'string'
          ? { email: normalizeEmail(body.email), otp: body.token.trim() }
          : null
    if (!token)
      throw badRequest(
        'validation_failed',
        'Verify requires either a token_hash or an email and a token',
      )
    const { user, type: kind } = await ctx.db.transaction((tx) => consumeLink(tx, type, token))
    return c.json(
      await startSession(
        ctx,
        user,
        requestMeta(c, kind === 'signup' || kind === 'invite' ? 'otp' : kind),
      ),
    )
  })

  // The link in the e-mail: consume it and send the browser to the app with the session in the
  // fragment (implicit flow), or with the error, as Supabase does.
  app.get('/verify', async (c) => {
    const redirectTo = safeRedirect(c.req.query('redirect_to'), ctx.siteUrl(), ctx.hostUrl())
    const hash = c.req.query('token') ?? ''
    try {
      const type = verifyType(c.req.query('type'))
      if (!hash) throw badRequest('validation_failed', 'token is required')
      const { user, type: kind } = await ctx.db.transaction((tx) => consumeLink(tx, type, { hash }))
      const session = await startSession(
        ctx,
        user,
        requestMeta(c, kind === 'signup' || kind === 'invite' ? 'otp' : kind),
      )
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type: kind,
      })
      return c.redirect(`${redirectTo.split('#')[0]}#${fragment.toString()}`, 303)
    } catch (error) {
      const fragment = new URLSearchParams({
        error: 'access_denied',
        error_code:
          (error as { code?: string }).code === 'otp_expired' ? 'otp_expired' : 'validation_failed',
        error_description:
          (error as { code?: string }).code === 'otp_expired'
            ? 'Email link is invalid or has expired'
            : (error as Error).message,
      })
      return c.redirect(`${redirectTo.split('#')[0]}#${fragment.toString()}`, 303)
    }
  })

  app.post('/recover', async (c) => {
    await ctx.deps.authenticate(c.req.raw)
    const body = await readJsonObject(c.req.raw)
    refusePkce(body)
    const email = normalizeEmail(body.email)
    const redirectTo = safeRedirect(c.req.query('redirect_to'), ctx.siteUrl(), ctx.hostUrl())
    await ctx.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email, true)
      // Unknown addresses get the same answer, so the form does not reveal who has an account.
      if (!user || isBanned(user)) return
      const link = await issueLink(tx, user.id, 'recovery', email)
      await queueAuthMail(tx, {
        to: email,
        type: 'recovery',
        link: actionLink(ctx.hostUrl(), link.hashedToken, 'recovery', redirectTo),
        otp: link.otp,
        userId: user.id,
        sender: ctx.mailFrom,
      })
    })
    return c.json({})
  })
}

function verifyType(value: unknown): VerifyType {
  if (typeof value === 'string' && (VERIFY_TYPES as string[]).includes(value))
    return value as VerifyType
  throw badRequest('validation_failed', `Verify requires a verification type`)
}

async function passwordGrant(c: Context, ctx: AuthContext, body: Record<string, unknown>) {
  if (body.phone && !body.email)
    throw badRequest('phone_provider_disabled', 'Phone logins are disabled')
  const password = typeof body.password === 'string' ? body.password : ''
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
  const invalid = () => badRequest('invalid_credentials', 'Invalid login credentials')
  if (!email || !password) throw invalid()
  const user = await findUserByEmail(ctx.db, email)
  if (!user || user.deleted_at) throw invalid()
  if (!(await passwordMatches(ctx.db, user.id, password))) throw invalid()
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned')
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed')
  return startSession(ctx, user, requestMeta(c, 'password'))
}

/** What Supabase answers for a sign-up with an address that already has a confirmed account. */
function obfuscatedUser(email: string, data: Record<string, unknown>) {
  const now = new Date().toISOString()
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  }
}
