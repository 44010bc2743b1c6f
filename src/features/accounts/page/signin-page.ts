// The prerendered /signin page signs a person in by itself, before the app has arrived (issue
// 36): on 2g the app takes half a minute or more, and the address check and the password are
// a few small requests. Continue asks the centre about the address (initSignin, C05) and shows
// the password step the build prerendered beside the address step (a <template>); Sign in asks
// the identity service for a session and stores it where the app's auth client keeps it. The app
// then goes on from there (src/lib/auth/page-sign-in.ts): it opens on the same step, or finishes
// the sign-in (claims, blocked or unregistered, the dashboard) as after its own. Anything the page
// does not handle itself (a facilitator's registration, no network, an answer it does not know)
// is left to the app, as before: the press is kept and made again once the app has taken over.
//
// Built on its own and inlined into the page by scripts/prerender.ts: it must stay small and
// import nothing that brings the app's components or libraries with it.
import { isValidEmail, normaliseEmail } from '@sync/contract/commands/accounts/email'
import { MESSAGES, providerMessage } from '@sync/contract/commands/accounts/messages'
import { AUTH_STORAGE_KEY } from '@/lib/auth/claims'
import { supabaseAnonKey, supabaseUrl } from '@/lib/backend-address'
import { setPageSignIn } from '@/lib/auth/page-sign-in'
import { SIGN_IN_WORDS } from '../logic/sign-in-words'

/** Said once the page has signed the person in, above how much of the app has arrived. */
export const SIGNED_IN = 'You are signed in. The app is on its way:'

/** core.md §9: a backend call gives up after 70 seconds. */
const CALL_LIMIT_MS = 70_000

export interface SignInPageDeps {
  fetch: typeof fetch
  storage: Pick<Storage, 'setItem'>
  win: Window
  /** The page's "Loading the app" status (the capture script's) under a form. */
  showLoading: (form: HTMLFormElement) => void
}

type Answer = { kind: 'json'; status: number; body: unknown } | { kind: 'failed' }

async function call(deps: SignInPageDeps, path: string, body: object, headers = {}) {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), CALL_LIMIT_MS)
  try {
    const res = await deps.fetch(`${supabaseUrl}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        apikey: supabaseAnonKey,
        Authorization: `Bearer ${supabaseAnonKey}`,
        ...headers,
      },
      body: JSON.stringify(body),
      signal: controller.signal,
    })
    const json: unknown = await res.json()
    return { kind: 'json', status: res.status, body: json } as Answer
  } catch {
    return { kind: 'failed' } as Answer
  } finally {
    clearTimeout(timer)
  }
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

/** The identity service's refusal in the words the app's sign-in uses for it. */
export function refusalWords(
  email: string,
  body: unknown,
): { message: string; unverified: boolean } {
  const data = record(body)
  const code = text(data.code) ?? text(data.error_code) ?? 'unknown'
  if (code === 'email_not_confirmed')
    return { message: MESSAGES.unverified(email), unverified: true }
  const said =
    text(data.message) ?? text(data.msg) ?? text(data.error_description) ?? text(data.error) ?? ''
  return {
    message: providerMessage(code, code === 'unknown' || !said ? MESSAGES.signInFailed : said),
    unverified: false,
  }
}

/** Starts the page's own sign-in on a prerendered /signin page; false when it has no steps. */
export function startSignInPage(root: HTMLElement, deps: SignInPageDeps): boolean {
  const template = root.querySelector<HTMLTemplateElement>('template[data-step="signin"]')
  const emailForm = root.querySelector('form')
  if (!template || !emailForm) return false
  let busy = false

  const say = (form: HTMLFormElement, kind: 'error' | 'status', words: string, id: string) => {
    root.querySelectorAll('[data-page-says]').forEach((el) => el.remove())
    const el = deps.win.document.createElement(kind === 'error' ? 'div' : 'p')
    el.setAttribute('data-page-says', '')
    el.setAttribute('data-testid', id)
    el.textContent = words
    if (kind === 'error') {
      el.setAttribute('role', 'alert')
      el.style.cssText =
        'padding:10px 12px;margin-bottom:12px;border-radius:4px;font-size:14px;' +
        'background:var(--mantine-color-red-light);color:var(--mantine-color-red-light-color)'
      form.before(el)
    } else {
      el.setAttribute('role', 'status')
      el.style.cssText = 'margin:12px 0 0;font-size:14px;text-align:center'
      form.append(el)
    }
  }
  const quiet = () => root.querySelectorAll('[data-page-says]').forEach((el) => el.remove())
  const setBusy = (form: HTMLFormElement, on: boolean) => {
    busy = on
    if (on) root.setAttribute('data-busy', '')
    else root.removeAttribute('data-busy')
    const button = form.querySelector('[type=submit]')
    if (on) button?.setAttribute('aria-busy', 'true')
    else button?.removeAttribute('aria-busy')
  }
  /** Leaves the press to the app: kept on the form, made again once the app has taken over. */
  const toApp = (form: HTMLFormElement) => {
    quiet()
    form.setAttribute('data-submitted', '')
    form.querySelector('[type=submit]')?.setAttribute('aria-busy', 'true')
    deps.showLoading(form)
  }
  const showStep = (from: HTMLFormElement, to: HTMLFormElement, email: string) => {
    from.replaceWith(to)
    const address = to.querySelector<HTMLInputElement>('input[type="email"], input[readonly]')
    if (address) address.value = email
    const focus = to === emailForm ? address : to.querySelector('input:not([readonly])')
    ;(focus as HTMLInputElement | null)?.focus()
  }
  let passwordForm: HTMLFormElement | null = null

  const checkAddress = async (form: HTMLFormElement, input: HTMLInputElement) => {
    const email = normaliseEmail(input.value)
    if (!isValidEmail(email)) {
      say(form, 'error', SIGN_IN_WORDS.invalidEmail, 'auth-error')
      input.focus()
      return
    }
    setBusy(form, true)
    say(form, 'status', SIGN_IN_WORDS.checkingAddress, 'email-checking')
    const answer = await call(deps, '/functions/v1/accounts', { action: 'initSignin', email })
    setBusy(form, false)
    const body = answer.kind === 'json' ? record(answer.body) : {}
    if (body.type === 'success' && body.mode === 'signin') {
      quiet()
      passwordForm = template.content.querySelector('form')!.cloneNode(true) as HTMLFormElement
      showStep(form, passwordForm, email)
      setPageSignIn({ step: 'signin', email }, deps.win)
    } else if (body.type === 'error' && typeof body.message === 'string') {
      say(form, 'error', body.message, 'auth-error')
      setPageSignIn({ step: 'email', error: body.message }, deps.win)
    } else toApp(form)
  }

  const signIn = async (form: HTMLFormElement, email: string, input: HTMLInputElement) => {
    if (!input.value) {
      say(form, 'error', SIGN_IN_WORDS.noPassword, 'auth-error')
      input.focus()
      return
    }
    setBusy(form, true)
    say(form, 'status', MESSAGES.connecting, 'auth-progress')
    const answer = await call(
      deps,
      '/auth/v1/token?grant_type=password',
      { email, password: input.value, gotrue_meta_security: {} },
      { 'X-Supabase-Api-Version': '2024-01-01' },
    )
    const session = answer.kind === 'json' ? record(answer.body) : {}
    if (answer.kind === 'json' && answer.status === 200 && text(session.access_token)) {
      const expiresIn = typeof session.expires_in === 'number' ? session.expires_in : 3600
      session.expires_at ??= Math.floor(Date.now() / 1000) + expiresIn
      deps.storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session))
      quiet()
      // Signed in: the page waits for the app now, and says how long that takes.
      form.querySelectorAll('input, button').forEach((el) => el.setAttribute('disabled', ''))
      form.querySelector('[type=submit]')?.setAttribute('aria-busy', 'true')
      setPageSignIn({ step: 'signedIn', email }, deps.win)
      busy = false
      root.removeAttribute('data-busy')
      say(form, 'status', SIGNED_IN, 'page-signed-in')
      deps.showLoading(form)
      return
    }
    setBusy(form, false)
    if (answer.kind === 'json' && answer.status >= 400 && answer.status < 500) {
      const { message, unverified } = refusalWords(email, answer.body)
      say(form, 'error', message, 'auth-error')
      setPageSignIn({ step: 'signin', email, error: message, unverified }, deps.win)
      input.focus()
    } else toApp(form)
  }

  root.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement
      if (form.hasAttribute('data-submitted')) return
      const address = form.querySelector<HTMLInputElement>('input[type="email"]:not([readonly])')
      const password = form.querySelector<HTMLInputElement>(
        'input[type="password"], input[autocomplete="current-password"]',
      )
      if (form === emailForm && address) {
        event.preventDefault()
        event.stopPropagation()
        if (!busy) void checkAddress(form, address)
      } else if (form === passwordForm && password) {
        event.preventDefault()
        event.stopPropagation()
        const email = form.querySelector<HTMLInputElement>('input[readonly]')?.value ?? ''
        if (!busy) void signIn(form, email, password)
      }
    },
    true,
  )

  root.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element).closest?.('button')
      const form = button?.closest('form')
      if (!button || !form || form !== passwordForm || button.type === 'submit') return
      if (button.closest('[class*="visibilityToggle"], [data-visibility-toggle]')) {
        // Show or hide the password, as the app's toggle does; nothing for the app to repeat.
        event.stopPropagation()
        const input = form.querySelector<HTMLInputElement>('input[autocomplete="current-password"]')
        if (input) input.type = input.type === 'password' ? 'text' : 'password'
      } else if (button.textContent?.trim() === 'Use another e-mail' && !busy) {
        event.stopPropagation()
        quiet()
        const email = form.querySelector<HTMLInputElement>('input[readonly]')?.value ?? ''
        showStep(form, emailForm, email)
        passwordForm = null
        setPageSignIn({ step: 'email' }, deps.win)
      } else {
        // "Forgot your password?" and the like: the capture script keeps the press for the app.
        deps.showLoading(form)
      }
    },
    true,
  )
  return true
}
