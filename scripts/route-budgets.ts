// Route budgets: what a first visit to each main route downloads, measured in Chromium. The local
// host (in memory, the demo centre) serves the built app; each route is opened in a fresh browser
// context, signed in as the person the route is for, with the service worker blocked (what it
// precaches is the offline copy, measured by `npm run bench -- parent-visit`, not the page's
// load); every response the page receives is recorded until the route's screen shows and the
// network has been quiet for a second. A lazily loaded chunk counts as soon as the screen asks for
// it. Each route must stay within its budget of the app's files (KiB on the wire, as the host sends
// them: the brotli copies) and their number, and the parents' and visitors' routes must carry no
// code only staff use. `npx tsx scripts/route-budgets.ts [distDir]` after `vite build`; `npm test`
// runs it after its build and fails when a route passes its budget. Raise a budget only with a
// reason in docs/decisions.md (issues 11 and 36).
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, CDPSession } from 'playwright-core'

const KiB = 1024

export interface RouteBudget {
  route: string
  name: string
  /** The demo account the route is for; none for a public page. */
  as?: { email: string; password: string }
  /** What shows once the route's screen is there. */
  shown: string
  /** The app's files on the wire, in KiB. */
  budgetKiB: number
  /** The number of the app's files fetched. */
  budgetFiles: number
  forbidden?: RegExp
}

/**
 * Screens only staff use (their components and hooks, and the staff routes' components): never
 * part of a parent's or a visitor's download. Every route's options (its guard, its search rules)
 * are in the route tree of the entry by design, and are not screens.
 */
export const STAFF_ONLY =
  /^src\/(features\/(members|timetable|files|mailer|system-log|reference)\/(components|hooks)\/|routes\/(admin|administration|facilitators)\/.*\?tsr-split)/

// The screen's heading, once the app (not the prerendered page) shows it.
const APP_HEADING = '#root:not([data-prerendered]) h1'

/** Route → who opens it, what shows when it is there, and its budgets (see docs/decisions.md). */
export const ROUTE_BUDGETS: RouteBudget[] = [
  {
    route: '/signin',
    name: 'sign-in',
    shown: '#root:not([data-prerendered]) input[type="email"]',
    // 202.5 KiB measured once supabase-js's realtime and storage clients load on first use.
    budgetKiB: 215,
    budgetFiles: 52,
  },
  {
    // A public page a visitor on 2g fills in; it is prerendered, so this is what arrives behind
    // the form.
    route: '/apply-facilitators',
    name: 'facilitator application',
    shown: APP_HEADING,
    budgetKiB: 235,
    budgetFiles: 58,
    forbidden: STAFF_ONLY,
  },
  {
    route: '/apply-students',
    name: 'student application',
    shown: APP_HEADING,
    budgetKiB: 250,
    budgetFiles: 66,
    forbidden: STAFF_ONLY,
  },
  {
    route: '/parents/dash',
    name: "parents' dashboard",
    as: { email: 'guardian@demo.school', password: 'demo-guardian-1' },
    shown: '[data-testid="parents-home"] h1',
    // 436.3 KiB in 103 files measured once Modal's ScrollArea no longer brought floating-ui; the
    // realtime client is a file of its own, loaded after the first pull.
    budgetKiB: 450,
    budgetFiles: 106,
    forbidden: STAFF_ONLY,
  },
  {
    route: '/facilitators/dash',
    name: "facilitators' dashboard",
    as: { email: 'facilitator@demo.school', password: 'demo-facilitator-1' },
    shown: APP_HEADING,
    budgetKiB: 400,
    budgetFiles: 84,
  },
  {
    route: '/admin/dash/members',
    name: 'admin dashboard',
    as: { email: 'admin@demo.school', password: 'demo-admin-1' },
    shown: APP_HEADING,
    budgetKiB: 440,
    budgetFiles: 94,
  },
]

/** One response the page received: its path and its bytes on the wire (headers included). */
export interface Received {
  path: string
  bytes: number
}

/** The backend's paths (auth, data, functions, files, realtime): the person's data, not the app. */
const API = /^\/(auth|rest|functions|storage|realtime)\/v1\//

/** A route's first load from what the page received: the app's files, the calls, staff code. */
export function firstLoad(
  received: Received[],
  modules: Record<string, string[]>,
  forbidden?: RegExp,
) {
  const files = received.filter((r) => !API.test(r.path))
  const calls = received.filter((r) => API.test(r.path))
  const sum = (list: Received[]) => list.reduce((n, r) => n + r.bytes, 0)
  const carried = forbidden
    ? files.flatMap((r) =>
        (modules[r.path.replace(/^\//, '')] ?? []).filter((m) => forbidden.test(m)),
      )
    : []
  return {
    files: files.map((r) => r.path),
    bytes: sum(files),
    calls: calls.length,
    callBytes: sum(calls),
    forbidden: carried,
  }
}

/** Which source modules each chunk holds (written by the build, see vite.config.ts). */
export function chunkModules(dist: string): Record<string, string[]> {
  const file = join(dist, '.vite/chunk-modules.json')
  if (!existsSync(file)) throw new Error(`${file} is missing: build the app first`)
  return JSON.parse(readFileSync(file, 'utf8'))
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

/** The local host in memory with the demo centre, serving `dist`, until `stop`. */
async function startHost(dist: string) {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'supabase/local/main.ts',
      '--memory',
      '--port',
      String(port),
      '--dist',
      dist,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, RATE_LIMIT_FACTOR: '100' } },
  )
  let stderr = ''
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://localhost:${port}`
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the host exited: ${stderr}`)
    if (Date.now() - started > 120_000) {
      child.kill('SIGKILL')
      throw new Error('the host did not start within 2 minutes')
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/auth/v1/health`)).ok) break
    } catch {}
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** A demo account's session, as supabase-js keeps it in the page's storage after signing in. */
async function sessionOf(url: string, email: string, password: string): Promise<string> {
  const { makeKeys } = await import('../supabase/local/keys.ts')
  const { anonKey } = await makeKeys(process.env.JWT_SECRET || undefined)
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`signing in as ${email}: ${res.status} ${await res.text()}`)
  const session = (await res.json()) as { expires_in: number; expires_at?: number }
  session.expires_at ??= Math.round(Date.now() / 1000) + session.expires_in
  return JSON.stringify(session)
}

/** Records every response the page receives (CDP), with its bytes on the wire. */
function record(cdp: CDPSession) {
  const urls = new Map<string, string>()
  const received: Received[] = []
  /** The files under /assets/ that came uncompressed. */
  const plain = new Set<string>()
  let pending = 0
  let lastActivity = Date.now()
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!urls.has(e.requestId)) pending++
    urls.set(e.requestId, e.request.url)
    lastActivity = Date.now()
  })
  cdp.on('Network.responseReceived', (e) => {
    const { pathname } = new URL(e.response.url)
    if (pathname.startsWith('/assets/')) {
      const header = Object.entries(e.response.headers).find(
        ([k]) => k.toLowerCase() === 'content-encoding',
      )
      if (!header) plain.add(pathname)
    }
  })
  const done = (requestId: string, bytes: number) => {
    const url = urls.get(requestId)
    if (!url) return
    pending--
    lastActivity = Date.now()
    if (url.startsWith('data:') || url.startsWith('blob:')) return
    received.push({ path: new URL(url).pathname, bytes })
  }
  cdp.on('Network.loadingFinished', (e) => done(e.requestId, e.encodedDataLength))
  cdp.on('Network.loadingFailed', (e) => done(e.requestId, 0))
  return {
    received,
    plain,
    /** Until nothing has been asked for or received for `quietMs`. */
    async idle(quietMs: number) {
      while (pending > 0 || Date.now() - lastActivity < quietMs)
        await new Promise((r) => setTimeout(r, 100))
    },
  }
}

/** Opens each route as a first visit would and measures what it downloads. */
export async function measure(browser: Browser, url: string, dist: string) {
  const modules = chunkModules(dist)
  const results = []
  for (const budget of ROUTE_BUDGETS) {
    const started = Date.now()
    const context = await browser.newContext({ serviceWorkers: 'block' })
    if (budget.as) {
      const session = await sessionOf(url, budget.as.email, budget.as.password)
      await context.addInitScript((value) => {
        if (!localStorage.getItem('app-auth')) localStorage.setItem('app-auth', value)
      }, session)
    }
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    const recorder = record(cdp)
    await page.goto(url + budget.route, { timeout: 60_000 })
    await page.locator(budget.shown).first().waitFor({ state: 'visible', timeout: 60_000 })
    const at = new URL(page.url()).pathname
    if (at !== budget.route) throw new Error(`${budget.route} went to ${at}`)
    await recorder.idle(1000)
    results.push({
      budget,
      ms: Date.now() - started,
      // A file the build compressed must come compressed: the sizes are the host's.
      uncompressed: [...recorder.plain].filter((path) => existsSync(join(dist, `${path}.br`))),
      ...firstLoad(recorder.received, modules, budget.forbidden),
    })
    await context.close()
  }
  return results
}

async function main() {
  const dist = process.argv[2] ?? 'dist'
  chunkModules(dist)
  const { chromium } = await import('playwright-core')
  const started = Date.now()
  const host = await startHost(dist)
  console.log(`the host started in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const browser = await chromium.launch({
    executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
  let failed = 0
  try {
    for (const load of await measure(browser, host.url, dist)) {
      const { budget } = load
      const over = load.bytes > budget.budgetKiB * KiB || load.files.length > budget.budgetFiles
      console.log(
        `${over ? 'OVER' : 'ok  '} ${budget.route.padEnd(20)} ` +
          `${(load.bytes / KiB).toFixed(1).padStart(6)} KiB of ${budget.budgetKiB} KiB, ` +
          `${String(load.files.length).padStart(3)} files of ${budget.budgetFiles} ` +
          `(and ${load.calls} calls to the backend, ${(load.callBytes / KiB).toFixed(1)} KiB; ` +
          `${(load.ms / 1000).toFixed(1)} s)`,
      )
      if (over) failed++
      if (load.uncompressed.length) {
        failed++
        console.log(`FAIL ${budget.route}: sent uncompressed: ${load.uncompressed.join(', ')}`)
      }
      if (load.forbidden.length) {
        failed++
        console.log(`FAIL ${budget.route} carries staff-only code: ${load.forbidden.join(', ')}`)
      }
      if (process.env.ROUTE_BUDGETS_FILES) console.log(load.files.join('\n'))
    }
  } finally {
    await browser.close()
    await host.stop()
  }
  if (failed) {
    console.log(`${failed} route budget check(s) failed`)
    process.exit(1)
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
