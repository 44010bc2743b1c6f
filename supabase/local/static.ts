// Serves the built PWA (dist/). Cache headers follow what an installable app needs: the service
// worker and the HTML shell are always revalidated (so an update is seen on the next check),
// content-hashed assets are cached for good, and navigations to app routes get index.html.
import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Context } from 'hono'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
}

// Files whose name must stay stable across builds: browsers must ask every time.
const ALWAYS_REVALIDATE =
  /(^|\/)(index\.html|sw\.js|registerSW\.js|workbox-[\w-]+\.js|manifest\.webmanifest)$/
// Vite's output names carry a content hash (name-abc123XY.js): safe to cache forever.
const HASHED = /(^|\/)assets\/.+[-.][\w-]{8,}\.\w+$/

export function cacheControl(path: string): string {
  if (ALWAYS_REVALIDATE.test(path)) return 'no-cache'
  if (HASHED.test(path)) return 'public, max-age=31536000, immutable'
  return 'public, max-age=0, must-revalidate'
}

function isNavigation(c: Context): boolean {
  const accept = c.req.header('accept') ?? ''
  const mode = c.req.header('sec-fetch-mode')
  return mode === 'navigate' || accept.includes('text/html')
}

async function fileAt(root: string, path: string) {
  const full = resolve(root, '.' + path)
  if (full !== root && !full.startsWith(root + sep)) return null
  try {
    const info = await stat(full)
    return info.isFile() ? { full, info } : null
  } catch {
    return null
  }
}

// Text files are sent compressed when the browser accepts it: on a 2g phone the app's first
// visit is several times faster. Compressed copies are kept in memory (the build is small).
const COMPRESSIBLE = /\.(html|js|mjs|css|json|map|webmanifest|txt|xml|svg)$/i
const compressed = new Map<string, Promise<Buffer>>()

function chooseEncoding(c: Context, full: string): 'br' | 'gzip' | null {
  if (!COMPRESSIBLE.test(full)) return null
  const accepted = (c.req.header('accept-encoding') ?? '').toLowerCase()
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return null
}

function compressedCopy(
  full: string,
  mtimeMs: number,
  encoding: 'br' | 'gzip',
  content: () => Promise<Buffer>,
): Promise<Buffer> {
  const key = `${encoding}:${full}:${mtimeMs}`
  let copy = compressed.get(key)
  if (!copy) {
    copy = content().then((raw) =>
      encoding === 'br'
        ? brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipAsync(raw, { level: 9 }),
    )
    compressed.set(key, copy)
    copy.catch(() => compressed.delete(key))
  }
  return copy
}

/** What the host adds to the app's pages: the API key the page must use, and its headers. */
export interface PageOptions {
  /**
   * The host's anon key, given to the page in a meta tag: with a JWT secret of its own the host's
   * key is not the one built into the app.
   */
  anonKey?: string
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64')

/**
 * The Content-Security-Policy of an app page: scripts only from the app's origin (and the inline
 * colour-scheme script, by its hash), connections only to the app's own server, no plug-ins, and
 * no framing by other sites (clickjacking). Styles may be inline: components set style
 * attributes.
 */
export function contentSecurityPolicy(html: string): string {
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => `'sha256-${sha256(m[1]!)}'`,
  )
  return [
    "default-src 'self'",
    `script-src 'self' ${inline.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** Headers every file of the app gets; pages (HTML) also get their Content-Security-Policy. */
function securityHeaders(html: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  }
  if (html !== null) headers['content-security-policy'] = contentSecurityPolicy(html)
  return headers
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** The page as served: the host's anon key in a meta tag the app reads. */
function pageText(html: string, options: PageOptions): string {
  if (!options.anonKey) return html
  const meta = `<meta name="supabase-anon-key" content="${escapeAttr(options.anonKey)}" />`
  return html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : meta + html
}

async function send(
  c: Context,
  full: string,
  mtimeMs: number,
  size: number,
  relative: string,
  options: PageOptions,
) {
  const isHtml = extname(full).toLowerCase() === '.html'
  const html = isHtml ? pageText(await readFile(full, 'utf8'), options) : null
  const bytes = html === null ? null : Buffer.from(html)
  const content = async () => bytes ?? (await readFile(full))
  const length = bytes?.length ?? size
  const encoding = chooseEncoding(c, full)
  const etag = `W/"${createHash('sha1')
    .update(
      `${relative}:${length}:${mtimeMs}:${encoding ?? ''}:${html === null ? '' : sha256(html)}`,
    )
    .digest('base64url')
    .slice(0, 16)}"`
  const headers: Record<string, string> = {
    'content-type': TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
    'cache-control': cacheControl(relative),
    etag,
    'last-modified': new Date(mtimeMs).toUTCString(),
    ...securityHeaders(html),
  }
  if (COMPRESSIBLE.test(full)) headers.vary = 'Accept-Encoding'
  if (relative.endsWith('sw.js')) headers['service-worker-allowed'] = '/'
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers })
  if (encoding) {
    const body = await compressedCopy(
      html === null ? full : `${full}#${sha256(html)}`,
      mtimeMs,
      encoding,
      content,
    )
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: { ...headers, 'content-encoding': encoding, 'content-length': String(body.length) },
    })
  }
  const body = c.req.method === 'HEAD' ? null : new Uint8Array(await content())
  return new Response(body, {
    status: 200,
    headers: { ...headers, 'content-length': String(length) },
  })
}
export function staticHandler(distDir: string, options: PageOptions = {}) {
  const root = resolve(distDir)
  return async (c: Context) => {
    let path: string
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname)
    } catch {
      return c.text('Bad Request', 400)
    }
    if (path.includes('\0')) return c.text('Bad Request', 400)
    const direct = path.endsWith('/') ? null : await fileAt(root, path)
    if (direct)
      return send(c, direct.full, direct.info.mtimeMs, direct.info.size, path.slice(1), options)
    if (!isNavigation(c)) return c.text('Not Found', 404)
    const shell = await fileAt(root, '/index.html')
    if (!shell) {
      return c.html(
        '<!doctype html><title>App not built</title><p>The app has not been built yet. ' +
          'Run <code>npm run build</code>, or start it with <code>npm start</code>, which builds it.</p>',
        503,
      )
    }
    return send(c, shell.full, shell.info.mtimeMs, shell.info.size, 'index.html', options)
  }
}
