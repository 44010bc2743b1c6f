// What the person was doing when they left for Google, so the page they come back to can finish
// it (core.md §4: facilitator sign-up and connect-account through Google, C22/D09/D10).

export type PendingGoogle =
  | { kind: 'signin'; expectedEmail: string | null }
  | { kind: 'facilitator'; expectedEmail: string; name: string; whatsapp: string }
  /** The server compares the Google address with the contact's: the app only knows it masked. */
  | { kind: 'connect'; expectedEmail: null; whatsApp: string; prefix: string }

const KEY = 'app.auth.pendingGoogle'

export function rememberGoogle(pending: PendingGoogle): void {
  sessionStorage.setItem(KEY, JSON.stringify(pending))
}

export function takeGoogle(): PendingGoogle | null {
  const raw = sessionStorage.getItem(KEY)
  sessionStorage.removeItem(KEY)
  try {
    const value = raw ? (JSON.parse(raw) as PendingGoogle) : null
    return value && typeof value === 'object' && 'kind' in value ? value : null
  } catch {
    return null
  }
}

export function forgetGoogle(): void {
  sessionStorage.removeItem(KEY)
}
