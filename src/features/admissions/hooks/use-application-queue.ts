import { useCallback, useEffect, useState } from 'react'
import type { ApplicationKind } from '@sync/rules/admissions/application'
import {
  enqueueApplication,
  forgetApplication,
  readQueue,
  type QueuedApplication,
} from '@sync/rules/admissions/submit-queue'
import { useSubmit } from '@/components/form/use-submit'
import { sendQueuedApplications } from '../logic/send-application'

/** How often a queued application is tried again while the page is open. */
export const RETRY_MS = 30_000

/**
 * The newest application of this kind on the device and how it stands (queued, sent, refused);
 * `submit` stores one and sends it; queued ones are sent again when the network returns and
 * every RETRY_MS while the page stays open.
 */
export function useApplicationQueue(kind: ApplicationKind) {
  const latest = useCallback(
    () =>
      readQueue(localStorage)
        .filter((q) => q.kind === kind)
        .at(-1) ?? null,
    [kind],
  )
  const [entry, setEntry] = useState<QueuedApplication | null>(latest)
  const { busy: sending, run } = useSubmit()

  const trySend = useCallback(async () => {
    if (!readQueue(localStorage).some((q) => q.state === 'queued')) {
      // The app's own sender (any page, at start and when back online) may have settled the one
      // shown here meanwhile: show what it stored, or a sent application would read "saved on
      // this device" until the page is opened again.
      setEntry((shown) =>
        shown ? (readQueue(localStorage).find((q) => q.id === shown.id) ?? shown) : shown,
      )
      return
    }
    await run(async () => {
      try {
        await sendQueuedApplications()
      } finally {
        setEntry(latest())
      }
    })
  }, [latest, run])

  useEffect(() => {
    // What an earlier visit left queued goes once the page is up.
    const first = setTimeout(() => void trySend(), 0)
    const online = () => void trySend()
    window.addEventListener('online', online)
    const timer = setInterval(() => navigator.onLine && void trySend(), RETRY_MS)
    return () => {
      clearTimeout(first)
      window.removeEventListener('online', online)
      clearInterval(timer)
    }
  }, [trySend])

  const submit = useCallback(
    (application: { id: string }) => {
      setEntry(enqueueApplication(localStorage, kind, application, new Date()))
      void trySend()
    },
    [kind, trySend],
  )

  const dismiss = useCallback(() => {
    if (entry) forgetApplication(localStorage, entry.id)
    setEntry(null)
  }, [entry])

  return { entry, sending, submit, dismiss }
}
