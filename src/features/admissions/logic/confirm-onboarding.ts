// Confirming onboarding answers from the e-mailed link (/apply-onboarding?confirm=…).
import { APPLICATION_MESSAGES, type ApplicationAnswer } from '@sync/rules/admissions/application'
import { supabaseAnonKey, supabaseUrl } from '@/lib/backend-address'

/** How long the confirmation may take on 2g before it counts as no answer. */
const CONFIRM_TIMEOUT_MS = 90_000

/**
 * Confirms onboarding answers with the token of the e-mailed link: the office reads them once
 * this succeeds. Answers the function's words, or that there is no connection.
 */
export async function confirmOnboardingAnswers(
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ ok: boolean; message: string }> {
  try {
    const res = await fetchImpl(`${supabaseUrl}/functions/v1/applications`, {
      method: 'POST',
      headers: {
        apikey: supabaseAnonKey,
        authorization: `Bearer ${supabaseAnonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ kind: 'onboardingConfirm', token }),
      signal: AbortSignal.timeout(CONFIRM_TIMEOUT_MS),
    })
    const body = (await res.json().catch(() => null)) as ApplicationAnswer | null
    if (res.ok && body?.type === 'success') return { ok: true, message: body.message }
    return { ok: false, message: body?.message ?? APPLICATION_MESSAGES.unexpected }
  } catch {
    return { ok: false, message: ONBOARDING_CONFIRM_OFFLINE }
  }
}

export const ONBOARDING_CONFIRM_OFFLINE =
  'There is no connection just now: open the link again when you are online.'
