// The people the RLS matrix acts as: a visitor (anon) and one seeded account per role, with the
// claims their access token carries.
import { demoAccounts, type DemoAccount } from '../../supabase/local/demo-accounts.ts'
import { claimsOf, type TestClaims } from '../helpers/test-db.ts'

export const ROLES = [
  'anon',
  'member',
  'blocked',
  'guardian',
  'student',
  'facilitator',
  'facilitatorAdmin',
  'parentFacilitator',
  'admission',
  'administration',
  'admin',
] as const
export type Role = (typeof ROLES)[number]

const LABELS: Record<Exclude<Role, 'anon'>, string> = {
  member: 'member (no role yet)',
  blocked: 'blocked',
  guardian: 'guardian',
  student: 'student',
  facilitator: 'facilitator',
  facilitatorAdmin: 'facilitator admin',
  parentFacilitator: 'parent facilitator',
  admission: 'admission',
  administration: 'administration',
  admin: 'admin',
}

export function accountOf(role: Exclude<Role, 'anon'>): DemoAccount {
  const account = demoAccounts.find((a) => a.label === LABELS[role])
  if (!account) throw new Error(`no demo account for ${role}`)
  return account
}

/** The claims a role's requests carry; null for a visitor. */
export function claimsFor(role: Role): TestClaims | null {
  return role === 'anon' ? null : claimsOf(accountOf(role))
}

/** Ids used in sample calls and rows. */
export const IDS = {
  student: accountOf('student').id,
  member: accountOf('member').id,
  guardian: accountOf('guardian').id,
  admission: accountOf('admission').id,
  facilitator: accountOf('facilitator').facilitatorId!,
}

/** The same answer for every role, except those named. */
export function roles<T>(others: T, named: Partial<Record<Role, T>> = {}): Record<Role, T> {
  return Object.fromEntries(ROLES.map((r) => [r, r in named ? named[r]! : others])) as Record<
    Role,
    T
  >
}

export const STAFF = ['admission', 'administration', 'admin'] as const
export const FACILITATORS = ['facilitator', 'facilitatorAdmin', 'parentFacilitator'] as const

/** `answer` for each of `who`. */
export function each<T>(who: readonly Role[], answer: T): Partial<Record<Role, T>> {
  return Object.fromEntries(who.map((r) => [r, answer])) as Partial<Record<Role, T>>
}
