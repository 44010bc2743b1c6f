// How values are written for people, the same in the app, the edge functions and the local host.

/** Text as it may stand in HTML, inside an element or an attribute: `<b>` → `&lt;b&gt;`. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}
