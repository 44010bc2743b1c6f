// What a device checks before it pushes a document. Postgres cannot store a NUL character or half
// of a surrogate pair in JSON, and a call carrying one fails whole: the rest of the queue would
// wait behind it forever. A document over the size limit would travel to every device on every
// pull. Such a change is refused on the device with a reason, like a refusal from the server.
import { MAX_DOCUMENT_BYTES } from '../contract/constants.ts'

// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

function hasUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value)
  if (Array.isArray(value)) return value.some(hasUnstorable)
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => UNSTORABLE.test(k) || hasUnstorable(v))
  return false
}

/** Why a document cannot be pushed, in words for the person, or null when it can. */
export function unsendableReason(doc: Record<string, unknown>): string | null {
  if (hasUnstorable(doc))
    return 'This change contains an invisible character that cannot be stored (a NUL or a broken emoji); it was undone. Type the text again.'
  const bytes = new TextEncoder().encode(JSON.stringify(doc)).length
  if (bytes > MAX_DOCUMENT_BYTES)
    return `This record is too large to sync (${Math.ceil(bytes / 1024)} KB; at most ${MAX_DOCUMENT_BYTES / 1024} KB).`
  return null
}
