// initConnectAccount and registerMember (core.md §4, §7; D02-D10): a guardian or student finds
// the contact the centre holds for their WhatsApp number and gets an account for its e-mail,
// family and member type. A password account waits for its address to be confirmed by the
// e-mailed link (knowing a number is not proof of who someone is); Google proves it at once.
import type {
  AccountsAnswer,
  AccountsPayload,
  MemberType,
} from '../../../sync/commands/accounts/contract.ts'
import { MESSAGES } from '../../../sync/commands/accounts/messages.ts'
import { fullNumber } from '../../../sync/commands/accounts/phone.ts'
import { callerOwns, fail, rpc, type Ctx } from './context.ts'
import { queueConfirmation } from './mail.ts'
import { signupAccount } from './signup.ts'

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

const MISMATCH = "These details do not match the centre's records. Please start again."

export async function initConnectAccount(
  ctx: Ctx,
  p: AccountsPayload<'initConnectAccount'>,
): Promise<AccountsAnswer<'initConnectAccount'>> {
  const number = fullNumber(p.prefix, p.whatsApp)
  const rows = await rpc<Contact[]>(ctx, 'accounts_contacts_by_whatsapp', { whatsapp: number })
  const open = rows.filter((c) => c.member_id === null)
  if (rows.length === 0) {
    return fail(
      'We could not find this WhatsApp number. Please check the number and the country code, or contact the centre.',
    )
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
  return {
    type: 'success',
    message: '',
    data: {
      email: contact.email,
      familyToken: contact.family_token,
      whatsApp: contact.whatsapp,
      prefix: contact.prefix,
      memberType: contact.member_type,
      docRef: contact.id,
      name: contact.name,
    },
  }
}

export async function registerMember(
  ctx: Ctx,
  p: AccountsPayload<'registerMember'>,
): Promise<AccountsAnswer<'registerMember'>> {
  const [contact] = await rpc<Contact[]>(ctx, 'accounts_contact', {
    doc_ref: p.docRef,
    family_token: p.familyToken,
    email: p.email,
    member_type: p.memberType,
    whatsapp: fullNumber(p.prefix, p.whatsApp),
  })
  if (!contact) return fail(MISMATCH)

  let userId: string
  let hashedToken: string | null = null
  if (p.authType !== 'emailpw') {
    const user = await callerOwns(ctx, p.email)
    if (!user) return fail(MESSAGES.signInWith(p.email))
    userId = user.id
  } else {
    if (p.password === undefined) return fail('Please choose a password.')
    const account = await signupAccount(ctx, {
      email: p.email,
      password: p.password,
      name: contact.name,
    })
    if (account.kind === 'refused') return fail(account.message)
    if (account.kind === 'confirmed' && contact.member_id === account.id) {
      return fail(`Your account is already connected. Please sign in with ${p.email}.`)
    }
    // An address that already has a confirmed account keeps its password: the account is only
    // linked to the family, and its owner signs in as before.
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
  if (result !== 'connected') return fail(MISMATCH)

  if (hashedToken === null) {
    return {
      type: 'success',
      message:
        p.authType === 'emailpw'
          ? `Your family is now connected to your account. Please sign in with ${p.email}.`
          : 'Your account is ready.',
      confirmation: 'none',
    }
  }
  await queueConfirmation(
    ctx,
    { email: p.email, name: contact.name, userId },
    hashedToken,
    'accounts.registerMember',
  )
  return {
    type: 'success',
    message: `We have sent a link to ${p.email}. Open it to confirm your e-mail address: it signs you in.`,
    confirmation: 'email',
  }
}
