// Prerendered public pages: at the end of `vite build` the built app is opened in headless
// Chromium, each public page is rendered, and its HTML is saved with the CSS rules it uses inline
// (dist/prerendered/<path>/index.html). A first visit on 2g then shows the page, and lets a
// person type into the sign-in form, as soon as the HTML arrives; the app's JavaScript and its
// full CSS load behind it, and src/app/prerendered.ts hands over what was typed (and a press of
// the submit button) when the app takes the page over. The local host answers these paths with
// these files; repeat visits are served by the service worker's app shell as before.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import type { AddressInfo } from 'node:net'
import type { Plugin } from 'vite'

/** The pages a person can open without an account. */
export const PRERENDERED_PATHS = [
  '/',
  '/signin',
  '/legal/privacy-policy',
  '/legal/terms-of-service',
  '/apply-facilitators',
  '/apply-students',
] as const

/** Where a prerendered page lives in the build ("/" → prerendered/index.html). */
export const prerenderedFile = (path: string) =>
  join('prerendered', path.replace(/\/+$/, ''), 'index.html')

// Runs in the prerendered page before the app: the field the app would focus takes focus, a
// press of the submit button is kept (the form is marked, the button shows it was pressed)
// instead of reloading the page, and a press of any other button ("Add a child") is kept, in
// order, for the app to press again. From a press of submit until the app takes the page over, a
// status under the form says the app is loading, how much of it has arrived (a progress bar and
// the kilobytes) and about how long is left at the rate it arrives (`data-app-bytes` on the root:
// what the app needs for this page, as sent compressed).
export const CAPTURE_SCRIPT =
  "var r=document.getElementById('root'),n=0,a=r.querySelector('[autofocus]');if(a)a.focus();" +
  'function k(b){return Math.round(b/1024)}' +
  "function w(f){if(f.querySelector('[data-app-loading]'))return;var t=+r.getAttribute('data-app-bytes')||0," +
  "s=document.createElement('div'),p=document.createElement('progress'),x=document.createElement('p');" +
  "s.setAttribute('role','status');s.setAttribute('data-app-loading','');s.setAttribute('data-testid','app-loading');" +
  "s.style.cssText='margin-top:12px;font-size:14px';p.max=100;p.style.width='100%';" +
  "p.setAttribute('aria-label','Loading the app');x.style.margin='4px 0 0';s.appendChild(p);s.appendChild(x);f.appendChild(s);" +
  "function u(){var g=0,c=navigator.connection,e=performance.now()/1e3;performance.getEntriesByType('resource')" +
  ".forEach(function(o){if(o.name.indexOf('/assets/')>=0)g+=o.transferSize||0});" +
  'var v=g>0?g/e:c&&c.downlink?c.downlink*125e3:0,l=t>g&&v?Math.ceil((t-g)/v):0;' +
  'p.value=t?Math.min(99,Math.round(g*100/t)):0;' +
  "x.textContent='Loading the app: '+k(t?Math.min(g,t):g)+' of '+k(t)+' KB'+(l?', about '+(l<90?l+' s':Math.round(l/60)+' min')+' left.':'.')}" +
  'u();setInterval(u,1e3)}window.__appLoading=w;' +
  "r.addEventListener('submit',function(e){e.preventDefault();" +
  "var f=e.target;f.setAttribute('data-submitted','');var b=f.querySelector('[type=submit]');" +
  "if(b){b.setAttribute('aria-busy','true')}w(f)});" +
  "r.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('button');" +
  "if(b&&b.type!=='submit'){n++;b.setAttribute('data-pressed',(b.getAttribute('data-pressed')" +
  "?b.getAttribute('data-pressed')+' ':'')+n)}})"

// Runs in Chromium on the rendered page: the CSS rules that match something on it (states such
// as :hover and either colour scheme included), as one stylesheet.
const USED_CSS = `(() => {
  const dynamic = /::?(hover|focus-visible|focus-within|focus|active|visited|disabled|enabled|checked|indeterminate|placeholder-shown|autofill|-webkit-autofill|invalid|valid|required|optional|read-only|read-write|target|empty|before|after|placeholder|selection|marker|backdrop|file-selector-button|-webkit-[a-z-]+|-moz-[a-z-]+)(?![\\w-])/g
  const scheme = /\\[data-mantine-color-scheme=[^\\]]*\\]/g
  const used = (selector) => {
    const plain = selector.replace(scheme, '[data-mantine-color-scheme]').replace(dynamic, '')
    try { return !!document.querySelector(plain || '*') } catch { return true }
  }
  const keep = (rules) => {
    let out = ''
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule) {
        if (rule.selectorText.split(',').some(used)) out += rule.cssText
      } else if (rule instanceof CSSMediaRule || rule instanceof CSSSupportsRule ||
          (typeof CSSLayerBlockRule !== 'undefined' && rule instanceof CSSLayerBlockRule) ||
          (typeof CSSContainerRule !== 'undefined' && rule instanceof CSSContainerRule)) {
        const inner = keep(rule.cssRules)
        if (inner) out += rule.cssText.slice(0, rule.cssText.indexOf('{')) + '{' + inner + '}'
      } else out += rule.cssText
    }
    return out
  }
  let css = ''
  for (const sheet of document.styleSheets) {
    try { css += keep(sheet.cssRules) } catch {}
  }
  return css
})()`

// Runs in Chromium: the rendered page's markup, the focused field marked to take focus again.
const PAGE_MARKUP = `(() => {
  const root = document.getElementById('root')
  const focused = document.activeElement
  if (focused && focused !== document.body && root.contains(focused)) focused.setAttribute('autofocus', '')
  return { html: root.innerHTML, title: document.title }
})()`

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')

/**
 * The app's shell turned into a page: its markup and critical CSS in, and everything the app
 * loads (its scripts, module preloads and stylesheets) moved after the markup, so that on a slow
 * link the page's own bytes arrive first and nothing holds back its first paint.
 */
export function pageHtml(
  shell: string,
  page: {
    html: string
    title: string
    css: string
    appBytes?: number
    preload?: string[]
    /** More steps of the page, as `<template data-step>`s its own script shows. */
    steps?: string
    /** The page's own script, run after the capture script. */
    script?: string
  },
) {
  const later: string[] = []
  const head = shell.replace(
    /<script type="module"[^>]*><\/script>\s*|<link rel="(?:stylesheet|modulepreload)"[^>]*>\s*/g,
    (tag) => {
      later.push(tag.trim())
      return ''
    },
  )
  // The theme's variables (Mantine's style tag inside the markup) go after the app's stylesheets,
  // as they are in the app: otherwise Mantine's default variables, loading later, would win and
  // the page would show the default colours, which do not pass WCAG AA.
  const themeVariables: string[] = []
  const markup = page.html.replace(
    /<style data-mantine-styles="true"[^>]*>[\s\S]*?<\/style>/g,
    (tag) => {
      themeVariables.push(tag)
      return ''
    },
  )
  return head
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', `<style data-critical>${page.css.replace(/<\//g, '<\\/')}</style></head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered data-app-bytes="${page.appBytes ?? 0}">${markup}` +
        `${page.steps ?? ''}</div>` +
        `<script>${CAPTURE_SCRIPT}</script>` +
        (page.script ? `<script>${page.script.replace(/<\//g, '<\\/')}</script>` : '') +
        later.join('') +
        moreModules(head + later.join(''), page.preload ?? []) +
        themeVariables.join(''),
    )
}

/**
 * The scripts the app loads for the page after its entry has run (the page's screen, the
 * backend's client, their parts), asked for with the entry's own: on 2g they then share the
 * link with it instead of waiting for it to arrive and run, a second wave of round trips.
 */
function moreModules(tags: string, scripts: string[]): string {
  return scripts
    .filter((src) => src.endsWith('.js') && !tags.includes(`"${src}"`))
    .map((src) => `<link rel="modulepreload" crossorigin href="${src}">`)
    .join('')
}

/** The bytes the host sends for these files: each one's brotli copy where there is one. */
async function sentSize(outDir: string, paths: Iterable<string>): Promise<number> {
  let total = 0
  for (const path of paths) {
    const file = join(outDir, path)
    const sent = existsSync(file + '.br') ? file + '.br' : file
    if (existsSync(sent)) total += (await stat(sent)).size
  }
  return total
}

/**
 * The sign-in page's own script (src/features/accounts/page/signin-entry.ts), built on its own
 * as one small classic script to inline: the address check and the sign-in before the app.
 */
async function signInPageScript(root: string): Promise<string> {
  const { build } = await import('vite')
  const { fileURLToPath } = await import('node:url')
  const built = await build({
    configFile: false,
    root,
    envDir: root,
    logLevel: 'silent',
    resolve: {
      alias: [
        { find: /^@\//, replacement: fileURLToPath(new URL('../src/', import.meta.url)) },
        { find: /^@sync\//, replacement: fileURLToPath(new URL('../sync/', import.meta.url)) },
      ],
    },
    build: {
      write: false,
      minify: true,
      lib: {
        entry: join(root, 'src/features/accounts/page/signin-entry.ts'),
        formats: ['iife'],
        name: 'signInPage',
      },
    },
  })
  const outputs = Array.isArray(built) ? built : [built]
  const chunk = outputs
    .flatMap((o) => ('output' in o ? o.output : []))
    .find((o) => o.type === 'chunk')
  if (!chunk || chunk.type !== 'chunk') throw new Error('The sign-in page script did not build')
  return chunk.code.trim()
}

// Runs in Chromium on /signin once the app shows the password step: that step's form, to keep
// in the page as a template (no typed address, nothing focused: the page's script fills and
// focuses it).
const PASSWORD_STEP = `(() => {
  const form = document.querySelector('#root input[autocomplete="current-password"]').closest('form')
  const copy = form.cloneNode(true)
  copy.querySelectorAll('input').forEach((input) => { input.removeAttribute('value'); input.removeAttribute('autofocus') })
  return copy.outerHTML
})()`

// Puts markup on the page, hidden, so the CSS taken from the page covers it too.
const CSS_PROBE = `(html) => {
  const probe = document.createElement('div')
  probe.hidden = true
  probe.innerHTML = html
  document.body.append(probe)
}`

/** No Chromium to render with: the build goes on without prerendered pages, and says so. */
class NoBrowser extends Error {}

async function prerenderAll(outDir: string, root: string) {
  const { serve } = await import('@hono/node-server')
  const { Hono } = await import('hono')
  const { chromium } = await import('playwright-core')
  const { staticHandler } = await import('../supabase/local/static.ts')
  const app = new Hono()
  app.get('/*', staticHandler(outDir))
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((r) => server.once('listening', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const browser = await chromium
    .launch({
      executablePath: existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    })
    .catch((error: unknown) => {
      server.close()
      throw new NoBrowser(error instanceof Error ? error.message.split('\n')[0]! : String(error))
    })
  const shell = await readFile(join(outDir, 'index.html'), 'utf8')
  const pages: [string, string][] = []
  try {
    for (const path of PRERENDERED_PATHS) {
      const context = await browser.newContext({ serviceWorkers: 'block', colorScheme: 'light' })
      const page = await context.newPage()
      // What the app loads for this page: its files under /assets/, counted as the host sends
      // them (the brotli copy where there is one).
      const assets = new Set<string>()
      page.on('request', (req) => {
        const { pathname } = new URL(req.url())
        if (pathname.startsWith('/assets/')) assets.add(pathname)
      })
      const signIn = path === '/signin'
      // The sign-in page's password step comes from the address check's answer.
      if (signIn) {
        await page.route('**/functions/v1/accounts', (route) =>
          route.fulfill({ json: { type: 'success', message: '', mode: 'signin' } }),
        )
      }
      await page.goto(base + path, { waitUntil: 'networkidle' })
      await page.waitForFunction(() => !!document.querySelector('#root h1, #root h2, #root form'))
      let css = (await page.evaluate(USED_CSS)) as string
      const markup = (await page.evaluate(PAGE_MARKUP)) as { html: string; title: string }
      // What the app loads for the page as it opens; not what the password step below asks for
      // (the backend client, for the address check), which the app loads when it is needed.
      const opened = [...assets]
      let steps = ''
      if (signIn) {
        await page.locator('#root input[type="email"]').fill('someone@example.com')
        await page.locator('#root [type="submit"]').click()
        await page.waitForSelector('#root input[autocomplete="current-password"]')
        await page.waitForLoadState('networkidle')
        steps = `<template data-step="signin">${(await page.evaluate(PASSWORD_STEP)) as string}</template>`
        await page.evaluate(`(${CSS_PROBE})(${JSON.stringify(markup.html)})`)
        css = (await page.evaluate(USED_CSS)) as string
      }
      const appBytes = await sentSize(outDir, opened)
      const script = signIn ? await signInPageScript(root) : undefined
      pages.push([
        path,
        pageHtml(shell, { ...markup, css, appBytes, preload: opened, steps, script }),
      ])
      await context.close()
    }
  } finally {
    await browser.close()
    server.close()
  }
  for (const [path, html] of pages) {
    const file = join(outDir, prerenderedFile(path))
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, html)
  }
}

/** The Vite plugin: prerenders once the build (service worker included) is written. */
export function prerenderPublicPages(): Plugin {
  let outDir = 'dist'
  let root = process.cwd()
  return {
    name: 'prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        try {
          await prerenderAll(outDir, root)
        } catch (error) {
          if (!(error instanceof NoBrowser)) throw error
          this.warn(
            `No Chromium to prerender the public pages with (${error.message}): the build has ` +
              'none, so first visits wait for the app. Install Chromium (apt-get install ' +
              "chromium) or Playwright's (npx playwright install chromium) and build again.",
          )
        }
      },
    },
  }
}
