import { describe, expect, it } from 'vitest'
import type { SignedInMember } from '@/lib/auth/types'
import { DEFAULT_SIGNED_IN_PATH } from '@/lib/auth/destinations'
import { safeRedirect, signInOutcome } from './sign-in-outcome'

const member = (over: Partial<SignedInMember> = {}): SignedInMember => ({
  userId: 'u1',
  email: 'maria@demo.school',
  name: 'Maria',
  role: 'guardian',
  status: 'verified',
  emailVerified: true,
  isSystemAdmin: false,
  isFacilitatorAdmin: false,
  isProfileAdmin: false,
  isParentFacilitator: false,
  familyToken: 'f1',
  facilitatorId: null,
  ...over,
})

describe('the auth flow after a sign-in (core.md §4)', () => {
  it.each([
    ['admin', '/admin/dash/members'],
    ['admission', '/administration/dash'],
    ['administration', '/administration/dash'],
    ['facilitator', '/facilitators/dash'],
    ['guardian', '/parents/dash'],
    ['student', '/students/dash'],
    ['member', DEFAULT_SIGNED_IN_PATH],
  ] as const)('C13-C18: %s goes to %s', (role, to) => {
    expect(signInOutcome(member({ role }))).toEqual({ kind: 'ok', to })
  })

  it('C10: a blocked member is refused, whatever the role', () => {
    expect(signInOutcome(member({ status: 'blocked', role: 'admin' }))).toEqual({ kind: 'blocked' })
  })

  it('C11: an unverified account does not count as logged in', () => {
    expect(signInOutcome(member({ emailVerified: false }))).toEqual({ kind: 'unverified' })
  })

  it('C20/C21: an account without a member record is not registered', () => {
    expect(signInOutcome(member({ role: null }))).toEqual({ kind: 'not_registered' })
  })

  it('C22: another account than the expected one is refused first', () => {
    expect(
      signInOutcome(member({ status: 'blocked' }), { expectedEmail: 'Other@Demo.School' }),
    ).toEqual({
      kind: 'mismatch',
      expected: 'other@demo.school',
    })
    expect(signInOutcome(member(), { expectedEmail: 'MARIA@demo.school' }).kind).toBe('ok')
  })

  it('goes back to where the guard stopped the person', () => {
    expect(signInOutcome(member(), { redirect: '/parents/dash?pane=payments' })).toEqual({
      kind: 'ok',
      to: '/parents/dash?pane=payments',
    })
  })

  it.each([
    ['/parents/dash', '/parents/dash'],
    ['https://evil.example/', null],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['/signin?redirect=/x', null],
    ['', null],
    [undefined, null],
  ])('follows redirect %s as %s', (redirect, to) => {
    expect(safeRedirect(redirect)).toBe(to)
  })
})
