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

/** The router's own mark: with it set for an error, its lazy routes do not reload the page. */
const ROUTER_RELOAD_KEY = 'tanstack_router_reload:'
/** The app's mark that a chunk's failure has already reloaded the page once in this tab. */
const CHUNK_RELOAD_KEY = 'app.chunkReload:'

/**
 * The app alone decides when a chunk that failed to load reloads the page. The router's lazy
 * routes reload by themselves on such an error, online or not (offline that shows the browser's
 * own offline page); Vite announces every failed dynamic import (`vite:preloadError`) before the
 * router sees it, so the router's mark is set first and the error reaches the route's error
 * screen (RouteError), which calls reloadForChunk.
 */
export function takeChunkReloads(
  target: Pick<Window, 'addEventListener'>,
  storage: Pick<Storage, 'setItem'>,
): void {
  target.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload
    if (error instanceof Error) storage.setItem(ROUTER_RELOAD_KEY + error.message, '1')
  })
}

/**
 * A chunk failed to load: online, the page is loaded again once per failing chunk (a new build
 * may have replaced it) within the loop guard; offline, only once the connection is back. Returns
 * true when a reload happened now.
 */
export function reloadForChunk(error: unknown, deps: ReloadDeps, events: OnlineEvents): boolean {
  if (!events.online()) return reloadWhenOnline(deps, events)
  const key = CHUNK_RELOAD_KEY + (error instanceof Error ? error.message : String(error))
  if (deps.storage.getItem(key)) return false
  if (!guardedReload({ ...deps, online: events.online })) return false
  deps.storage.setItem(key, '1')
  return true
}
