// Automatic reloads (a chunk that failed to load, a new build) are throttled so a page that
// keeps failing cannot reload in a loop: at most one automatic reload per 10 seconds.
export const RELOAD_GUARD_MS = 10_000
const KEY = 'app.lastAutoReload'

export interface ReloadDeps {
  now: () => number
  storage: Pick<Storage, 'getItem' | 'setItem'>
  reload: () => void
}

/** Reloads unless another automatic reload happened within the guard window. */
export function guardedReload(deps: ReloadDeps, windowMs = RELOAD_GUARD_MS): boolean {
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
