import { useCallback, useState } from 'react'

/**
 * A submit's state, the same on every form and dialog: `busy` while it runs (a button's loader,
 * what it disables) and the `failure` a person reads when it was refused.
 *
 * - `run(action)` sets busy for as long as the action runs; what it throws goes on to the caller.
 * - `attempt(action)` also clears the last failure first, and what the action throws becomes the
 *   failure (its message), so the form can say why and be sent again.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  const run = useCallback(async <T>(action: () => Promise<T>): Promise<T> => {
    setBusy(true)
    try {
      return await action()
    } finally {
      setBusy(false)
    }
  }, [])

  const attempt = useCallback(async (action: () => Promise<unknown>): Promise<void> => {
    setBusy(true)
    setFailure(null)
    try {
      await action()
    } catch (error) {
      setFailure((error as Error).message)
    } finally {
      setBusy(false)
    }
  }, [])

  return { busy, failure, setFailure, run, attempt }
}
