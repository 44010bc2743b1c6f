// requestResetPassword and resetPassword (core.md §4, §7; D20-D22). The request answers the
// same way for every address, so the form does not reveal who has an account; the link carries
// the recovery token (oobCode), which only resetPassword uses, once, with the new password.
import type { AccountsAnswer, AccountsPayload } from '@sync/contract/commands/accounts/contract.ts'
import { MESSAGES } from '@sync/contract/commands/accounts/messages.ts'
import { afterAnswer } from '../_shared/background.ts'
import { logSystemEvent } from '../_shared/log.ts'
import { fail, visitorClient, type Ctx } from './context.ts'
import { queueReset } from './mail.ts'
import { authUser } from './signup.ts'

export async function requestResetPassword(
  ctx: Ctx,
  { email }: AccountsPayload<'requestResetPassword'>,
): Promise<AccountsAnswer<'requestResetPassword'>> {
  const user = await authUser(ctx, email)
  // The link is made and queued after the answer: a known address answers as fast as an unknown
  // one, so the time taken tells nobody who has an account.
  if (user) afterAnswer(sendResetLink(ctx, email, user.id))
  return {
    type: 'success',
    message: `If an account exists for ${email}, we have sent it a link to choose a new password. The link works for an hour.`,
  }
}

/** Makes the recovery link and queues its e-mail; a failure is logged for the admin. */
async function sendResetLink(ctx: Ctx, email: string, userId: string): Promise<void> {
  try {
    const { data, error } = await ctx.admin.auth.admin.generateLink({ type: 'recovery', email })
    if (error) throw error
    await queueReset(ctx, { email, userId }, data.properties.hashed_token)
  } catch (error) {
    await logSystemEvent(
      ctx.admin,
      'error',
      'accounts',
      `requestResetPassword could not send the link to ${email}: ${(error as Error)?.message ?? String(error)}`,
      { action: 'requestResetPassword' },
    ).catch(() => {})
  }
}

export async function resetPassword(
  ctx: Ctx,
  { password, oobCode }: AccountsPayload<'resetPassword'>,
): Promise<AccountsAnswer<'resetPassword'>> {
  const visitor = visitorClient(ctx.env)
  const { data, error } = await visitor.auth.verifyOtp({ token_hash: oobCode, type: 'recovery' })
  if (error || !data.user || !data.session) return fail(MESSAGES.linkExpired)
  const { error: refused } = await ctx.admin.auth.admin.updateUserById(data.user.id, { password })
  if (refused) {
    if (refused.code === 'weak_password' || refused.code === 'validation_failed')
      return fail(refused.message)
    throw refused
  }
  // Every session of the account ends: whoever knew the old password is out, and the person
  // signs in with the new one. When that fails the admin is told (System Errors) and so is the
  // person, since a device someone else holds may still be signed in.
  const ended = await ctx.admin.auth.admin
    .signOut(data.session.access_token, 'global')
    .then(({ error: failed }) => failed?.message ?? null)
    .catch((failed: unknown) => (failed as Error)?.message ?? String(failed))
  if (ended !== null) {
    await logSystemEvent(
      ctx.admin,
      'error',
      'accounts',
      `resetPassword changed the password of ${data.user.email ?? data.user.id} but could not sign out its other sessions: ${ended}`,
      { action: 'resetPassword', user: data.user.id },
    )
    return {
      type: 'success',
      message:
        'Your password has been changed, but we could not sign you out on your other devices. ' +
        'The centre has been told; please ask them to check your account.',
      email: data.user.email ?? '',
    }
  }
  return {
    type: 'success',
    message: 'Your password has been changed.',
    email: data.user.email ?? '',
  }
}
