// The auth calls the account screens make, in one place so that only lib/ touches supabase-js.
// Each answers plainly ({ ok } or the provider's code and message); the screens word the result.
import { APP_VERSION } from '../centre'
import { supabaseAnonKey, supabaseUrl } from '../backend-address'
import { decodeJwtPayload, memberFromClaims } from './claims'
import { trackBackendCall } from '../backend-activity'
import { authClient } from './session'
import type { SignedInMember } from './types'

export type AuthResult = { ok: true } | { ok: false; code: string; message: string }

const failure = (error: { code?: string; message: string; name?: string }): AuthResult => ({
  ok: false,
  code:
    error.code ?? (error.name === 'AuthRetryableFetchError' ? 'network-request-failed' : 'unknown'),
  message: error.message,
})

export async function signInWithPassword(email: string, password: string): Promise<AuthResult> {
  const supabase = await authClient()
  const { error } = await supabase.auth.signInWithPassword({ email, password })
  return error ? failure(error) : { ok: true }
}

/** Opens a confirmation link's session (the e-mailed `confirm` token). */
export async function confirmEmail(tokenHash: string): Promise<AuthResult> {
  const supabase = await authClient()
  const { error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type: 'email' })
  return error ? failure(error) : { ok: true }
}

/**
 * The password of the account signed in by an e-mailed set-up link: chosen here, in the browser
 * that opened the link, by the person who reads that mailbox.
 */
export async function chooseNewPassword(password: string): Promise<AuthResult> {
  const supabase = await authClient()
  const { error } = await supabase.auth.updateUser({ password })
  return error ? failure(error) : { ok: true }
}

/** The person as a refreshed token describes them (core.md §4 step 1: a forced refresh). */
export async function refreshedMember(): Promise<SignedInMember | null> {
  const supabase = await authClient()
  const { data, error } = await supabase.auth.refreshSession()
  const token = error ? null : data.session?.access_token
  const claims = token ? decodeJwtPayload(token) : null
  return claims ? memberFromClaims(claims) : null
}

/** Who the session belongs to, as the unregistered sign-in log records them. */
export async function sessionProfile(): Promise<{
  email: string
  name: string | null
  photoURL: string | null
} | null> {
  const supabase = await authClient()
  const { data } = await supabase.auth.getSession()
  const user = data.session?.user
  if (!user?.email) return null
  const meta = user.user_metadata as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null)
  return {
    email: user.email,
    name: text(meta.full_name) ?? text(meta.name),
    photoURL: text(meta.avatar_url) ?? text(meta.picture),
  }
}

export async function hasSession(): Promise<boolean> {
  const supabase = await authClient()
  return !!(await supabase.auth.getSession()).data.session
}

/** Counts the sign-in on the member record (C26: the call made after a login). */
export async function recordSignIn(): Promise<void> {
  const supabase = await authClient()
  await supabase.rpc('record_sign_in', { app_version: APP_VERSION })
}

/**
 * Changes the password of the signed-in person after checking the current one, so a device
 * left signed in cannot be used to take the account over.
 */
export async function changePassword(
  email: string,
  current: string,
  next: string,
): Promise<AuthResult> {
  const supabase = await authClient()
  const check = await supabase.auth.signInWithPassword({ email, password: current })
  if (check.error) return failure(check.error)
  const { error } = await supabase.auth.updateUser({ password: next })
  return error ? failure(error) : { ok: true }
}

/** Whether the identity service offers Google sign-in (a provider setting on Supabase). */
export async function googleAvailable(): Promise<boolean> {
  try {
    const res = await fetch(`${supabaseUrl}/auth/v1/settings`, {
      headers: { apikey: supabaseAnonKey },
    })
    const settings = (await res.json()) as { external?: { google?: boolean } }
    return res.ok && settings.external?.google === true
  } catch {
    return false
  }
}

/** Leaves for Google; the browser comes back to `returnPath` with the session. */
export async function startGoogleSignIn(
  returnPath: string,
  loginHint?: string,
): Promise<AuthResult> {
  const supabase = await authClient()
  const { error } = await supabase.auth.signInWithOAuth({
    provider: 'google',
    options: {
      redirectTo: `${location.origin}${returnPath}`,
      queryParams: loginHint
        ? { login_hint: loginHint, prompt: 'select_account' }
        : { prompt: 'select_account' },
    },
  })
  return error ? failure(error) : { ok: true }
}

/** An error the identity provider sent back in the URL after a redirect (C23), once. */
export function takeRedirectError(): { code: string; message: string } | null {
  const hash = new URLSearchParams(location.hash.slice(1))
  const query = new URLSearchParams(location.search)
  const from = hash.has('error') || hash.has('error_code') ? hash : query
  const code = from.get('error_code') ?? from.get('error')
  if (!code) return null
  const message = from.get('error_description') ?? code
  for (const key of ['error', 'error_code', 'error_description']) query.delete(key)
  const search = query.toString()
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}`)
  return { code, message }
}

export type FunctionResult =
  { ok: true; body: unknown } | { ok: false; reason: 'offline' | 'server'; body: unknown }

/**
 * Calls an edge function and returns its JSON answer, also for 4xx/5xx answers. The page's
 * loading bar shows while it runs, unless it is a background call nobody waits on.
 */
export async function callFunction(
  name: string,
  body: Record<string, unknown>,
  { background = false }: { background?: boolean } = {},
): Promise<FunctionResult> {
  if (!navigator.onLine) return { ok: false, reason: 'offline', body: null }
  const supabase = await authClient()
  // core.md §9: a backend call gives up after 70 seconds.
  const invoke = async () => await supabase.functions.invoke(name, { body, timeout: 70_000 })
  const { data, error } = background ? await invoke() : await trackBackendCall(invoke)
  if (!error) return { ok: true, body: data }
  // functions-js's error classes, told apart by name: this file then does not carry them.
  if (error.name === 'FunctionsHttpError') {
    const answer: unknown = await (error.context as Response).json().catch(() => null)
    return { ok: false, reason: 'server', body: answer }
  }
  return {
    ok: false,
    reason: error.name === 'FunctionsFetchError' ? 'offline' : 'server',
    body: null,
  }
}

/**
 * Starts a function before the person's first real call to it (core.md §7: a warm-up sends a
 * warm-up flag). It runs in the background; an error answer is only logged, never shown.
 */
export async function warmUp(name: string): Promise<void> {
  const result = await callFunction(name, { warmup: true }, { background: true }).catch(
    (error: unknown) => ({ ok: false, reason: 'server', body: String(error) }) as const,
  )
  const type = (result.body as { type?: unknown } | null)?.type
  if (!result.ok || type !== 'success') {
    console.info(
      `Warm-up of ${name} did not succeed:`,
      result.body ?? (result.ok ? 'no answer' : result.reason),
    )
  }
}
