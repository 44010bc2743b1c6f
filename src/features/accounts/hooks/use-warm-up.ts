import { useCallback, useRef } from 'react'
import { warmUp } from '@/lib/auth/actions'

/**
 * A callback that warms the `accounts` function up the first time the person starts typing, so
 * it is running by the time they send the form (a cold start can take seconds on a hosted
 * project). Nothing is sent while the page merely opens.
 */
export function useWarmUpOnFirstInput(): () => void {
  const sent = useRef(false)
  return useCallback(() => {
    if (sent.current || !navigator.onLine) return
    sent.current = true
    void warmUp('accounts')
  }, [])
}
