import { useSyncExternalStore } from 'react'
import { backendProgress, PROGRESS, subscribeBackendActivity } from '@/lib/backend-activity'

/**
 * A thin bar along the top of the page while the person waits on the server (operations.md §8):
 * it fills while calls run, completes when the last one ends, and is gone (reset) afterwards.
 */
export function BackendProgress() {
  const value = useSyncExternalStore(subscribeBackendActivity, backendProgress, () => 0)
  if (value === 0) return null
  return (
    <div
      role="progressbar"
      aria-label="Waiting for the server"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      data-testid="backend-progress"
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        zIndex: 1000,
        height: 3,
        width: `${value}%`,
        background: 'var(--mantine-primary-color-filled)',
        transition: `width ${PROGRESS.stepMs}ms ease-out`,
        pointerEvents: 'none',
      }}
    />
  )
}
