import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@sync/contract/commands/accounts/messages'
import { AUTH_STORAGE_KEY } from '@/lib/auth/claims'
import {
  PAGE_SIGNIN_EVENT,
  pageSignIn,
  pageSignInPending,
  takePageSignIn,
} from '@/lib/auth/page-sign-in'
import { refusalWords, SIGNED_IN, startSignInPage } from './signin-page'

// The prerendered /signin page as the build writes it: the address step, and the password step
// in a template (both shaped like Mantine's markup where the script looks: labels, types).
const PAGE =
  '<div id="root" data-prerendered><h2>Sign in</h2>' +
  '<form novalidate><label for="e">E-mail</label><input id="e" type="email">' +
  '<button type="submit">Continue</button></form>' +
  '<template data-step="signin"><form novalidate>' +
  '<label for="r">E-mail</label><input id="r" readonly autocomplete="username">' +
  '<button type="button">Use another e-mail</button>' +
  '<label for="p">Password</label><input id="p" type="password" autocomplete="current-password">' +
  '<button type="button" class="m_1 mantine-PasswordInput-visibilityToggle">show</button>' +
  '<button type="submit">Sign in</button>' +
  '<button type="button">Forgot your password?</button></form></template></div>'

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

function setUp(answers: ((body: Record<string, unknown>) => Response | Promise<Response>)[]) {
  document.body.innerHTML = PAGE
  const root = document.getElementById('root')!
  const calls: { url: string; body: Record<string, unknown>; headers: Record<string, string> }[] =
    []
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>
    calls.push({ url: String(url), body, headers: init?.headers as Record<string, string> })
    const answer = answers.shift()
    if (!answer) throw new TypeError('Failed to fetch')
    return answer(body)
  })
  const stored = new Map<string, string>()
  const showLoading = vi.fn()
  const changes: unknown[] = []
  const listener = () => changes.push(pageSignIn())
  window.addEventListener(PAGE_SIGNIN_EVENT, listener)
  const started = startSignInPage(root, {
    fetch: fetch as unknown as typeof globalThis.fetch,
    storage: { setItem: (k, v) => void stored.set(k, v) },
    win: window,
    showLoading,
  })
  const submit = () =>
    root
      .querySelector('form')!
      .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))
  const field = (selector: string) => root.querySelector<HTMLInputElement>(selector)!
  const settled = () => vi.waitFor(() => expect(root.hasAttribute('data-busy')).toBe(false))
  return {
    root,
    calls,
    stored,
    showLoading,
    changes,
    started,
    submit,
    field,
    settled,
    stop: () => window.removeEventListener(PAGE_SIGNIN_EVENT, listener),
  }
}

const signinAnswer = () => json(200, { type: 'success', message: '', mode: 'signin' })
const session = {
  access_token: 'a.b.c',
  token_type: 'bearer',
  expires_in: 3600,
  refresh_token: 'r1',
  user: { id: 'u1', email: 'guardian@demo.school' },
}

/** A page at the password step for guardian@demo.school. */
async function atPassword(more: Parameters<typeof setUp>[0] = []) {
  const page = setUp([signinAnswer, ...more])
  page.field('input[type="email"]').value = ' Guardian@Demo.School'
  page.submit()
  await vi.waitFor(() =>
    expect(page.root.querySelector('[autocomplete="current-password"]')).not.toBeNull(),
  )
  return page
}

/** Submits the page's form and checks the press was kept for the app, with its status shown. */
async function expectLeftToApp(page: ReturnType<typeof setUp>) {
  page.submit()
  await page.settled()
  const form = page.root.querySelector('form')!
  expect(form.hasAttribute('data-submitted')).toBe(true)
  expect(page.showLoading).toHaveBeenCalledWith(form)
}

afterEach(() => {
  document.body.innerHTML = ''
  const win = window as unknown as Record<string, unknown>
  delete win.__pageSignIn
  delete win.__pageSignInTaken
})

describe("the sign-in page's own address step", () => {
  it('asks the centre about the address and shows the password step, focused, with the address', async () => {
    const page = await atPassword()
    expect(page.calls).toHaveLength(1)
    expect(page.calls[0]!.url).toMatch(/\/functions\/v1\/accounts$/)
    expect(page.calls[0]!.body).toEqual({ action: 'initSignin', email: 'guardian@demo.school' })
    expect(page.calls[0]!.headers.apikey).toBeTruthy()
    expect(page.field('input[readonly]').value).toBe('guardian@demo.school')
    expect(document.activeElement).toBe(page.field('[autocomplete="current-password"]'))
    expect(page.root.querySelector('input[type="email"]')).toBeNull()
    expect(pageSignIn()).toEqual({ step: 'signin', email: 'guardian@demo.school' })
    page.stop()
  })

  it('says the centre is being asked, and is busy until it answers', async () => {
    let answer!: (r: Response) => void
    const page = setUp([() => new Promise<Response>((resolve) => (answer = resolve))])
    page.field('input[type="email"]').value = 'guardian@demo.school'
    page.submit()
    expect(page.root.hasAttribute('data-busy')).toBe(true)
    expect(page.root.querySelector('[data-testid="email-checking"]')?.textContent).toMatch(
      /^Checking your address with the centre/,
    )
    // A second press while it waits sends nothing more.
    page.submit()
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'))
    answer(signinAnswer())
    await page.settled()
    expect(page.calls).toHaveLength(1)
    expect(page.root.querySelector('[data-testid="email-checking"]')).toBeNull()
    page.stop()
  })

  it('refuses an address that is not one, without asking anyone', () => {
    const page = setUp([])
    page.field('input[type="email"]').value = 'guardian@demo'
    page.submit()
    expect(page.root.querySelector('[role="alert"]')?.textContent).toBe(
      'Please enter a valid e-mail address.',
    )
    expect(page.calls).toHaveLength(0)
    expect(pageSignIn()).toBeNull()
    page.stop()
  })

  it("shows the centre's refusal and tells the app", async () => {
    const page = setUp([() => json(400, { type: 'error', message: MESSAGES.notRegistered })])
    page.field('input[type="email"]').value = 'nobody@example.com'
    page.submit()
    await page.settled()
    expect(page.root.querySelector('[role="alert"]')?.textContent).toBe(MESSAGES.notRegistered)
    expect(pageSignIn()).toEqual({ step: 'email', error: MESSAGES.notRegistered })
    expect(page.root.querySelector('input[type="email"]')).not.toBeNull()
    page.stop()
  })

  it("leaves a facilitator's registration, and a call that fails, to the app", async () => {
    for (const answer of [
      () => json(200, { type: 'success', message: '', mode: 'facilitator_signup' }),
      undefined,
    ]) {
      const page = setUp(answer ? [answer] : [])
      page.field('input[type="email"]').value = 'new@demo.school'
      await expectLeftToApp(page)
      expect(pageSignIn()).toBeNull()
      page.stop()
    }
  })
})

describe("the sign-in page's own password step", () => {
  it('signs in: stores the session where the app reads it and waits for the app', async () => {
    const page = await atPassword([() => json(200, session)])
    page.field('[autocomplete="current-password"]').value = 'demo-guardian-1'
    page.submit()
    await vi.waitFor(() => expect(pageSignIn()?.step).toBe('signedIn'))
    const call = page.calls[1]!
    expect(call.url).toMatch(/\/auth\/v1\/token\?grant_type=password$/)
    expect(call.body).toMatchObject({ email: 'guardian@demo.school', password: 'demo-guardian-1' })
    const stored = JSON.parse(page.stored.get(AUTH_STORAGE_KEY)!) as Record<string, unknown>
    expect(stored).toMatchObject({ access_token: 'a.b.c', refresh_token: 'r1' })
    expect(stored.expires_at).toBeGreaterThan(Date.now() / 1000 + 3000)
    const form = page.root.querySelector('form')!
    expect(page.showLoading).toHaveBeenCalledWith(form)
    expect(page.root.querySelector('[data-testid="page-signed-in"]')?.textContent).toBe(SIGNED_IN)
    expect(form.hasAttribute('data-submitted')).toBe(false)
    expect(page.field('[autocomplete="current-password"]').disabled).toBe(true)
    expect(page.root.hasAttribute('data-busy')).toBe(false)
    // The app takes the sign-in over once; until then the session watcher leaves it alone.
    expect(pageSignInPending()).toBe(true)
    expect(takePageSignIn()).toBe('guardian@demo.school')
    expect(takePageSignIn()).toBeNull()
    expect(pageSignInPending()).toBe(false)
    page.stop()
  })

  it('asks for a password before sending anything', async () => {
    const page = await atPassword()
    page.submit()
    expect(page.root.querySelector('[role="alert"]')?.textContent).toBe(
      'Please enter your password.',
    )
    expect(page.calls).toHaveLength(1)
    page.stop()
  })

  it("shows a refusal in the app's words and keeps the step, the session unstored", async () => {
    const page = await atPassword([
      () => json(400, { code: 'invalid_credentials', message: 'Invalid login credentials' }),
    ])
    page.field('[autocomplete="current-password"]').value = 'wrong'
    page.submit()
    await vi.waitFor(() => expect(page.root.querySelector('[role="alert"]')).not.toBeNull())
    expect(page.root.querySelector('[role="alert"]')?.textContent).toBe(MESSAGES.signInFailed)
    expect(page.stored.size).toBe(0)
    expect(pageSignIn()).toEqual({
      step: 'signin',
      email: 'guardian@demo.school',
      error: MESSAGES.signInFailed,
      unverified: false,
    })
    page.stop()
  })

  it('leaves a sign-in whose call failed to the app, which signs in with what was typed', async () => {
    const page = await atPassword([])
    page.field('[autocomplete="current-password"]').value = 'demo-guardian-1'
    await expectLeftToApp(page)
    expect(pageSignIn()?.step).toBe('signin')
    page.stop()
  })

  it('goes back to the address with "Use another e-mail", and shows or hides the password', async () => {
    const page = await atPassword()
    const password = page.field('[autocomplete="current-password"]')
    const toggle = page.root.querySelector<HTMLButtonElement>('[class*="visibilityToggle"]')!
    // The capture script, listening after the page's script, keeps presses for the app.
    let kept = 0
    page.root.addEventListener('click', () => kept++)
    toggle.click()
    expect(password.type).toBe('text')
    toggle.click()
    expect(password.type).toBe('password')
    expect(kept).toBe(0)
    page.root
      .querySelectorAll('button')
      .forEach((b) => b.textContent === 'Use another e-mail' && b.click())
    const address = page.field('input[type="email"]')
    expect(address.value).toBe('guardian@demo.school')
    expect(document.activeElement).toBe(address)
    expect(pageSignIn()).toEqual({ step: 'email' })
    expect(kept).toBe(0)
    page.root.querySelectorAll('button').forEach((b) => b.textContent === 'Continue' && b.click())
    expect(kept).toBe(1)
    page.stop()
  })

  it('does nothing on a page without its steps', () => {
    document.body.innerHTML = '<div id="root" data-prerendered><form></form></div>'
    expect(
      startSignInPage(document.getElementById('root')!, {
        fetch: vi.fn(),
        storage: { setItem: vi.fn() },
        win: window,
        showLoading: vi.fn(),
      }),
    ).toBe(false)
  })
})

describe("the identity service's refusals in words", () => {
  it('words them as the app does', () => {
    expect(refusalWords('a@b.co', { code: 'email_not_confirmed', message: 'x' })).toEqual({
      message: MESSAGES.unverified('a@b.co'),
      unverified: true,
    })
    expect(refusalWords('a@b.co', { error_code: 'user_banned', msg: 'banned' }).message).toBe(
      MESSAGES.blocked,
    )
    expect(refusalWords('a@b.co', { code: 'something_new', message: 'Said so' }).message).toBe(
      'Said so',
    )
    expect(refusalWords('a@b.co', null).message).toBe(MESSAGES.signInFailed)
  })
})
