// What a prerendered /signin page has done before the app arrived (its own script:
// src/features/accounts/page/signin-page.ts), for the app to go on from: the address it checked
// and the password step it showed, the message it showed, or the session it opened. The page and
// the app share the window, so the state lives on it and each change is announced with an event.

export type PageSignIn =
  | { step: 'email'; error?: string }
  | { step: 'signin'; email: string; error?: string; unverified?: boolean }
  /** Signed in by the page: the session is stored; the app finishes the sign-in (core.md §4). */
  | { step: 'signedIn'; email: string }

export const PAGE_SIGNIN_EVENT = 'page-sign-in'

interface PageWindow {
  __pageSignIn?: PageSignIn
  /** Set once the app has taken over a sign-in the page opened. */
  __pageSignInTaken?: boolean
}

const holder = (win: Window) => win as unknown as PageWindow

export function pageSignIn(win: Window = window): PageSignIn | null {
  return holder(win).__pageSignIn ?? null
}

export function setPageSignIn(state: PageSignIn, win: Window = window): void {
  holder(win).__pageSignIn = state
  win.dispatchEvent(new Event(PAGE_SIGNIN_EVENT))
}

/**
 * True while a session the page opened waits for the app to finish the sign-in: until then the
 * app's session watcher leaves a blocked or unregistered account to the sign-in screen, which
 * refuses it with its own words, as after a sign-in made in the app.
 */
export function pageSignInPending(win: Window | undefined = globalThis.window): boolean {
  if (!win) return false
  const page = holder(win)
  return page.__pageSignIn?.step === 'signedIn' && !page.__pageSignInTaken
}

/** The app takes a page-opened sign-in over: returns the address, once. */
export function takePageSignIn(win: Window = window): string | null {
  const page = holder(win)
  if (page.__pageSignIn?.step !== 'signedIn' || page.__pageSignInTaken) return null
  page.__pageSignInTaken = true
  return page.__pageSignIn.email
}
