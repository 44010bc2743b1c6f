import { describe, expect, it } from 'vitest'
import { decide, guard, GUARD_NAMES } from './guards'
import type { SignedInMember } from './auth/types'

const member = (over: Partial<SignedInMember>): SignedInMember => ({
  userId: 'u1',
  email: 'a@b.co',
  name: 'A',
  role: 'member',
  status: 'verified',
  emailVerified: true,
  isSystemAdmin: false,
  isFacilitatorAdmin: false,
  isProfileAdmin: false,
  isParentFacilitator: false,
  familyToken: null,
  facilitatorId: null,
  ...over,
})

describe('guards', () => {
  it('knows exactly the six guard names of the spec', () => {
    expect(GUARD_NAMES.sort()).toEqual(
      [
        'auth',
        'auth-admin',
        'auth-administration',
        'auth-facilitator',
        'auth-parents',
        'auth-student',
      ].sort(),
    )
  })

  it('throws for an unknown guard name, at definition and at decision time', () => {
    expect(() => guard('auth-teacher')).toThrow('Unknown guard: auth-teacher')
    expect(() => decide('none', member({}))).toThrow('Unknown guard: none')
  })

  it.each(GUARD_NAMES)('%s sends a signed-out visitor to /signin', (name) => {
    expect(decide(name, null)).toEqual({ allow: false, to: '/signin' })
  })

  it.each(GUARD_NAMES)('%s refuses blocked and unverified members', (name) => {
    expect(decide(name, member({ role: 'admin', status: 'blocked' }))).toEqual({
      allow: false,
      to: '/signin',
    })
    expect(decide(name, member({ role: 'admin', emailVerified: false }))).toEqual({
      allow: false,
      to: '/signin',
    })
  })

  it.each([
    ['auth', { role: 'member' }, true],
    ['auth', { role: 'guardian' }, true],
    ['auth-admin', { role: 'admin' }, true],
    ['auth-admin', { role: 'administration' }, false],
    ['auth-administration', { role: 'administration' }, true],
    ['auth-administration', { role: 'admission' }, true],
    ['auth-administration', { role: 'facilitator' }, false],
    ['auth-facilitator', { role: 'facilitator' }, true],
    ['auth-facilitator', { role: 'guardian', isParentFacilitator: true }, true],
    ['auth-facilitator', { role: 'guardian' }, false],
    ['auth-parents', { role: 'guardian' }, true],
    ['auth-parents', { role: 'student' }, false],
    ['auth-student', { role: 'student' }, true],
    ['auth-student', { role: 'guardian' }, false],
  ] as const)('%s with %o allows: %s', (name, over, allowed) => {
    expect(decide(name, member(over)).allow).toBe(allowed)
  })

  it('sends a member of another role to their own dashboard', () => {
    expect(decide('auth-admin', member({ role: 'guardian' }))).toEqual({
      allow: false,
      to: '/parents/dash',
    })
  })
})
