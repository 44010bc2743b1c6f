// The auth flow after any sign-in (core.md §4): claims from a forced refresh, then refuse
// (blocked, unverified, another Google account, not a member) or go to / and, about 500 ms
// later, to the dashboard or back where the guard stopped the person.
import { useCallback, useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import {
  recordSignIn,
  refreshedMember,
  sessionProfile,
  signInWithPassword,
} from '@/lib/auth/actions'
import { duringSignIn } from '@/lib/auth/flow-state'
import { signOut } from '@/lib/auth/sign-out'
import { accounts } from '../api'
import { MESSAGES, providerMessage } from '@sync/contract/commands/accounts/messages'
import { signInOutcome } from '../logic/sign-in-outcome'

export const DASHBOARD_DELAY_MS = 500

export interface FlowStatus {
  /** A progress message while something runs. */
  progress: string | null
  error: string | null
  info: string | null
  /** The address could sign in but has not been confirmed (C12). */
  unverified: boolean
}

const idle: FlowStatus = { progress: null, error: null, info: null, unverified: false }

/** The unregistered sign-in log call: its answer is not used, but it must leave before sign-out. */
async function logUnregistered(): Promise<void> {
  const profile = await sessionProfile()
  if (!profile) return
  const logged = accounts('logUnregisterdSignin', profile)
  await Promise.race([logged, new Promise((resolve) => setTimeout(resolve, 5000))])
}

export function useAuthFlow(redirect?: string | null) {
  const router = useRouter()
  const [status, setStatus] = useState<FlowStatus>(idle)
  const update = useCallback(
    (next: Partial<FlowStatus>) => setStatus((s) => ({ ...s, ...next })),
    [],
  )

  /** Finishes a sign-in whose session exists now. Resolves true when the person is let in. */
  const complete = useCallback(
    (options: { expectedEmail?: string | null } = {}) =>
      duringSignIn(async () => {
        update({ progress: MESSAGES.connecting, error: null, info: null, unverified: false })
        const member = await refreshedMember()
        const refuse = async (error: string, more: Partial<FlowStatus> = {}) => {
          await signOut()
          update({ progress: null, error, ...more })
          return false
        }
        if (!member) return refuse(navigator.onLine ? MESSAGES.signInFailed : MESSAGES.offline)
        const outcome = signInOutcome(member, { expectedEmail: options.expectedEmail, redirect })
        switch (outcome.kind) {
          case 'mismatch':
            return refuse(MESSAGES.signInWith(outcome.expected))
          case 'blocked':
            return refuse(MESSAGES.blocked)
          case 'unverified':
            return refuse(MESSAGES.unverified(member.email), { unverified: true })
          case 'not_registered':
            await logUnregistered()
            await refuse(MESSAGES.notRegistered)
            if (router.state.location.pathname !== '/signin')
              await router.navigate({ to: '/signin' })
            return false
          case 'ok':
            await router.navigate({ to: '/' })
            setTimeout(() => {
              void recordSignIn().catch(() => undefined)
              void router.navigate({ href: outcome.to, replace: true })
            }, DASHBOARD_DELAY_MS)
            return true
        }
      }),
    [redirect, router, update],
  )

  /** E-mail and password sign-in, then the flow. */
  const signIn = useCallback(
    (email: string, password: string) =>
      duringSignIn(async () => {
        update({ progress: MESSAGES.connecting, error: null, info: null, unverified: false })
        const result = await signInWithPassword(email, password)
        if (result.ok) return complete()
        const unverified = result.code === 'email_not_confirmed'
        update({
          progress: null,
          unverified,
          error: unverified
            ? MESSAGES.unverified(email)
            : providerMessage(
                result.code,
                result.code === 'unknown' ? MESSAGES.signInFailed : result.message,
              ),
        })
        return false
      }),
    [complete, update],
  )

  return { status, update, complete, signIn, reset: () => update(idle) }
}
