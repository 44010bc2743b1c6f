import { getSupabase } from '../supabase-lazy'
import { APP_VERSION } from '../centre'

// Blocking takes effect at once on the server (RLS reads the member row). The device learns of it
// on its next token refresh: supabase-js refreshes before the token expires, and the app refreshes
// itself when it opens and when it comes back to the front, at most every few minutes.
const CHECK_EVERY_MS = 5 * 60_000
const ACTIVITY_EVERY_MS = 60 * 60_000
const ACTIVITY_KEY = 'app.auth.lastActivity'

let lastCheck = 0
let listening = false

/** Refreshes the token now; the session watcher reacts to what the new claims say. */
export async function checkStanding(): Promise<void> {
  lastCheck = Date.now()
  const supabase = await getSupabase()
  const { data } = await supabase.auth.getSession()
  if (!data.session) return
  const { error } = await supabase.auth.refreshSession()
  if (error) return
  const last = Number(localStorage.getItem(ACTIVITY_KEY)) || 0
  if (Date.now() - last > ACTIVITY_EVERY_MS) {
    localStorage.setItem(ACTIVITY_KEY, String(Date.now()))
    await supabase.rpc('record_activity', { app_version: APP_VERSION })
  }
}

function due(): void {
  if (document.visibilityState !== 'visible' || !navigator.onLine) return
  if (Date.now() - lastCheck < CHECK_EVERY_MS) return
  void checkStanding().catch(() => undefined)
}

export function startStandingChecks(): void {
  if (listening) return
  listening = true
  window.addEventListener('focus', due)
  window.addEventListener('online', due)
  document.addEventListener('visibilitychange', due)
  due()
}
