/** The slow-connection flag: the browser reports an effective type of 2g or slower. */
export function isSlowConnection(effectiveType: string | undefined | null): boolean {
  return effectiveType === '2g' || effectiveType === 'slow-2g'
}
