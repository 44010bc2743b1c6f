import { notFound } from '@tanstack/react-router'

// Which screens are built. A route or side-pane item whose screen is not in this set is not
// offered: the item is hidden and the route answers with the 404 screen (no blank pages).
// Each feature adds its keys here when its screen lands.
export const builtScreens: ReadonlySet<string> = new Set<string>([])

export function isBuilt(key: string): boolean {
  return builtScreens.has(key)
}

/** `beforeLoad` step for a route that shows one screen. */
export function requireScreen(key: string) {
  return () => {
    if (!isBuilt(key)) throw notFound()
  }
}
