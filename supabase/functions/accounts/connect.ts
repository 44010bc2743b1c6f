// initConnectAccount and registerMember (core.md §4, §7; D02-D10): a guardian or student finds
// the contact the centre holds for their WhatsApp number and gets an account for its e-mail,
// family and member type. Knowing a number is not proof of who someone is, so the lookup shows
// only the masked address the link will go to, and the account's password is chosen by whoever
// opens that link (or the caller proves the address with Google).
import type {
  AccountsAnswer,
  AccountsPayload,
  MemberType,
} from '@sync/contract/commands/accounts/contract.ts'
import { maskEmail } from '@sync/contract/commands/accounts/email.ts'
import { MESSAGES } from '@sync/contract/commands/accounts/messages.ts'
import { fullNumber } from '@sync/contract/commands/accounts/phone.ts'
import type { ErrorAnswer } from '@sync/contract/commands/accounts/contract.ts'
import { callerOwns, fail, rpc, type Ctx } from './context.ts'
import { queueConfirmation } from './mail.ts'
import { authUser, setupAccount } from './signup.ts'

interface Contact {
  id: string
  family_token: string
  member_type: MemberType
  name: string
  email: string | null
  prefix: string
  whatsapp: string
  member_id: string | null
}

/**
 * The one contact of this number that may still connect: no account yet, or an account whose
 * address was never confirmed (a link that was not opened can be sent again).
 */
async function contactFor(
  ctx: Ctx,
  p: { prefix: string; whatsApp: string },
): Promise<(Contact & { email: string }) | ErrorAnswer> {
  const rows = await rpc<Contact[]>(ctx, 'accounts_contacts_by_whatsapp', {
    whatsapp: fullNumber(p.prefix, p.whatsApp),
  })
  if (rows.length === 0) {
    return fail(
      'We could not find this WhatsApp number. Please check the number and the country code, or contact the centre.',
    )
  }
  const open: Contact[] = []
  for (const c of rows) {
    if (c.member_id === null) open.push(c)
    else if (c.email) {
      const account = await authUser(ctx, c.email)
      if (account && !account.confirmed && account.id === c.member_id) open.push(c)
    }
  }
  if (open.length === 0) {
    return fail('This WhatsApp number is already connected to an account. Please sign in.')
  }
  if (open.length > 1) {
    return fail(
      'This WhatsApp number belongs to more than one person in our records. Please contact the centre.',
    )
  }
  const contact = open[0]!
  if (!contact.email) {
    return fail('The centre has no e-mail address for you yet. Please contact the centre.')
  }
  return { ...contact, email: contact.email }
}

export async function initConnectAccount(
  ctx: Ctx,
  p: AccountsPayload<'initConnectAccount'>,
): Promise<AccountsAnswer<'initConnectAccount'>> {
  const contact = await contactFor(ctx, p)
  if ('type' in contact) return contact
  return { type: 'success', message: '', data: { maskedEmail: maskEmail(contact.email) } }
}

export async function registerMember(
  ctx: Ctx,
  p: AccountsPayload<'registerMember'>,
): Promise<AccountsAnswer<'registerMember'>> {
  const contact = await contactFor(ctx, p)
  if ('type' in contact) return contact
  const masked = maskEmail(contact.email)

  let userId: string
  let hashedToken: string | null = null
  if (p.authType !== 'emailpw') {
    const user = callerOwns(ctx, contact.email)
    if (!user) return fail(MESSAGES.signInWith(masked))
    userId = user.id
  } else {
    // An address that already has a confirmed account keeps its password: the account is only
    // linked to the family, and its owner signs in as before.
    const account = await setupAccount(ctx, { email: contact.email, name: contact.name })
    userId = account.id
    hashedToken = account.kind === 'ready' ? account.hashedToken : null
  }

  const result = await rpc<string>(ctx, 'accounts_connect_member', {
    user_id: userId,
    contact_id: contact.id,
    app_version: '',
  })
  if (result === 'taken') {
    return fail('This person is already connected to another account. Please contact the centre.')
  }
  if (result !== 'connected') {
    return fail("These details do not match the centre's records. Please start again.")
  }

  if (hashedToken === null) {
    return {
      type: 'success',
      message:
        p.authType === 'emailpw'
          ? `Your family is now connected to your account. Please sign in with ${masked}.`
          : 'Your account is ready.',
      confirmation: 'none',
    }
  }
  await queueConfirmation(
    ctx,
    { email: contact.email, name: contact.name, userId },
    hashedToken,
    'accounts.registerMember',
    { setup: true },
  )
  return { type: 'success', message: MESSAGES.linkSent(masked), confirmation: 'email' }
}
