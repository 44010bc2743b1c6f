// initSignin, logUnregisterdSignin and resendConfirmation (core.md §4, §7; C05, C12, C20).
import type { AccountsAnswer, AccountsPayload } from '@sync/contract/commands/accounts/contract.ts'
import { MESSAGES } from '@sync/contract/commands/accounts/messages.ts'
import { fail, googleAvailable, rpc, visitorClient, type Ctx } from './context.ts'
import { queueConfirmation } from './mail.ts'

interface ModeRow {
  mode: 'signin' | 'facilitator_signup'
  facilitatorUUID: string | null
  facilitatorAuthOld: string | null
  facilitatorName: string | null
  ambiguous: boolean
}

export function signinMode(ctx: Ctx, email: string): Promise<ModeRow> {
  return rpc<ModeRow>(ctx, 'accounts_signin_mode', { email })
}

/**
 * Facilitators the centre added sign up; everyone else signs in (decision D19: the password
 * form when the server has no Google sign-in). The answer is the mode alone: no record id, no
 * name, so typing someone's address tells nothing about them beyond "set up your account".
 */
export async function initSignin(
  ctx: Ctx,
  { email }: AccountsPayload<'initSignin'>,
): Promise<AccountsAnswer<'initSignin'>> {
  const row = await signinMode(ctx, email)
  if (row.ambiguous) {
    return fail(
      'Your e-mail is listed more than once among the facilitators. Please ask the centre to correct it.',
    )
  }
  if (row.mode === 'signin') return { type: 'success', message: '', mode: 'signin' }
  const google = await googleAvailable(ctx.env)
  return {
    type: 'success',
    message: 'Welcome. The centre has added you as a facilitator: please set up your account.',
    mode: google ? 'facilitator_signup' : 'facilitator_signup_password',
  }
}

/** Only the signed-in person reports their own address, so the log cannot be filled by others. */
export async function logUnregisterdSignin(
  ctx: Ctx,
  p: AccountsPayload<'logUnregisterdSignin'>,
): Promise<AccountsAnswer<'logUnregisterdSignin'>> {
  const user = ctx.user
  if (!user || user.email?.toLowerCase() !== p.email) {
    return fail('Only the person signing in can report their sign-in.')
  }
  await rpc(ctx, 'accounts_log_unregistered_signin', {
    email: p.email,
    name: p.name || null,
    photo_url: p.photoURL || null,
    user_id: user.id,
  })
  return { type: 'success', message: '' }
}

/**
 * C12: a new confirmation link for an account that cannot sign in yet because its address is
 * not confirmed. The password must be right, so nobody can send e-mails to others' addresses.
 */
export async function resendConfirmation(
  ctx: Ctx,
  { email, password }: AccountsPayload<'resendConfirmation'>,
): Promise<AccountsAnswer<'resendConfirmation'>> {
  const visitor = visitorClient(ctx.env)
  const { data, error } = await visitor.auth.signInWithPassword({ email, password })
  if (!error) {
    await ctx.admin.auth.admin.signOut(data.session.access_token, 'local').catch(() => undefined)
    return { type: 'success', message: 'Your e-mail address is already confirmed. Please sign in.' }
  }
  if (error.code !== 'email_not_confirmed') return fail(MESSAGES.signInFailed)
  const link = await ctx.admin.auth.admin.generateLink({ type: 'signup', email, password })
  if (link.error) throw link.error
  const user = link.data.user
  const name = typeof user.user_metadata?.name === 'string' ? user.user_metadata.name : ''
  await queueConfirmation(
    ctx,
    { email, name, userId: user.id },
    link.data.properties.hashed_token,
    'accounts.resendConfirmation',
    { setup: false },
  )
  return { type: 'success', message: `We have sent a new link to ${email}. It works for an hour.` }
}
