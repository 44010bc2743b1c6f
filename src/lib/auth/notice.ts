// Why the app signed someone out, carried to the sign-in screen across the page load that
// follows (the message itself belongs to the screen).
const KEY = 'app.signin.notice'

export type SignInNotice = 'blocked' | 'notRegistered' | 'signedOutElsewhere'
const NOTICES: SignInNotice[] = ['blocked', 'notRegistered', 'signedOutElsewhere']

export function leaveNotice(notice: SignInNotice): void {
  sessionStorage.setItem(KEY, notice)
}

// Read once per page load and kept, so a screen rendered twice (React's StrictMode) sees it too.
let taken: { notice: SignInNotice | null } | null = null

/** The notice left for the sign-in screen by the page before this load. */
export function takeNotice(): SignInNotice | null {
  if (!taken) {
    const value = sessionStorage.getItem(KEY)
    sessionStorage.removeItem(KEY)
    taken = { notice: NOTICES.includes(value as SignInNotice) ? (value as SignInNotice) : null }
  }
  return taken.notice
}
