import { useSyncExternalStore } from 'react'
import { useRouter } from '@tanstack/react-router'
import { isLoggedIn, type AuthSnapshot, type SignedInMember } from './types'
import { homePathFor } from './destinations'

/** The current auth snapshot from the router context, re-rendering on change. */
export function useAuthSnapshot(): AuthSnapshot {
  const auth = useRouter().options.context.auth
  return useSyncExternalStore(auth.subscribe, auth.snapshot, auth.snapshot)
}

export function useAuthMember(): SignedInMember | null {
  const snapshot = useAuthSnapshot()
  return snapshot.status === 'signedIn' ? snapshot.member : null
}

/** Where "home" is for whoever is looking: their dashboard when signed in, else the public page. */
export function useHomePath(): string {
  const member = useAuthMember()
  return member && isLoggedIn(member) ? homePathFor(member) : '/'
}
