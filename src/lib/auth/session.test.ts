import { beforeEach, describe, expect, it, vi } from 'vitest'

// The session watcher with a fake supabase-js: what a token refresh or a sign-out elsewhere does.
type Listener = (event: string, session: { access_token: string } | null) => void
let listener: Listener | null = null
const fakeClient = {
  auth: {
    onAuthStateChange: (fn: Listener) => {
      listener = fn
      return { data: { subscription: { unsubscribe: () => undefined } } }
    },
  },
}
vi.mock('../supabase-lazy', () => ({ getSupabase: () => Promise.resolve(fakeClient) }))
const signOutTo = vi.fn((_path: string, _notice?: string) => Promise.resolve())
vi.mock('./sign-out', () => ({ signOutTo, finishSignOut: () => Promise.resolve() }))
vi.mock('./standing', () => ({ startStandingChecks: () => undefined }))

const { authClient, createSessionAuthSource } = await import('./session')
const { duringSignIn } = await import('./flow-state')

const token = (claims: object) =>
  `h.${Buffer.from(JSON.stringify({ sub: 'u1', email: 'm@demo.school', ...claims })).toString('base64url')}.s`
const member = token({ app_role: 'guardian', app_status: 'verified' })
const blocked = token({ app_role: 'guardian', app_status: 'blocked' })
const unregistered = token({})
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

async function watched(path = '/parents/dash') {
  vi.stubGlobal('location', { pathname: path })
  const store = { getItem: () => JSON.stringify({ access_token: member, refresh_token: 'r' }) }
  const source = createSessionAuthSource(store)
  await authClient()
  await tick()
  return source
}

describe('the session watcher', () => {
  beforeEach(() => {
    signOutTo.mockClear()
    listener = null
  })

  it('trusts the stored token at once, then follows supabase-js', async () => {
    const source = await watched()
    expect(source.snapshot()).toMatchObject({ status: 'signedIn', member: { role: 'guardian' } })
    listener!('TOKEN_REFRESHED', { access_token: token({ app_role: 'facilitator' }) })
    expect(source.snapshot()).toMatchObject({ member: { role: 'facilitator' } })
  })

  it.each([
    ['blocked', blocked, 'blocked'],
    ['no longer a member', unregistered, 'notRegistered'],
  ])('signs the person out when a refresh shows them %s', async (_what, next, notice) => {
    await watched()
    listener!('TOKEN_REFRESHED', { access_token: next })
    await tick()
    expect(signOutTo).toHaveBeenCalledWith('/signin', notice)
  })

  it('leaves refusals during a sign-in to the sign-in screen', async () => {
    await watched()
    await duringSignIn(async () => {
      listener!('SIGNED_IN', { access_token: blocked })
      await tick()
    })
    await tick()
    expect(signOutTo).not.toHaveBeenCalled()
  })

  it('leaves a signed-in page when the session ends elsewhere, but not a public page', async () => {
    await watched('/facilitators/dash')
    listener!('SIGNED_OUT', null)
    await tick()
    expect(signOutTo).toHaveBeenCalledWith('/signin', 'signedOutElsewhere')
    signOutTo.mockClear()
    await watched('/legal/privacy-policy')
    listener!('SIGNED_OUT', null)
    await tick()
    expect(signOutTo).not.toHaveBeenCalled()
  })
})
