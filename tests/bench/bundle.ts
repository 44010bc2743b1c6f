// Bundle (issue 2): gzip bytes (zlib default level 6, what a static host typically serves) of the
// JS and CSS each route chunk brings, read from the Vite manifest of the benchmark build. A
// route's bytes are its lazily loaded component chunk plus the chunks it imports statically,
// minus what the entry (index) chunk and the route's layouts already loaded; the entry is
// reported on its own. The sign-in page's first load is the entry, the default layout and
// /signin together.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { DIST, log, runSuite, startHost, type Row } from './support.ts'
import { launchChromium } from './browser.ts'
import { measure } from '../../scripts/route-budgets.ts'

interface Chunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  css?: string[]
}

const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>
const gzipCache = new Map<string, number>()
const gz = (file: string) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(DIST, file))).length)
  return gzipCache.get(file)!
}

/** The files a chunk loads before it runs: itself, its static imports, and their CSS. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk || seen.has(chunk.file)) return seen
  seen.add(chunk.file)
  for (const css of chunk.css ?? []) seen.add(css)
  for (const imported of chunk.imports ?? []) closure(imported, seen)
  return seen
}
const sizes = (files: Iterable<string>) => {
  let js = 0
  let css = 0
  for (const f of files) {
    if (f.endsWith('.css')) css += gz(f)
    else js += gz(f)
  }
  return { js, css }
}
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`
const minus = (a: Set<string>, b: Set<string>) => new Set([...a].filter((f) => !b.has(f)))

/** src/routes/_default/signin.tsx?tsr-split=component → /signin (pathless layouts dropped). */
function routeOf(key: string): string {
  const path = key.replace(/^src\/routes\//, '').replace(/\.tsx(\?.*)?$/, '')
  if (path === '_default') return '(default layout)'
  const parts = path.split('/').filter((p) => !p.startsWith('_') && p !== 'index')
  const layout = parts.at(-1) === 'route'
  const url = `/${parts.filter((p) => p !== 'route').join('/')}`
  return layout ? `${url} (layout)` : url
}

await runSuite('bundle', 'Bundle: gzip bytes per route chunk', async (out) => {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)
  if (!entryKey) throw new Error('no entry chunk in the manifest')
  const entry = closure(entryKey)
  const entryOnly = manifest[entryKey]!
  const rows: Row[] = []
  const one = (metric: string, files: Set<string>, note?: string) => {
    const { js, css } = sizes(files)
    rows.push({ metric: `${metric} JS`, unit: 'bytes', median: js, note })
    rows.push({ metric: `${metric} CSS`, unit: 'bytes', median: css, note })
  }
  one('entry chunk (index)', new Set([entryOnly.file, ...(entryOnly.css ?? [])]))
  one('entry + its static imports', entry)

  const routes = Object.keys(manifest)
    .filter((k) => k.startsWith('src/routes/') && manifest[k]!.isDynamicEntry)
    .sort((a, b) => routeOf(a).localeCompare(routeOf(b)))
  // Layout chunks: _default.tsx and every dir/route.tsx; a route's layouts are those above it.
  const dirOf = (k: string) => k.replace(/(\/route)?\.tsx(\?.*)?$/, '/')
  const layouts = routes.filter((k) => /(\/route|\/_default)\.tsx/.test(k))
  // Routes whose component chunks have the same content (placeholders: same content hash in
  // the file name) share one row.
  const byFile = new Map<string, string[]>()
  for (const key of routes) {
    const hash = manifest[key]!.file.replace(/^.*-/, '')
    byFile.set(hash, [...(byFile.get(hash) ?? []), key])
  }
  for (const [, keys] of byFile) {
    const key = keys[0]!
    const above = layouts.filter((l) => l !== key && key.startsWith(dirOf(l)))
    const loaded = new Set([...entry, ...above.flatMap((l) => [...closure(l)])])
    const files = minus(closure(key), loaded)
    const { js, css } = sizes(files)
    const names = keys.map(routeOf)
    rows.push({
      metric: names.length > 1 ? `${names.length} routes, each:` : `route ${names[0]}`,
      unit: 'bytes',
      median: js + css,
      note:
        `JS ${kib(js)} + CSS ${kib(css)}, ${files.size} files${above.length ? ' beyond the layout' : ''}` +
        (names.length > 1 ? `; same chunk content: ${names.join(' ')}` : ''),
    })
  }

  const layoutKey = routes.find((k) => routeOf(k) === '(default layout)')
  const signinKey = routes.find((k) => routeOf(k) === '/signin')
  if (!signinKey || !layoutKey) throw new Error('no /signin or default layout chunk')
  const signin = new Set([...entry, ...closure(layoutKey), ...closure(signinKey)])
  const total = sizes(signin)
  rows.push({
    metric: 'sign-in first load (index + layout + /signin)',
    unit: 'bytes',
    median: total.js + total.css,
    note: `JS ${kib(total.js)} + CSS ${kib(total.css)}, ${signin.size} files (+ index.html)`,
  })
  const all = sizes(new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])])))
  rows.push({
    metric: 'whole app (every chunk, what the service worker precaches)',
    unit: 'bytes',
    median: all.js + all.css,
    note: `JS ${kib(all.js)} + CSS ${kib(all.css)}`,
  })
  // What a first visit to each main route downloads, measured in Chromium as `npm test` does
  // (scripts/route-budgets.ts): the files the host sends (brotli), lazily loaded chunks included.
  const host = await startHost({ memory: true })
  const browser = await launchChromium()
  try {
    for (const load of await measure(browser, host.url.replace('127.0.0.1', 'localhost'), DIST)) {
      const { budget } = load
      rows.push({
        metric: `${budget.name} first load on the wire (brotli)`,
        unit: 'bytes',
        median: load.bytes,
        note:
          `${budget.route}: ${load.files.length} files (budget ${budget.budgetKiB} KiB, ` +
          `${budget.budgetFiles} files)` +
          (budget.forbidden ? `; staff-only modules in it: ${load.forbidden.length}` : ''),
      })
    }
  } finally {
    await browser.close()
    await host.stop()
  }
  out.rows.push(...rows)
  if (process.env.BUNDLE_REPORT && existsSync(process.env.BUNDLE_REPORT))
    out.notes.push(
      `What each chunk carries, module by module: ${process.env.BUNDLE_REPORT} ` +
        '(rollup-plugin-visualizer treemap of the benchmark build; open it in a browser).',
    )
  out.notes.push(
    'A route row counts only what the route adds to the entry chunk, its static imports and ' +
      "the route's layouts; chunks shared by sibling routes are counted in each.",
  )
  log(`${routes.length} route chunks`)
})
