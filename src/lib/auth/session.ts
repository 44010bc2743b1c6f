import { getSupabase } from '../supabase-lazy'
import { decodeJwtPayload, memberFromClaims, readStoredSession } from './claims'
import type { AuthSnapshot, AuthSource } from './types'

type Settled = Exclude<AuthSnapshot, { status: 'loading' }>

function snapshotFromToken(accessToken: string | undefined | null): Settled {
  const claims = accessToken ? decodeJwtPayload(accessToken) : null
  const member = claims ? memberFromClaims(claims) : null
  return member ? { status: 'signedIn', member } : { status: 'signedOut' }
}

/**
 * The signed-in state from supabase-js. With no stored session the answer is immediate and
 * supabase-js is not even loaded. With one, the stored token is trusted for routing at once
 * (so the app opens offline, even with an expired token), and supabase-js then refreshes it
 * and reports changes.
 */
export function createSessionAuthSource(
  storage: Pick<Storage, 'getItem'> = localStorage,
): AuthSource {
  const listeners = new Set<() => void>()
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
        set(snapshotFromToken(session?.access_token))
      })
    })
  }
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
