// Public Supabase Auth endpoints: sign-up with e-mail confirmation, password and refresh-token
// grants, verification links and codes, password recovery, settings and the OAuth entry point.
import type { Context, Hono } from 'hono'
import { SIGN_IN_PER_ACCOUNT, WRONG_CODES_ALLOWED } from '../rate-limits.ts'
import { authBody, noNul, requestMeta, type AuthContext } from './context.ts'
import { badRequest, emailTooSoon, forbidden, tooManyRequests } from './errors.ts'
import {
  actionLink,
  consumeLink,
  countWrongCode,
  issueLink,
  queueAuthMail,
  safeRedirect,
  type VerifyType,
} from './links.ts'
import { ipLimits } from './limits.ts'
import { refreshSession, startSession } from './tokens.ts'
import {
  checkPassword,
  createUser,
  findUserByEmail,
  isBanned,
  normalizeEmail,
  userJson,
  verifyPassword,
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

/**
 * An auth e-mail to `email` now would come too soon after the last one (`sentAt`): refuse it
 * (GoTrue's max_frequency), and count it against the address's hourly allowance.
 */
function checkEmailAllowance(ctx: AuthContext, email: string, sentAt: Date | null): void {
  const limits = ctx.deps.limits
  if (sentAt) {
    const wait = Math.ceil(
      limits.minEmailInterval - (Date.now() - new Date(sentAt).getTime()) / 1000,
    )
    if (wait > 0) throw emailTooSoon(wait)
  }
  const over = limits.hit('email_sent', email, { max: limits.auth.email_sent, seconds: 3600 })
  if (over > 0) throw emailTooSoon(over)
}

export function publicAuthRoutes(app: Hono, ctx: AuthContext): void {
  ipLimits(app, ctx)

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
    const body = await authBody(c.req.raw)
    refusePkce(body)
    if (body.phone && !body.email)
      throw badRequest('phone_provider_disabled', 'Phone signups are disabled')
    const email = normalizeEmail(body.email)
    const password = checkPassword(body.password)
    const redirectTo = safeRedirect(c.req.query('redirect_to'), ctx.siteUrl(), ctx.hostUrl())
    const answer = await ctx.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email, true)
      if (existing?.email_confirmed_at) {
        // Confirmed already: answer like a new sign-up so the endpoint does not reveal
        // which addresses have accounts (Supabase does the same).
        return obfuscatedUser(email, metadataOf(body.data))
      }
      if (existing) {
        // Not confirmed yet: whoever signs up again cannot prove the address either, so the
        // account keeps its password and details, as Supabase Auth does ("we can't be sure of
        // their claimed identity"); only a new confirmation e-mail goes to the address. The
        // answer does not carry the account's id.
        checkEmailAllowance(ctx, email, existing.confirmation_sent_at)
        await sendConfirmation(ctx, tx, existing.id, email, redirectTo)
        return obfuscatedUser(email, metadataOf(body.data))
      }
      checkEmailAllowance(ctx, email, null)
      const user = await createUser(tx, {
        email,
        password,
        confirmed: false,
        userMetadata: metadataOf(body.data),
      })
      await sendConfirmation(ctx, tx, user.id, email, redirectTo)
      const fresh = await findUserByEmail(tx, email)
      return userJson(tx, fresh ?? user)
    })
    return c.json(answer)
  })

  app.post('/token', async (c) => {
    await ctx.deps.authenticate(c.req.raw)
    const grant = c.req.query('grant_type')
    const body = await authBody(c.req.raw)
    if (grant === 'password') return c.json(await passwordGrant(c, ctx, body))
    if (grant === 'refresh_token') {
      if (typeof body.refresh_token !== 'string' || body.refresh_token === '') {
        throw badRequest('validation_failed', 'refresh_token required')
      }
      if (body.refresh_token.length > 200) {
        throw badRequest(
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        )
      }
      return c.json(await refreshSession(ctx, body.refresh_token))
    }
    throw badRequest('validation_failed', `unsupported grant_type "${grant ?? ''}"`)
  })

  app.post('/verify', async (c) => {
    await ctx.deps.authenticate(c.req.raw)
    const body = await authBody(c.req.raw)
    const type = verifyType(body.type)
    const token: { hash: string } | { email: string; otp: string } | null =
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
    if ('email' in token) {
      const wait = ctx.deps.limits.hit('verify_account', token.email, {
        max: ctx.deps.limits.auth.token_verifications,
        seconds: 300,
      })
      if (wait > 0) throw tooManyRequests(wait)
    }
    const { user, type: kind } = await ctx.db
      .transaction((tx) => consumeLink(tx, type, token))
      .catch(async (error: unknown) => {
        // A wrong code typed for an address counts; enough of them and the code is gone.
        if ((error as { code?: string }).code === 'otp_expired' && 'email' in token) {
          await ctx.db.transaction((tx) =>
            countWrongCode(tx, token.email, type, WRONG_CODES_ALLOWED),
          )
        }
        throw error
      })
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
    const redirectTo = safeRedirect(
      noNul(c.req.query('redirect_to') ?? null),
      ctx.siteUrl(),
      ctx.hostUrl(),
    )
    const hash = c.req.query('token') ?? ''
    try {
      const type = verifyType(c.req.query('type'))
      if (!hash) throw badRequest('validation_failed', 'token is required')
      // Not a code this server could have made: the same answer as an expired one.
      if (!/^[0-9a-f]{56}$/.test(hash))
        throw forbidden('otp_expired', 'Token has expired or is invalid')
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
    const body = await authBody(c.req.raw)
    refusePkce(body)
    const email = normalizeEmail(body.email)
    const redirectTo = safeRedirect(c.req.query('redirect_to'), ctx.siteUrl(), ctx.hostUrl())
    await ctx.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email, true)
      // Unknown addresses get the same answer, so the form does not reveal who has an account;
      // they are counted all the same, so the answer's timing and limits do not tell either.
      checkEmailAllowance(ctx, email, user?.recovery_sent_at ?? null)
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
  // Guessing one account's password from many addresses is limited as well as from one.
  const wait = ctx.deps.limits.hit('sign_in_account', email, SIGN_IN_PER_ACCOUNT)
  if (wait > 0) throw tooManyRequests(wait)
  const found = email.length <= 320 ? await findUserByEmail(ctx.db, email) : null
  const user = found && !found.deleted_at ? found : null
  // The password is hashed whether or not the account exists, so the time the answer takes
  // does not tell who has an account.
  if (!(await verifyPassword(ctx.db, user, password)) || !user) throw invalid()
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned')
  if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed')
  return startSession(ctx, user, requestMeta(c, 'password'))
}

/** Queues the sign-up confirmation e-mail with a fresh code. */
async function sendConfirmation(
  ctx: AuthContext,
  tx: Parameters<typeof issueLink>[0],
  userId: string,
  email: string,
  redirectTo: string,
): Promise<void> {
  const link = await issueLink(tx, userId, 'signup', email)
  await queueAuthMail(tx, {
    to: email,
    type: 'signup',
    link: actionLink(ctx.hostUrl(), link.hashedToken, 'signup', redirectTo),
    otp: link.otp,
    userId,
    sender: ctx.mailFrom,
  })
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
