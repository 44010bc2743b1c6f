import { redirect } from '@tanstack/react-router'
import { homePathFor } from './auth/destinations'
import { isLoggedIn, type AuthSource, type SignedInMember } from './auth/types'

// The six guard names of core.md §6. A guard lets a signed-in member through when their role
// fits; a signed-out visitor goes to /signin (and comes back afterwards), a member of another
// role goes to their own dashboard (decision B04).
const rules = {
  auth: () => true,
  'auth-admin': (m) => m.role === 'admin',
  'auth-administration': (m) =>
    m.role === 'administration' || m.role === 'admission' || m.role === 'admin',
  'auth-facilitator': (m) => m.role === 'facilitator' || m.isParentFacilitator,
  'auth-parents': (m) => m.role === 'guardian',
  'auth-student': (m) => m.role === 'student',
} satisfies Record<string, (member: SignedInMember) => boolean>

export type GuardName = keyof typeof rules
export const GUARD_NAMES = Object.keys(rules) as GuardName[]

export type GuardDecision = { allow: true } | { allow: false; to: string }

export function decide(name: string, member: SignedInMember | null): GuardDecision {
  const rule = (rules as Record<string, (m: SignedInMember) => boolean>)[name]
  if (!rule) throw new Error(`Unknown guard: ${name}`)
  if (!member || !isLoggedIn(member)) return { allow: false, to: '/signin' }
  return rule(member) ? { allow: true } : { allow: false, to: homePathFor(member) }
}

interface GuardArgs {
  context: { auth: AuthSource }
  location: { href: string }
}

/** A route's `beforeLoad` for the named guard; throws for a name that is not a guard. */
export function guard(name: string) {
  // Validate the name when the route is defined, not on first navigation.
  decide(name, null)
  return async ({ context, location }: GuardArgs) => {
    const auth = await context.auth.ready()
    const decision = decide(name, auth.status === 'signedIn' ? auth.member : null)
    if (decision.allow) return
    if (decision.to === '/signin') {
      throw redirect({ to: '/signin', search: { redirect: location.href } })
    }
    throw redirect({ to: decision.to })
  }
}
