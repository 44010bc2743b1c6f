import { trackBackendCall } from './backend-activity'
import { getSupabase } from './supabase-lazy'

export type RpcResult<T> = { ok: true; data: T } | { ok: false; message: string; offline: boolean }

/**
 * Calls a database function online (for screens that read server lists, like the admin's member
 * list). Offline or failing calls answer with a message the screen can show.
 */
export async function rpc<T>(name: string, args: Record<string, unknown>): Promise<RpcResult<T>> {
  if (!navigator.onLine)
    return { ok: false, offline: true, message: 'This needs a connection. You are offline.' }
  try {
    const supabase = await getSupabase()
    const { data, error } = await trackBackendCall(async () => await supabase.rpc(name, args))
    if (error) return { ok: false, offline: false, message: error.message }
    return { ok: true, data: data as T }
  } catch (error) {
    return { ok: false, offline: !navigator.onLine, message: (error as Error).message }
  }
}
