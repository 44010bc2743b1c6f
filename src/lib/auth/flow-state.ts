// Whether this tab is in the middle of signing someone in or out. The session watcher leaves
// such moments to the screen doing it: during a sign-in the screen itself refuses blocked and
// unregistered accounts (with its own messages), and a sign-out here is not "signed out
// elsewhere". A session a prerendered sign-in page opened counts as a sign-in until the app has
// taken it over.
import { pageSignInPending } from './page-sign-in'

let signingIn = 0
let signingOut = false

export function inSignInFlow(): boolean {
  return signingIn > 0 || pageSignInPending()
}

export async function duringSignIn<T>(fn: () => Promise<T>): Promise<T> {
  signingIn++
  try {
    return await fn()
  } finally {
    signingIn--
  }
}

export function signingOutHere(): boolean {
  return signingOut
}

export function setSigningOut(value: boolean): void {
  signingOut = value
}
