import { useState } from 'react'
import { Button } from '@mantine/core'
import { googleAvailable, startGoogleSignIn } from '@/lib/auth/actions'
import { MESSAGES, providerMessage } from '@sync/commands/accounts/messages'
import { rememberGoogle, type PendingGoogle } from '../pending-google'

/**
 * Sign-in with a Google account (a Supabase provider). Where the server has none (the local
 * host), the person is told so instead of being sent to an error page.
 */
export function GoogleButton({
  label = 'Sign in with Google',
  pending,
  returnPath,
  onError,
}: {
  label?: string
  pending: () => PendingGoogle | null
  returnPath: string
  onError: (message: string) => void
}) {
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
