// What happens after a sign-in (core.md §4): the decision only, so it is tested without a
// browser. The screens carry it out (alerts, sign-out, navigation).
import { homePathFor } from '@/lib/auth/destinations'
import type { SignedInMember } from '@/lib/auth/types'

export type SignInOutcome =
  | { kind: 'mismatch'; expected: string }
  | { kind: 'blocked' }
  | { kind: 'unverified' }
  | { kind: 'not_registered' }
  | { kind: 'ok'; to: string }

/**
 * A `redirect` search value is followed only when it is a path of this app: an absolute URL or
 * a protocol-relative one ('//evil.example') would send a person elsewhere after signing in.
 */
export function safeRedirect(redirect: string | undefined | null): string | null {
  if (
    !redirect ||
    !redirect.startsWith('/') ||
    redirect.startsWith('//') ||
    redirect.startsWith('/\\')
  )
    return null
  if (redirect.startsWith('/signin') || redirect.startsWith('/connect-account')) return null
  return redirect
}

export function signInOutcome(
  member: SignedInMember,
  options: { expectedEmail?: string | null; redirect?: string | null } = {},
): SignInOutcome {
  const expected = options.expectedEmail?.trim().toLowerCase()
  // C22: Google returned another account than the one the person started with.
  if (expected && member.email.toLowerCase() !== expected) return { kind: 'mismatch', expected }
  // Step 2: blocked members are refused before anything else.
  if (member.status === 'blocked') return { kind: 'blocked' }
  // Step 3 (C11): only e-mail-verified accounts count as logged in.
  if (!member.emailVerified) return { kind: 'unverified' }
  // Step 5: an account without a member record is not registered with the centre.
  if (member.role === null) return { kind: 'not_registered' }
  // Step 4: back where the guard stopped the person, or the role's dashboard.
  return { kind: 'ok', to: safeRedirect(options.redirect) ?? homePathFor(member) }
}
