import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { brotliCompressSync, gunzipSync, gzipSync, brotliDecompressSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { cacheControl, staticHandler } from './static.ts'

describe('serving the built app', () => {
  let app: Hono
  let dist: string
  const page = { accept: 'text/html,application/xhtml+xml', 'sec-fetch-mode': 'navigate' }

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'dist-'))
    await mkdir(join(dist, 'assets'))
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>app</title>')
    await writeFile(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    await writeFile(join(dist, 'assets', 'index-B3kd9x_Q.js'), 'console.log(1)')
    // The build writes brotli and gzip copies beside each text file.
    await writeFile(
      join(dist, 'assets', 'index-B3kd9x_Q.js.br'),
      brotliCompressSync('console.log(1)'),
    )
    await writeFile(join(dist, 'assets', 'index-B3kd9x_Q.js.gz'), gzipSync('console.log(1)'))
    await writeFile(join(dist, 'assets', 'plain-C4ld0y_R.css'), 'body{}')
    await mkdir(join(dist, 'prerendered', 'signin'), { recursive: true })
    await writeFile(
      join(dist, 'prerendered', 'signin', 'index.html'),
      `<!doctype html><title>sign in</title>${'<p>Sign in</p>'.repeat(100)}`,
    )
    await writeFile(join(dist, 'manifest.webmanifest'), '{}')
    await writeFile(join(dist, 'robots.txt'), 'User-agent: *')
    app = new Hono()
    app.get('/*', staticHandler(dist))
  })

  it.each([
    ['index.html', 'no-cache'],
    ['sw.js', 'no-cache'],
    ['registerSW.js', 'no-cache'],
    ['manifest.webmanifest', 'no-cache'],
    ['assets/index-B3kd9x_Q.js', 'public, max-age=31536000, immutable'],
    ['assets/MantineProvider-Cq1zKk9A.css', 'public, max-age=31536000, immutable'],
    ['robots.txt', 'public, max-age=0, must-revalidate'],
    ['icon-192.png', 'public, max-age=0, must-revalidate'],
  ])('caches %s with %s', (path, expected) => {
    expect(cacheControl(path)).toBe(expected)
  })

  it('serves files with their type and cache headers', async () => {
    const sw = await app.request('/sw.js')
    expect(sw.status).toBe(200)
    expect(sw.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(sw.headers.get('cache-control')).toBe('no-cache')
    expect(sw.headers.get('service-worker-allowed')).toBe('/')
    const asset = await app.request('/assets/index-B3kd9x_Q.js')
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect(await asset.text()).toBe('console.log(1)')
    const manifest = await app.request('/manifest.webmanifest')
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json')
  })

  it('sends the precompressed copy the browser accepts, and the plain file otherwise', async () => {
    const gz = await app.request('/assets/index-B3kd9x_Q.js', {
      headers: { 'accept-encoding': 'gzip, deflate' },
    })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gz.headers.get('vary')).toBe('Accept-Encoding')
    expect(gz.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe('console.log(1)')
    const br = await app.request('/assets/index-B3kd9x_Q.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(
      'console.log(1)',
    )
    const plain = await app.request('/assets/index-B3kd9x_Q.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe('console.log(1)')
    // A compressed and a plain copy are different representations: different ETags.
    expect(gz.headers.get('etag')).not.toBe(plain.headers.get('etag'))
    // No copy made at build time: the file as it is.
    const css = await app.request('/assets/plain-C4ld0y_R.css', {
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(css.headers.get('content-encoding')).toBeNull()
    expect(await css.text()).toBe('body{}')
  })

  it('compresses pages, which carry the host key, when they are sent', async () => {
    const keyed = new Hono()
    keyed.get('/*', staticHandler(dist, { anonKey: 'the-host-key' }))
    const res = await keyed.request('/signin', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString()
    expect(html).toContain('<title>sign in</title>')
    expect(html).toContain('<meta name="supabase-anon-key" content="the-host-key" />')
  })

  it.each([
    ['no Accept header', {}],
    ['Accept: */*', { accept: '*/*' }],
    ['a browser navigation', page],
  ])('answers / with the app for %s, as an uptime monitor needs', async (_name, headers) => {
    const res = await app.request('/', { headers })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await res.text()).toContain('<title>app</title>')
  })

  it('answers a prerendered path with its own page, and other app routes with the shell', async () => {
    for (const path of ['/signin', '/signin/']) {
      const res = await app.request(path, { headers: page })
      expect(res.status, path).toBe(200)
      expect(await res.text(), path).toContain('<title>sign in</title>')
    }
    // Where a guard sent the visitor changes nothing on the page; a link's token or a known
    // address does, and the app shows those itself.
    const redirected = await app.request('/signin?redirect=%2Fparents%2Fdash', { headers: page })
    expect(await redirected.text()).toContain('<title>sign in</title>')
    for (const query of ['?setup=token', '?confirm=token', '?email=a%40b.c&redirect=%2F']) {
      const res = await app.request(`/signin${query}`, { headers: page })
      expect(await res.text(), query).toContain('<title>app</title>')
    }
    const other = await app.request('/parents/dash')
    expect(await other.text()).toContain('<title>app</title>')
  })

  it('never caches a missing file', async () => {
    const res = await app.request('/assets/missing-12345678.js')
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBeNull()
  })

  it('answers navigations to app routes with index.html, and missing files with 404', async () => {
    const route = await app.request('/admin/dash/members', { headers: page })
    expect(route.status).toBe(200)
    expect(route.headers.get('cache-control')).toBe('no-cache')
    expect(await route.text()).toContain('<title>app</title>')
    expect((await app.request('/assets/missing-12345678.js')).status).toBe(404)
  })

  it('revalidates with the ETag', async () => {
    const first = await app.request('/index.html')
    const etag = first.headers.get('etag')!
    const again = await app.request('/index.html', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
  })

  it('never serves files outside the app folder', async () => {
    // A file's path that climbs out is refused; a page's path is the app's shell, never a file.
    for (const path of ['/..%2fpackage.json', '/assets/..%2f..%2fpackage.json', '/%2e%2e/x.js']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(404)
    }
    for (const path of ['/%2e%2e/%2e%2e/etc/passwd', '/assets/%2e%2e/%2e%2e/x']) {
      const res = await app.request(path)
      const body = await res.text()
      expect(body, path).not.toContain('root:')
      expect(res.status === 404 || body.includes('<title>app</title>'), path).toBe(true)
    }
    expect((await app.request('/%00')).status).toBe(400)
  })

  it('explains how to build the app when there is none', async () => {
    const empty = new Hono()
    empty.get('/*', staticHandler(join(tmpdir(), 'no-such-dist-folder')))
    const res = await empty.request('/', { headers: page })
    expect(res.status).toBe(503)
    expect(await res.text()).toContain('npm run build')
  })
})
