import type { Workbox } from 'workbox-window'
import { reloadWhenOnline } from '@/lib/app-status/reload-guard'
import type { AuthSource } from '@/lib/auth/types'
import { chooseWhatToKeep } from './offline-keep'

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

export function registerServiceWorker(auth: AuthSource): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  // Listened for from the start, not once workbox-window has registered (after the page's load
  // event): a page a worker controlled reloads when a newer worker takes over. The first worker
  // taking an uncontrolled page (it claims the page once it has kept the app) is no new build.
  // Offline, the reload waits for the connection: the page it would load may not be kept yet.
  let controlled = !!navigator.serviceWorker.controller
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (controlled)
      reloadWhenOnline(reloadDeps(), {
        online: () => navigator.onLine,
        addEventListener: (type, listener, options) =>
          window.addEventListener(type, listener, options),
      })
    controlled = true
  })
  // Loaded behind the page: the worker is not needed to show it. The signed-in person's
  // dashboards are named first, so a worker installed now keeps them before it takes the page.
  const choice = chooseWhatToKeep(auth).catch(() => {})
  void Promise.all([import('workbox-window'), choice]).then(([{ Workbox }]) => {
    wb = new Workbox('/sw.js', { scope: '/' })
    void wb.register()
    setInterval(() => void checkForNewBuild(), UPDATE_CHECK_MS)
  })
}

/**
 * How long a build told to take over may take before the page is loaded again. Chrome can keep
 * the new worker waiting while the old one still counts work for the open page (measured: about
 * one navigation in eight kept it waiting for over 50 seconds); a full load of the page lets it
 * take over at once.
 */
export const TAKE_OVER_FALLBACK_MS = 3_000

/**
 * Before each navigation: a build that is waiting takes over (then the page reloads into it).
 * Not while offline: the takeover waits for a navigation made online, when the reload is safe.
 */
export function updateOnNavigation(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV || !navigator.onLine) return
  void navigator.serviceWorker.getRegistration().then((reg) =>
    takeOverOrReload(reg, {
      container: navigator.serviceWorker,
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (id) => clearTimeout(id),
      reload: () => location.reload(),
      online: () => navigator.onLine,
    }),
  )
}

export interface TakeOverDeps<Timer> {
  container: Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'>
  setTimer: (fn: () => void, ms: number) => Timer
  clearTimer: (timer: Timer) => void
  reload: () => void
  /** Asked when the fallback is due: offline, the page is not loaded again. */
  online: () => boolean
}

/**
 * Tells a waiting build to take over; the `controllerchange` listener of registerServiceWorker
 * reloads the page when it does. If it has not within TAKE_OVER_FALLBACK_MS, the page is loaded
 * again (not through the reload guard: this happens once per navigation a person makes, so it
 * cannot loop, and the reload that follows the takeover must stay allowed), unless the device
 * went offline meanwhile: the build then takes over at a later navigation made online.
 */
export function takeOverOrReload<Timer>(
  reg: Pick<ServiceWorkerRegistration, 'waiting'> | undefined,
  deps: TakeOverDeps<Timer>,
): boolean {
  if (!applyWaitingUpdate(reg)) return false
  const tookOver = () => {
    deps.clearTimer(timer)
    deps.container.removeEventListener('controllerchange', tookOver)
  }
  const timer = deps.setTimer(() => {
    deps.container.removeEventListener('controllerchange', tookOver)
    if (deps.online()) deps.reload()
  }, TAKE_OVER_FALLBACK_MS)
  deps.container.addEventListener('controllerchange', tookOver)
  return true
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
