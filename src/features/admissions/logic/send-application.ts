import type { ApplicationAnswer } from '@sync/rules/admissions/application'
import {
  APPLICATION_QUEUE_KEY,
  sendQueued,
  type QueuedApplication,
  type SendResult,
} from '@sync/rules/admissions/submit-queue'
import { supabaseAnonKey, supabaseUrl } from '@/lib/backend-address'

/** How long one try may take on 2g before it counts as no answer (it stays queued). */
export const SEND_TIMEOUT_MS = 90_000

/** Sends one queued application to the `applications` function, without supabase-js. */
export async function sendApplication(
  entry: QueuedApplication,
  fetchImpl: typeof fetch = fetch,
): Promise<SendResult> {
  const res = await fetchImpl(`${supabaseUrl}/functions/v1/applications`, {
    method: 'POST',
    headers: {
      apikey: supabaseAnonKey,
      authorization: `Bearer ${supabaseAnonKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ kind: entry.kind, application: entry.application }),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  })
  const body = (await res.json().catch(() => null)) as ApplicationAnswer | null
  return { status: res.status, body }
}

let sending: Promise<QueuedApplication[]> | null = null

/** Sends what is queued on this device; one round at a time, however many callers ask. */
export function sendQueuedApplications(): Promise<QueuedApplication[]> {
  sending ??= sendQueued(localStorage, (entry) => sendApplication(entry)).finally(() => {
    sending = null
  })
  return sending
}

/** On any page of the app: an application left queued (a closed tab, no network) goes now. */
export function sendLeftoverApplications(): void {
  if (!localStorage.getItem(APPLICATION_QUEUE_KEY)) return
  const go = () => void sendQueuedApplications()
  if (navigator.onLine) go()
  window.addEventListener('online', go)
}
