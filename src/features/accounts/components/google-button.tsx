import { useState } from 'react'
import { Button, Divider } from '@mantine/core'
import { googleAvailable, startGoogleSignIn } from '@/lib/auth/actions'
import { MESSAGES, providerMessage } from '@sync/contract/commands/accounts/messages'
import { rememberGoogle, type PendingGoogle } from '../pending-google'
import { useGoogleAvailable } from '../hooks/use-google-available'

interface GoogleButtonProps {
  label?: string
  pending: () => PendingGoogle | null
  returnPath: string
  onError: (message: string) => void
}

/**
 * "or" and the Google button, shown only when the server's auth settings enable Google: a
 * button that can only fail is no choice.
 */
export function GoogleChoice(props: GoogleButtonProps) {
  if (!useGoogleAvailable()) return null
  return (
    <>
      <Divider label="or" labelPosition="center" />
      <GoogleButton {...props} />
    </>
  )
}

/**
 * Sign-in with a Google account (a Supabase provider). Should the server turn it off after the
 * page asked, the person is told so instead of being sent to an error page.
 */
function GoogleButton({
  label = 'Sign in with Google',
  pending,
  returnPath,
  onError,
}: GoogleButtonProps) {
  const [busy, setBusy] = useState(false)
  const go = async () => {
    const next = pending()
    if (!next) return
    setBusy(true)
    if (!(await googleAvailable())) {
      setBusy(false)
      onError(MESSAGES.googleUnavailable)
      return
    }
    rememberGoogle(next)
    const result = await startGoogleSignIn(returnPath, next.expectedEmail ?? undefined)
    if (!result.ok) {
      setBusy(false)
      onError(providerMessage(result.code, result.message))
    }
  }
  return (
    <Button variant="default" fullWidth loading={busy} onClick={() => void go()}>
      {label}
    </Button>
  )
}
