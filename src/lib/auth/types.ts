// Who is signed in, as the app's guards and layouts see it. Built from the access token's
// claims (written by the custom access token hook from the member record).

export const APP_ROLES = [
  'admin',
  'admission',
  'administration',
  'facilitator',
  'guardian',
  'student',
  'member',
] as const
export type AppRole = (typeof APP_ROLES)[number]

export interface SignedInMember {
  userId: string
  email: string
  name: string
  /** null when the account has no member record (not registered with the centre). */
  role: AppRole | null
  status: 'verified' | 'blocked'
  emailVerified: boolean
  isSystemAdmin: boolean
  isFacilitatorAdmin: boolean
  isProfileAdmin: boolean
  isParentFacilitator: boolean
  familyToken: string | null
  facilitatorId: string | null
}

export type AuthSnapshot =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; member: SignedInMember }

/** What the router context carries: the current state and a way to wait for the first one. */
export interface AuthSource {
  snapshot(): AuthSnapshot
  /** Resolves once the stored session has been read (never stays 'loading'). */
  ready(): Promise<Exclude<AuthSnapshot, { status: 'loading' }>>
  subscribe(listener: () => void): () => void
}

/** A fixed snapshot: used by tests and by the signed-out state before any session exists. */
export function staticAuthSource(
  snapshot: Exclude<AuthSnapshot, { status: 'loading' }>,
): AuthSource {
  return {
    snapshot: () => snapshot,
    ready: () => Promise.resolve(snapshot),
    subscribe: () => () => {},
  }
}

/** A member counts as logged in only when verified by e-mail and not blocked. */
export function isLoggedIn(member: SignedInMember): boolean {
  return member.emailVerified && member.status !== 'blocked' && member.role !== null
}
