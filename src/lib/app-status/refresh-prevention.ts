// Refresh prevention (A09/A10): while any part of the app holds work that a reload would
// lose or interrupt — changes not yet synced, edit-mode changes not yet saved, a form being
// filled in — the browser asks before the tab is reloaded or closed.
type Listener = () => void

const reasons = new Set<string>()
const listeners = new Set<Listener>()

export function setRefreshPrevention(reason: string, active: boolean): void {
  const had = reasons.has(reason)
  if (active === had) return
  if (active) reasons.add(reason)
  else reasons.delete(reason)
  listeners.forEach((l) => l())
}

export function refreshPrevented(): boolean {
  return reasons.size > 0
}

export function activeRefreshReasons(): string[] {
  return [...reasons]
}

export function subscribeRefreshPrevention(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The beforeunload handler: asks only while something prevents a refresh. */
export function onBeforeUnload(event: BeforeUnloadEvent): void {
  if (!refreshPrevented()) return
  event.preventDefault()
  // Older browsers show the dialog only when returnValue is set.
  event.returnValue = ''
}
