// Errors and warnings an admin must know about, recorded for the System Errors and Warnings
// panes (`log_system_event`, service role only). Recording never throws: a failure to log is
// printed and the function's own answer goes out as it would have.
import type { SupabaseClient } from '@supabase/supabase-js'

export async function logSystemEvent(
  db: SupabaseClient,
  kind: 'error' | 'warning',
  source: string,
  message: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  try {
    const { error } = await db.rpc('log_system_event', { kind, source, message, details })
    if (error) console.error(`Could not record the ${kind} from ${source}:`, error.message)
  } catch (error) {
    console.error(`Could not record the ${kind} from ${source}:`, error)
  }
}
