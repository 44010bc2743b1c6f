// The sign-in steps' own words, shared by the app's screens and the prerendered page's script
// (src/features/accounts/page/signin-page.ts), which must not load the screens' components.

export const SIGN_IN_WORDS = {
  invalidEmail: 'Please enter a valid e-mail address.',
  noPassword: 'Please enter your password.',
  checkingAddress:
    'Checking your address with the centre (a few seconds, longer on a slow connection)…',
} as const
