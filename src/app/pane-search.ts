/**
 * `validateSearch` for a dashboard whose panes are named by the `pane` search parameter: an
 * unknown pane fails validation, which shows the 404 screen.
 */
export function paneSearch<P extends string>(panes: readonly P[]) {
  return (search: Record<string, unknown>): { pane?: P } => {
    const pane = search.pane
    if (pane === undefined) return {}
    if (typeof pane === 'string' && (panes as readonly string[]).includes(pane))
      return { pane: pane as P }
    throw new Error(`Unknown pane: ${String(pane)}`)
  }
}
