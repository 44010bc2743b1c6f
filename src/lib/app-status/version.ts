/** Compares dotted version strings numerically ('1.0.54' > '1.0.9'). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((p) => Number.parseInt(p, 10) || 0)
  const pb = b.split('.').map((p) => Number.parseInt(p, 10) || 0)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0)
    if (d !== 0) return Math.sign(d)
  }
  return 0
}

/**
 * The "App Version has changed" alert shows when the published version differs from the
 * running one; an unknown published version (offline, not read yet) never shows it.
 */
export function versionChanged(published: string | null | undefined, running: string): boolean {
  if (!published) return false
  return compareVersions(published.trim(), running) !== 0
}

export const VERSION_CHANGED_MESSAGE =
  'App Version has changed. Please refresh the page to get the latest updates.'
