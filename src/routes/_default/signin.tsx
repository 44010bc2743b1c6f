import { createFileRoute } from '@tanstack/react-router'
import { SignInScreen } from '@/features/accounts/components/signin/sign-in-screen'

interface SignInSearch {
  /** Where a guard stopped the person; they go back there after signing in. */
  redirect?: string
  /** A known address: the screen starts at the password (C03). */
  email?: string
  /** The token of an e-mailed confirmation link. */
  confirm?: string
  /** The token of an e-mailed set-up link: the page then asks for the new account's password. */
  setup?: string
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined)

export const Route = createFileRoute('/_default/signin')({
  staticData: { guard: 'none', layout: 'default' },
  // Values that are not text are ignored rather than refused: a bad link still opens sign-in.
  validateSearch: (search: Record<string, unknown>): SignInSearch => {
    const out: SignInSearch = {}
    const redirect = text(search.redirect)
    const email = text(search.email)
    const confirm = text(search.confirm)
    const setup = text(search.setup)
    if (redirect) out.redirect = redirect
    if (email) out.email = email
    if (confirm) out.confirm = confirm
    if (setup) out.setup = setup
    return out
  },
  component: SignInRoute,
})

function SignInRoute() {
  const { redirect, email, confirm, setup } = Route.useSearch()
  return <SignInScreen redirect={redirect} email={email} confirm={confirm} setup={setup} />
}
