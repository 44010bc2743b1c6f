// The words people see (core.md §8), kept together so screens, functions and tests agree.

export const MESSAGES = {
  signInFailed: 'Sign in failed. Please check email and password',
  blocked: 'Your account has been temporarily disabled.',
  notRegistered: 'This email is not registered with us.',
  signInWith: (email: string) => `Please sign in with ${email}`,
  accountGettingReady: 'One moment, your account is getting ready.',
  // D14: which step shows which progress message.
  creatingAccount: 'Please wait, creating your account...',
  connecting: 'Connecting you to your account...',
  initiating: 'Please wait, we are initiating your account...',
  offline: 'You are offline. Please connect to the internet and try again.',
  unexpected: 'Something went wrong on our side. Please try again in a moment.',
  googleUnavailable:
    'Sign-in with Google is not available on this server. Please sign in with your e-mail and password.',
  unverified: (email: string) =>
    `Please confirm your e-mail address first: open the link we sent to ${email}.`,
  linkExpired: 'This link is invalid or has expired. Please ask for a new one.',
  /** A limited caller (HTTP 429): how long to wait, in words. */
  tooMany: (seconds: number) =>
    `Too many attempts. Please wait ${
      seconds < 90
        ? `${Math.max(1, Math.round(seconds))} seconds`
        : `${Math.ceil(seconds / 60)} minutes`
    } and try again.`,
  /** Text with a NUL character (\u0000) is refused before anything reads it. */
  nulCharacter: 'The request contains a NUL character (\\u0000), which no field may hold.',
  linkSent: (maskedEmail: string) =>
    `We have sent a link to ${maskedEmail}. Open it to choose your password: it signs you in.`,
} as const

/**
 * C24: product wording for the identity provider's error codes (Firebase-style codes from the
 * spec, and the Supabase Auth codes that mean the same). Unknown codes show the provider's own
 * message (C23).
 */
const PROVIDER_WORDING: Record<string, string> = {
  'unauthorized-domain':
    'Sign-in is not allowed from this web address. Please open the app from its usual address.',
  'popup-blocked':
    'Your browser blocked the sign-in window. Please allow pop-ups for this site and try again.',
  'popup-closed-by-user':
    'The sign-in window was closed before sign-in finished. Please try again.',
  'cancelled-popup-request':
    'Another sign-in window was already open. Please finish or close it and try again.',
  'network-request-failed': MESSAGES.offline,
  'user-mismatch':
    'That was a different account. Please sign in with the account you started with.',
  'invalid-api-key': 'The app is not set up correctly for sign-in. Please tell the centre.',
  'login-blocked': MESSAGES.blocked,
  user_banned: MESSAGES.blocked,
  invalid_credentials: MESSAGES.signInFailed,
  over_request_rate_limit: 'Too many attempts. Please wait a minute and try again.',
  over_email_send_rate_limit:
    'Too many e-mails were sent. Please wait a few minutes and try again.',
  otp_expired: MESSAGES.linkExpired,
  access_denied: 'Sign-in was cancelled or refused. Please try again.',
}

export function providerMessage(code: string | undefined, fallback: string): string {
  return (code && PROVIDER_WORDING[code]) || fallback
}
