// How often the account calls may be made (issue 10): per address (IP) and per account (the
// e-mail or WhatsApp number the call is about). Lookups are limited so numbers and addresses
// cannot be tried in bulk; calls that send an e-mail are limited harder so nobody's inbox can be
// flooded. A person who retries a few times never meets these limits.
import type { AccountsAction, AccountsPayload } from '@sync/contract/commands/accounts/contract.ts'
import { fullNumber } from '@sync/contract/commands/accounts/phone.ts'
import type { Limit } from '../_shared/throttle.ts'

const minutes = (max: number, n: number): Limit => ({ max, seconds: n * 60 })

export const ACCOUNTS_LIMITS: Record<AccountsAction, { ip: Limit; account?: Limit }> = {
  initSignin: { ip: minutes(30, 5), account: minutes(10, 5) },
  registerFacilitator: { ip: minutes(10, 60), account: minutes(5, 60) },
  initConnectAccount: { ip: minutes(10, 10), account: minutes(5, 10) },
  registerMember: { ip: minutes(10, 60), account: minutes(5, 60) },
  requestResetPassword: { ip: minutes(10, 60), account: minutes(3, 60) },
  resetPassword: { ip: minutes(10, 10) },
  logUnregisterdSignin: { ip: minutes(30, 5), account: minutes(10, 5) },
  resendConfirmation: { ip: minutes(10, 60), account: minutes(5, 60) },
}

/**
 * Every call from one address, whatever it asks and however it is written, before its body is
 * read: bad input costs the caller like any call. Far above what the app's screens send.
 */
export const ACCOUNTS_CALLS_PER_IP: Limit = minutes(60, 5)

/** The account a call is about, for its per-account limit. */
export function accountKey(action: AccountsAction, payload: AccountsPayload<AccountsAction>) {
  const p = payload as Partial<Record<string, string>>
  if (action === 'initConnectAccount' || action === 'registerMember')
    return `number:${fullNumber(p.prefix ?? '', p.whatsApp ?? '')}`
  return p.email ? `email:${p.email}` : null
}
