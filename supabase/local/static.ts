// Serves the built PWA (dist/). Cache headers follow what an installable app needs: the service
// worker and the pages are always revalidated (so an update is seen on the next check),
// content-hashed assets are cached for good. Text files are sent as the brotli or gzip copies the
// build made beside them (vite-plugin-compression2), so nothing is compressed per request except
// the pages, which carry the host's key and are small. A page is any address without a file
// extension ("/", "/signin", "/parents/dash"): its prerendered HTML when the build made one
// (dist/prerendered/signin/index.html, see scripts/prerender.ts), the app's shell otherwise, whatever the request's Accept header.
import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { extname, resolve, sep } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type Context } from 'hono'
import { compress } from 'hono/compress'
import { etag } from 'hono/etag'

// Files whose name must stay stable across builds: browsers must ask every time.
const ALWAYS_REVALIDATE =
  /(^|\/)(index\.html|sw\.js|registerSW\.js|workbox-[\w-]+\.js|manifest\.webmanifest)$/
// Vite's output names carry a content hash (name-abc123XY.js): safe to cache forever.
const HASHED = /(^|\/)assets\/.+[-.][\w-]{8,}\.\w+$/
const COMPRESSIBLE = /\.(html|js|mjs|css|json|map|webmanifest|txt|xml|svg)$/i

export function cacheControl(path: string): string {
  if (ALWAYS_REVALIDATE.test(path)) return 'no-cache'
  if (HASHED.test(path)) return 'public, max-age=31536000, immutable'
  return 'public, max-age=0, must-revalidate'
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
 * scripts of the page, by their hashes), connections only to the app's own server, no plug-ins,
 * and no framing by other sites (clickjacking). Styles may be inline: components set style
 * attributes, and prerendered pages carry their critical CSS.
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

const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** The page as served: the host's anon key in a meta tag the app reads. */
function pageText(html: string, options: PageOptions): string {
  if (!options.anonKey) return html
  const meta = `<meta name="supabase-anon-key" content="${escapeAttr(options.anonKey)}" />`
  return html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : meta + html
}

/** The file at `path` under `root`, or null when there is none (or it would leave `root`). */
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

/** "/", "/signin" and "/apply-students/" are pages; "/assets/x.js" and "/robots.txt" are files. */
const isPage = (path: string) => !/\.[^/]*$/.test(path)

/**
 * A page's address whose query changes what it shows (an e-mailed link's token, a known address)
 * gets the app's shell: its prerendered HTML shows the page as it first is.
 */
const showsPrerendered = (search: URLSearchParams) =>
  [...search.keys()].every((key) => key === 'redirect')

/** The HTML that answers a page: the prerendered one for its path, else the app's shell. */
async function pageFile(root: string, path: string, search: URLSearchParams) {
  const trimmed = path.replace(/\/+$/, '')
  const prerendered = showsPrerendered(search)
    ? await fileAt(root, `/prerendered${trimmed}/index.html`)
    : null
  return prerendered ?? fileAt(root, '/index.html')
}

const NOT_BUILT =
  '<!doctype html><title>App not built</title><p>The app has not been built yet. ' +
  'Run <code>npm run build</code>, or start it with <code>npm start</code>, which builds it.</p>'

async function sendPage(c: Context, root: string, path: string, options: PageOptions) {
  const file = await pageFile(root, path, new URL(c.req.url).searchParams)
  if (!file) return c.html(NOT_BUILT, 503)
  const html = pageText(await readFile(file.full, 'utf8'), options)
  const tag = `"${sha256(html).slice(0, 27)}"`
  const headers = {
    ...SECURITY_HEADERS,
    'content-security-policy': contentSecurityPolicy(html),
    'cache-control': 'no-cache',
    'content-type': 'text/html; charset=utf-8',
    etag: tag,
    vary: 'Accept-Encoding',
  }
  const matches = (c.req.header('if-none-match') ?? '').replace(/W\//g, '').split(/\s*,\s*/)
  if (matches.includes(tag)) return new Response(null, { status: 304, headers })
  return new Response(c.req.method === 'HEAD' ? null : html, { status: 200, headers })
}

/** Hono's request handler for the app's files and pages, rooted at the built app's folder. */
export function staticHandler(distDir: string, options: PageOptions = {}) {
  const root = resolve(distDir)
  const app = new Hono()
  app.use(async (c, next) => {
    let path: string
    try {
      path = decodeURIComponent(new URL(c.req.url).pathname)
    } catch {
      return c.text('Bad Request', 400)
    }
    if (path.includes('\0')) return c.text('Bad Request', 400)
    const inside = resolve(root, '.' + path)
    if (inside !== root && !inside.startsWith(root + sep)) return c.text('Not Found', 404)
    await next()
  })
  // Pages are made per request (the key is the host's): compressed here, with gzip.
  app.use(async (c, next) => {
    if (!isPage(c.req.path)) return next()
    return compress({ encoding: 'gzip' })(c, async () => {
      c.res = await sendPage(c, root, c.req.path, options)
    })
  })
  // Headers of the files: set once the file is found (a 404 must not be cached for a year).
  app.use(async (c, next) => {
    await next()
    if (c.res.status !== 200 && c.res.status !== 304) return
    const relative = c.req.path.slice(1)
    const headers = c.res.headers
    headers.set('cache-control', cacheControl(relative))
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value)
    if (COMPRESSIBLE.test(relative)) headers.set('vary', 'Accept-Encoding')
    if (relative.endsWith('sw.js')) headers.set('service-worker-allowed', '/')
    if (extname(relative) === '.webmanifest')
      headers.set('content-type', 'application/manifest+json; charset=utf-8')
  })
  app.use(etag({ retainedHeaders: ['cache-control', 'etag', 'vary', 'content-type'] }))
  app.get('*', serveStatic({ root, precompressed: true }))
  return (c: Context) => app.fetch(c.req.raw, c.env)
}
