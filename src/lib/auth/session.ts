import type { AuthChangeEvent } from '@supabase/auth-js'
import { getSupabase } from '../supabase-lazy'
import type { Supabase } from '../supabase'
import { decodeJwtPayload, memberFromClaims, readStoredSession } from './claims'
import { inSignInFlow, signingOutHere } from './flow-state'
import { finishSignOut, signOutTo } from './sign-out'
import { startStandingChecks } from './standing'
import type { AuthSnapshot, AuthSource } from './types'

type Settled = Exclude<AuthSnapshot, { status: 'loading' }>

function snapshotFromToken(accessToken: string | undefined | null): Settled {
  const claims = accessToken ? decodeJwtPayload(accessToken) : null
  const member = claims ? memberFromClaims(claims) : null
  return member ? { status: 'signedIn', member } : { status: 'signedOut' }
}

// Pages anyone may open: a sign-out elsewhere does not take the visitor away from them.
const PUBLIC_PATH = /^\/(?:$|signin|connect-account|reset-password|apply-|legal\/)/

const starters = new Set<() => void>()

/** supabase-js for the auth screens, with every auth source listening to its changes. */
export async function authClient(): Promise<Supabase> {
  starters.forEach((start) => start())
  return getSupabase()
}

/**
 * What a change seen outside a sign-in means for this tab. A refresh that shows the member
 * blocked, or no longer a member, signs them out (core.md §4, issue 5: blocking takes effect on
 * every device). A sign-out in another tab, or a session the server ended, leaves the
 * signed-in pages too, deleting this device's data on the way.
 */
function react(event: AuthChangeEvent, previous: Settled, next: Settled): void {
  if (next.status === 'signedIn') {
    const { member } = next
    if (member.status === 'blocked') void signOutTo('/signin', 'blocked')
    else if (member.role === null) void signOutTo('/signin', 'notRegistered')
    return
  }
  if (
    event === 'SIGNED_OUT' &&
    previous.status === 'signedIn' &&
    !PUBLIC_PATH.test(location.pathname)
  ) {
    void signOutTo('/signin', 'signedOutElsewhere')
  }
}

/**
 * The signed-in state from supabase-js. With no stored session the answer is immediate and
 * supabase-js is not even loaded until an auth screen asks for it. With one, the stored token is
 * trusted for routing at once (so the app opens offline, even with an expired token), and
 * supabase-js then refreshes it and reports changes.
 */
export function createSessionAuthSource(
  storage: Pick<Storage, 'getItem'> = localStorage,
): AuthSource {
  const listeners = new Set<() => void>()
  void finishSignOut().catch((error: unknown) => console.error('Deleting local data failed', error))
  const stored = readStoredSession(storage)
  let current: Settled = snapshotFromToken(stored?.access_token)
  const set = (next: Settled) => {
    current = next
    listeners.forEach((l) => l())
  }
  let started = false
  const start = () => {
    if (started) return
    started = true
    void getSupabase().then((supabase) => {
      supabase.auth.onAuthStateChange((event, session) => {
        if (event === 'INITIAL_SESSION' && !session && stored && !navigator.onLine) return
        const previous = current
        const next = snapshotFromToken(session?.access_token)
        set(next)
        // Decided now, acted on after the callback: supabase-js must not be awaited inside it.
        if (inSignInFlow() || signingOutHere()) return
        setTimeout(() => react(event, previous, next), 0)
      })
      startStandingChecks()
    })
  }
  starters.add(start)
  if (stored) start()
  return {
    snapshot: () => current,
    ready: () => Promise.resolve(current),
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
