import { useSyncExternalStore } from 'react'
import { useRouter } from '@tanstack/react-router'
import type { AuthSnapshot, SignedInMember } from './types'

/** The current auth snapshot from the router context, re-rendering on change. */
export function useAuthSnapshot(): AuthSnapshot {
  const auth = useRouter().options.context.auth
  return useSyncExternalStore(auth.subscribe, auth.snapshot, auth.snapshot)
}

export function useAuthMember(): SignedInMember | null {
  const snapshot = useAuthSnapshot()
  return snapshot.status === 'signedIn' ? snapshot.member : null
}
