// registerFacilitator (core.md §4, §7; D15-D19): a facilitator the centre added sets up their
// account. With a password, the account waits for its address to be confirmed by the link we
// e-mail (anyone can type a facilitator's address, only the facilitator reads their mail);
// with Google, the caller's Google account already proves the address.
import type { AccountsAnswer, AccountsPayload } from '../../../sync/commands/accounts/contract.ts'
import { MESSAGES } from '../../../sync/commands/accounts/messages.ts'
import { whatsappNumber } from '../../../sync/commands/accounts/phone.ts'
import { callerOwns, fail, rpc, type Ctx } from './context.ts'
import { queueConfirmation } from './mail.ts'
import { signinMode } from './signin.ts'
import { authUser, signupAccount } from './signup.ts'

const NOT_WAITING =
  'This e-mail has no facilitator account waiting to be set up. Please sign in, or ask the centre.'
const CHANGED = 'Your facilitator record changed in the meantime. Please start again.'

export async function registerFacilitator(
  ctx: Ctx,
  p: AccountsPayload<'registerFacilitator'>,
): Promise<AccountsAnswer<'registerFacilitator'>> {
  const mode = await signinMode(ctx, p.email)
  if (mode.mode !== 'facilitator_signup' || mode.facilitatorUUID !== p.facilitatorUUID) {
    return fail(NOT_WAITING)
  }
  if ((mode.facilitatorAuthOld ?? null) !== (p.facilitatorAuthOld || null)) {
    // A retry after the first registration went through (lost answer, lost e-mail): the record
    // now points at this address's own unconfirmed account, which registration reuses.
    const pending = await authUser(ctx, p.email)
    if (!pending || pending.confirmed || pending.id !== mode.facilitatorAuthOld)
      return fail(CHANGED)
  }

  let userId: string
  let hashedToken: string | null = null
  if (p.password === undefined) {
    const user = await callerOwns(ctx, p.email)
    if (!user) return fail(MESSAGES.signInWith(p.email))
    userId = user.id
  } else {
    const account = await signupAccount(ctx, { email: p.email, password: p.password, name: p.name })
    if (account.kind === 'refused') return fail(account.message)
    if (account.kind === 'confirmed') {
      return fail(`An account already exists for ${p.email}. Please sign in with it.`)
    }
    userId = account.id
    hashedToken = account.hashedToken
  }

  const linked = await rpc<string>(ctx, 'accounts_link_facilitator', {
    user_id: userId,
    facilitator_id: p.facilitatorUUID,
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
  )
  return {
    type: 'success',
    message: `We have sent a link to ${p.email}. Open it to confirm your e-mail address: it signs you in.`,
    confirmation: 'email',
  }
}
