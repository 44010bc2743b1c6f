// Back from Google (core.md §4): the Google account must be the one the person started with
// (C22, D10); a facilitator or family member who chose Google is then registered (D15, D09) with
// the info alert of D17, and the auth flow runs again.
import { hasSession, sessionProfile } from '@/lib/auth/actions'
import { APP_VERSION } from '@/lib/centre'
import { duringSignIn } from '@/lib/auth/flow-state'
import { signOut } from '@/lib/auth/sign-out'
import { accounts } from '../api'
import { MESSAGES } from '@sync/contract/commands/accounts/messages'
import type { PendingGoogle } from '../pending-google'
import type { useAuthFlow } from './use-auth-flow'

type Flow = ReturnType<typeof useAuthFlow>

function register(pending: Exclude<PendingGoogle, { kind: 'signin' }>) {
  if (pending.kind === 'facilitator') {
    const { expectedEmail, name, whatsapp } = pending
    return accounts('registerFacilitator', {
      appVersion: APP_VERSION,
      email: expectedEmail,
      name,
      whatsapp,
      authType: 'google',
    })
  }
  const { whatsApp, prefix } = pending
  return accounts('registerMember', { whatsApp, prefix, authType: 'google' })
}

export function finishGoogle(pending: PendingGoogle, flow: Flow): Promise<boolean> {
  return duringSignIn(async () => {
    if (!(await hasSession())) return false
    const profile = await sessionProfile()
    const expected = pending.expectedEmail
    if (expected && profile?.email.toLowerCase() !== expected) {
      await signOut()
      flow.update({ error: MESSAGES.signInWith(expected) })
      return false
    }
    if (pending.kind === 'signin') return flow.complete({ expectedEmail: expected })
    flow.update({ info: MESSAGES.accountGettingReady, error: null })
    const answer = await register(pending)
    flow.update({ info: null })
    if (answer.type !== 'success') {
      await signOut()
      flow.update({ error: answer.message })
      return false
    }
    return flow.complete({ expectedEmail: expected })
  })
}
