// What a page of the account screens does when it opens: show an error the identity provider
// sent back, use an e-mailed confirmation or set-up link, or finish what was started before
// leaving for Google.
import { useEffect, useRef } from 'react'
import { confirmEmail, takeRedirectError } from '@/lib/auth/actions'
import { duringSignIn } from '@/lib/auth/flow-state'
import { MESSAGES, providerMessage } from '@sync/contract/commands/accounts/messages'
import { forgetGoogle, takeGoogle, type PendingGoogle } from '../pending-google'
import { finishGoogle } from './finish-google'
import type { useAuthFlow } from './use-auth-flow'

export function useLanding(
  flow: ReturnType<typeof useAuthFlow>,
  options: {
    confirm?: string
    /** A set-up link's token: confirm the address, then the page asks for the password. */
    setup?: string
    onSetupConfirmed?: () => void
    kinds: PendingGoogle['kind'][]
    onGoogleFailed?: () => void
  },
): void {
  const started = useRef(false)
  useEffect(() => {
    // Once per page, also under StrictMode's double effects: a link works only once.
    if (started.current) return
    started.current = true
    const [f, o] = [flow, options]
    void (async () => {
      const error = takeRedirectError()
      if (error) {
        forgetGoogle()
        f.update({ error: providerMessage(error.code, error.message) })
        return
      }
      if (o.setup) {
        const token = o.setup
        f.update({ progress: MESSAGES.connecting })
        const result = await confirmEmail(token)
        f.update({ progress: null, ...(result.ok ? {} : { error: MESSAGES.linkExpired }) })
        if (result.ok) o.onSetupConfirmed?.()
        return
      }
      if (o.confirm) {
        const token = o.confirm
        await duringSignIn(async () => {
          f.update({ progress: MESSAGES.connecting })
          const result = await confirmEmail(token)
          if (result.ok) await f.complete()
          else f.update({ progress: null, error: MESSAGES.linkExpired })
        })
        return
      }
      const pending = takeGoogle()
      if (pending && o.kinds.includes(pending.kind)) {
        if (!(await finishGoogle(pending, f))) o.onGoogleFailed?.()
      }
    })()
  }, [flow, options])
}
