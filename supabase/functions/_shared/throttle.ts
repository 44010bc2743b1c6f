// Limits on how often one address (IP) or one account may call an action, counted in the
// database (`public.throttle`) because a function runs as many instances at once.
import type { SupabaseClient } from '@supabase/supabase-js'

export interface Limit {
  /** Calls allowed in one window. */
  max: number
  /** Length of the window in seconds. */
  seconds: number
}

/**
 * Counts one call against each limit and answers how many seconds the caller must wait (0: go
 * on). `factor` multiplies every maximum (RATE_LIMIT_FACTOR, for test rigs and busy centres).
 */
export async function waitFor(
  db: SupabaseClient,
  checks: { bucket: string; key: string; limit: Limit }[],
  factor = 1,
): Promise<number> {
  let wait = 0
  for (const { bucket, key, limit } of checks) {
    const { data, error } = await db.rpc('throttle', {
      bucket,
      key,
      max_hits: Math.max(1, Math.round(limit.max * factor)),
      window_seconds: limit.seconds,
    })
    if (error) throw new Error(`throttle: ${error.message}`)
    wait = Math.max(wait, Number(data) || 0)
  }
  return wait
}

/** RATE_LIMIT_FACTOR as a number: 1 unless a positive number is set. */
export function limitFactor(value: string | undefined): number {
  const n = Number(value)
  return Number.isFinite(n) && n > 0 ? n : 1
}
