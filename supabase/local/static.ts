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

function compressedCopy(full: string, mtimeMs: number, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const key = `${encoding}:${full}:${mtimeMs}`
  let copy = compressed.get(key)
  if (!copy) {
    copy = readFile(full).then((raw) =>
      encoding === 'br'
        ? brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipAsync(raw, { level: 9 }),
    )
    compressed.set(key, copy)
    copy.catch(() => compressed.delete(key))
  }
  return copy
}

async function send(c: Context, full: string, mtimeMs: number, size: number, relative: string) {
  const encoding = chooseEncoding(c, full)
  const etag = `W/"${createHash('sha1')
    .update(`${relative}:${size}:${mtimeMs}:${encoding ?? ''}`)
    .digest('base64url')
    .slice(0, 16)}"`
  const headers: Record<string, string> = {
    'content-type': TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
    'cache-control': cacheControl(relative),
    etag,
    'last-modified': new Date(mtimeMs).toUTCString(),
    'x-content-type-options': 'nosniff',
  }
  if (COMPRESSIBLE.test(full)) headers.vary = 'Accept-Encoding'
  if (relative.endsWith('sw.js')) headers['service-worker-allowed'] = '/'
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers })
  if (encoding) {
    const body = await compressedCopy(full, mtimeMs, encoding)
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: { ...headers, 'content-encoding': encoding, 'content-length': String(body.length) },
    })
  }
  const body = c.req.method === 'HEAD' ? null : await readFile(full)
  return new Response(body, {
    status: 200,
    headers: { ...headers, 'content-length': String(size) },
  })
}
export function staticHandler(distDir: string) {
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
    if (direct) return send(c, direct.full, direct.info.mtimeMs, direct.info.size, path.slice(1))
    if (!isNavigation(c)) return c.text('Not Found', 404)
    const shell = await fileAt(root, '/index.html')
    if (!shell) {
      return c.html(
        '<!doctype html><title>App not built</title><p>The app has not been built yet. ' +
          'Run <code>npm run build</code>, or start it with <code>npm start</code>, which builds it.</p>',
        503,
      )
    }
    return send(c, shell.full, shell.info.mtimeMs, shell.info.size, 'index.html')
  }
}
