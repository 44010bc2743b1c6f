// Automatic reloads (a chunk that failed to load, a new build) are throttled so a page that
// keeps failing cannot reload in a loop: at most one automatic reload per 10 seconds.
export const RELOAD_GUARD_MS = 10_000
const KEY = 'app.lastAutoReload'

export interface ReloadDeps {
  now: () => number
  storage: Pick<Storage, 'getItem' | 'setItem'>
  reload: () => void
  /** False while the device is offline: a reload then may find nothing to load the page from. */
  online?: () => boolean
}

/**
 * Reloads unless the device is offline (the page may not be kept on it: the browser would show
 * its own offline page instead of the app) or another automatic reload happened within the guard
 * window.
 */
export function guardedReload(deps: ReloadDeps, windowMs = RELOAD_GUARD_MS): boolean {
  if (deps.online && !deps.online()) return false
  const last = Number(deps.storage.getItem(KEY) ?? 0)
  const now = deps.now()
  if (last && now - last < windowMs) return false
  deps.storage.setItem(KEY, String(now))
  deps.reload()
  return true
}

/** Recognises the errors browsers and bundlers raise when a lazy chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error)
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  )
}

export interface OnlineEvents {
  online: () => boolean
  addEventListener: (type: 'online', listener: () => void, options: { once: true }) => void
}

/**
 * Reloads now when online; offline, once the connection is back. Returns true when a reload
 * happened now.
 */
export function reloadWhenOnline(deps: ReloadDeps, events: OnlineEvents): boolean {
  const withOnline = { ...deps, online: events.online }
  if (events.online()) return guardedReload(withOnline)
  events.addEventListener('online', () => void guardedReload(withOnline), { once: true })
  return false
}
