import type { Workbox } from 'workbox-window'
import { guardedReload } from '@/lib/app-status/reload-guard'

// The update flow of core.md §4: once an hour the app asks whether a newer build was
// published; when one was, the service worker fetches it and waits; the next navigation
// lets it take control (waiting → controlling), which reloads the page into the new build.
export const UPDATE_CHECK_MS = 60 * 60 * 1000

let wb: Workbox | undefined

const reloadDeps = () => ({
  now: Date.now,
  storage: sessionStorage,
  reload: () => location.reload(),
})

/** Asks for the latest build id; a different id means a newer build exists. */
export async function checkForNewBuild(
  fetchImpl: typeof fetch = fetch,
  currentId: string = __BUILD_ID__,
): Promise<boolean> {
  try {
    const res = await fetchImpl(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' })
    if (!res.ok) return false
    const body = (await res.json()) as { id?: unknown }
    const newer = typeof body.id === 'string' && body.id !== currentId
    if (newer) await wb?.update()
    return newer
  } catch {
    return false // offline: try again at the next check
  }
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  // Listened for from the start, not once workbox-window has registered (after the page's load
  // event): a page a worker controlled when it opened reloads when a newer worker takes over.
  const controlled = !!navigator.serviceWorker.controller
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled) guardedReload(reloadDeps())
  })
  // Loaded behind the page: the worker is not needed to show it.
  void import('workbox-window').then(({ Workbox }) => {
    wb = new Workbox('/sw.js', { scope: '/' })
    void wb.register()
    setInterval(() => void checkForNewBuild(), UPDATE_CHECK_MS)
  })
}

/** Before each navigation: a build that is waiting takes over (then the page reloads into it). */
export function updateOnNavigation(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  void navigator.serviceWorker.getRegistration().then((reg) => applyWaitingUpdate(reg))
}

/**
 * Tells a waiting build to take over. The registration is asked directly rather than
 * workbox-window's `waiting` event, which comes 200 ms after the worker is installed and not at
 * all for a second update found while the same page stays open.
 */
export function applyWaitingUpdate(
  reg: Pick<ServiceWorkerRegistration, 'waiting'> | undefined,
): boolean {
  const next = reg?.waiting
  if (!next) return false
  next.postMessage({ type: 'SKIP_WAITING' })
  return true
}
