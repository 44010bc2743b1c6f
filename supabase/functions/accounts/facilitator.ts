// registerFacilitator (core.md §4, §7; D15-D19): a facilitator the centre added sets up their
// account. Anyone can type a facilitator's address, only the facilitator reads their mail: the
// account gets its password from whoever opens the e-mailed link; with Google, the caller's
// Google account already proves the address. The record is found by the address on the server,
// so the sign-in screen never learns its id.
import type { AccountsAnswer, AccountsPayload } from '@sync/contract/commands/accounts/contract.ts'
import { MESSAGES } from '@sync/contract/commands/accounts/messages.ts'
import { whatsappNumber } from '@sync/contract/commands/accounts/phone.ts'
import { callerOwns, fail, rpc, type Ctx } from './context.ts'
import { queueConfirmation } from './mail.ts'
import { signinMode } from './signin.ts'
import { setupAccount } from './signup.ts'

const NOT_WAITING =
  'This e-mail has no facilitator account waiting to be set up. Please sign in, or ask the centre.'
const CHANGED = 'Your facilitator record changed in the meantime. Please start again.'

export async function registerFacilitator(
  ctx: Ctx,
  p: AccountsPayload<'registerFacilitator'>,
): Promise<AccountsAnswer<'registerFacilitator'>> {
  const mode = await signinMode(ctx, p.email)
  if (mode.mode !== 'facilitator_signup' || !mode.facilitatorUUID) return fail(NOT_WAITING)

  let userId: string
  let hashedToken: string | null = null
  if (p.authType !== 'emailpw') {
    const user = callerOwns(ctx, p.email)
    if (!user) return fail(MESSAGES.signInWith(p.email))
    userId = user.id
  } else {
    const account = await setupAccount(ctx, { email: p.email, name: p.name })
    if (account.kind === 'confirmed') {
      return fail(`An account already exists for ${p.email}. Please sign in with it.`)
    }
    userId = account.id
    hashedToken = account.hashedToken
  }

  const linked = await rpc<string>(ctx, 'accounts_link_facilitator', {
    user_id: userId,
    facilitator_id: mode.facilitatorUUID,
    auth_old: mode.facilitatorAuthOld,
    email: p.email,
    name: p.name,
    whatsapp: whatsappNumber(p.whatsapp),
    app_version: p.appVersion,
  })
  if (linked === 'not_found') return fail(NOT_WAITING)
  if (linked === 'changed') return fail(CHANGED)

  if (hashedToken === null) {
    return { type: 'success', message: 'Your account is ready.', confirmation: 'none' }
  }
  await queueConfirmation(
    ctx,
    { email: p.email, name: p.name, userId },
    hashedToken,
    'accounts.registerFacilitator',
    { setup: true },
  )
  return { type: 'success', message: MESSAGES.linkSent(p.email), confirmation: 'email' }
}
