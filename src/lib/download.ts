// Downloading a file the server makes (a receipt, a feedback PDF): its name from the answer's
// Content-Disposition, and its bytes with how much has arrived on a slow connection.

/** The file name a Content-Disposition header gives, else `fallback`; never a path. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition ?? '')
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition ?? '')
  let name = ''
  try {
    name = star ? decodeURIComponent(star[1]!.trim()) : (plain?.[1] ?? plain?.[2] ?? '').trim()
  } catch {
    name = ''
  }
  name = name.replace(/[/\\]/g, '-').replace(/^\.+/, '')
  return name || fallback
}

/** A response's bytes, telling `onProgress` how many have arrived (and the whole, when known). */
export async function readWithProgress(
  res: Response,
  onProgress?: (received: number, total: number | null) => void,
): Promise<Uint8Array<ArrayBuffer>> {
  const total = Number(res.headers.get('content-length')) || null
  if (!res.body) {
    const bytes = new Uint8Array(await res.arrayBuffer())
    onProgress?.(bytes.length, total)
    return bytes
  }
  const reader = res.body.getReader()
  const parts: Uint8Array[] = []
  let received = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    parts.push(value)
    received += value.length
    onProgress?.(received, total)
  }
  const bytes = new Uint8Array(received)
  let at = 0
  for (const part of parts) {
    bytes.set(part, at)
    at += part.length
  }
  return bytes
}
