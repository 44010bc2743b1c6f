import { describe, expect, it } from 'vitest'
import { decodeJwtPayload, memberFromClaims, readStoredSession } from './claims'

const jwt = (payload: object) =>
  `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`

describe('claims', () => {
  it('decodes a token payload, including non-ASCII names', () => {
    expect(decodeJwtPayload(jwt({ sub: 'u', user_metadata: { name: 'Aarav Nāik' } }))).toEqual({
      sub: 'u',
      user_metadata: { name: 'Aarav Nāik' },
    })
    expect(decodeJwtPayload('not-a-token')).toBeNull()
    expect(decodeJwtPayload('a.!!!.b')).toBeNull()
  })

  it('maps the hook claims to the member', () => {
    const m = memberFromClaims({
      sub: 'u1',
      email: 'f@demo.school',
      app_role: 'facilitator',
      app_status: 'verified',
      is_facilitator_admin: true,
      facilitator_id: 'fac-1',
      user_metadata: { name: 'Maria' },
    })
    expect(m).toMatchObject({
      userId: 'u1',
      role: 'facilitator',
      name: 'Maria',
      isFacilitatorAdmin: true,
      isSystemAdmin: false,
      facilitatorId: 'fac-1',
      status: 'verified',
    })
  })

  it('treats an unknown role as not registered and keeps blocked status', () => {
    expect(memberFromClaims({ sub: 'u', app_role: 'teacher' })?.role).toBeNull()
    expect(memberFromClaims({ sub: 'u', app_status: 'blocked' })?.status).toBe('blocked')
    expect(memberFromClaims({})).toBeNull()
  })

  it('reads the stored session and ignores garbage', () => {
    const store = (v: string | null) => ({ getItem: () => v })
    expect(
      readStoredSession(store(JSON.stringify({ access_token: 'a', refresh_token: 'r' }))),
    ).toMatchObject({ access_token: 'a' })
    expect(readStoredSession(store('{bad json'))).toBeNull()
    expect(readStoredSession(store(JSON.stringify({ access_token: 1 })))).toBeNull()
    expect(readStoredSession(store(null))).toBeNull()
  })
})
