// A parent's whole first visit on 2g (issue 36): Chromium on Chrome's 2g profile (CDP
// Network.emulateNetworkConditions: 1400 ms latency, 8,750 bytes/s each way), the local host
// (PGlite in memory, the demo centre) serving the benchmark build. For each fresh browser
// context: /signin is opened, the demo guardian types the address as soon as the field takes
// typing and presses Continue, types the password as soon as its field shows and presses Sign in,
// and the family's home (`parents-home` with its heading) is waited for. Measured:
//  - time from navigation start until the family's home shows, and from the Sign in press;
//  - the page's own downloads until then (Network.loadingFinished encodedDataLength, requests;
//    what the worker served the page is left out here and counted with what it keeps);
//  - what the service worker keeps for offline on top: the files in its precache list (sw.js)
//    that the page did not download itself, at the size the host sends them (the brotli copy
//    where there is one). The worker's own fetches are not throttled by the page's emulation (it
//    is another target), so they are counted from the list rather than timed;
//  - the sum: everything the phone downloads on the first visit.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { CDPSession } from 'playwright-core'
import { launchChromium, throttle } from './browser.ts'
import { DIST, log, row, runSuite, RUNS, startHost } from './support.ts'

const HOME_PROBE = `(() => {
  const observer = new MutationObserver(() => {
    const h1 = document.querySelector('[data-testid="parents-home"] h1')
    if (h1 && h1.checkVisibility()) {
      window.__home = performance.now()
      observer.disconnect()
    }
  })
  observer.observe(document, { subtree: true, childList: true, attributes: true })
})()`

/** The files the service worker keeps, from its precache list, with the bytes the host sends. */
function precacheList(): Map<string, number> {
  const sw = readFileSync(join(DIST, 'sw.js'), 'utf8')
  const files = new Map<string, number>()
  for (const [, url] of sw.matchAll(/\{url:"([^"]+)",revision:/g)) {
    const file = join(DIST, url!)
    const sent = existsSync(file + '.br') ? file + '.br' : file
    files.set('/' + url!.replace(/^\//, ''), existsSync(sent) ? statSync(sent).size : 0)
  }
  return files
}

function countPage(cdp: CDPSession) {
  const t = { bytes: 0, requests: 0, urls: new Set<string>(), js: 0 }
  const urlOf = new Map<string, string>()
  const viaWorker = new Set<string>()
  cdp.on('Network.requestWillBeSent', (e) => urlOf.set(e.requestId, e.request.url))
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromServiceWorker) viaWorker.add(e.requestId)
  })
  // Only what came over the network: a file the worker served was its own download, counted
  // with what it keeps.
  cdp.on('Network.loadingFinished', (e) => {
    if (viaWorker.has(e.requestId)) return
    t.requests++
    t.bytes += e.encodedDataLength
    const url = urlOf.get(e.requestId)
    if (url) {
      const path = new URL(url).pathname
      t.urls.add(path)
      if (path.endsWith('.js')) t.js += e.encodedDataLength
    }
  })
  return t
}

await runSuite('parent-visit', "A parent's whole first visit on 2g", async (out) => {
  const host = await startHost({ memory: true })
  const browser = await launchChromium()
  const url = host.url.replace('127.0.0.1', 'localhost')
  const kept = precacheList()
  const s = {
    homeMs: [] as number[],
    signInToHomeMs: [] as number[],
    pageBytes: [] as number[],
    pageJs: [] as number[],
    pageRequests: [] as number[],
    keptBytes: [] as number[],
    keptRequests: [] as number[],
    totalBytes: [] as number[],
    totalRequests: [] as number[],
  }
  try {
    for (let run = 1; run <= RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
      const page = await context.newPage()
      await page.addInitScript({ content: HOME_PROBE })
      const cdp = await throttle(context, page, true)
      const traffic = countPage(cdp)
      await page.goto(`${url}/signin`, { waitUntil: 'commit', timeout: 600_000 })
      const email = page.getByLabel('E-mail')
      await email.waitFor({ state: 'visible', timeout: 600_000 })
      await email.fill('guardian@demo.school')
      await page.getByRole('button', { name: 'Continue' }).click()
      const password = page.getByRole('textbox', { name: 'Password', exact: true })
      await password.waitFor({ state: 'visible', timeout: 600_000 })
      await password.fill('demo-guardian-1')
      const pressed = await page.evaluate(() => performance.now())
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.waitForFunction(() => (window as { __home?: number }).__home !== undefined, null, {
        timeout: 600_000,
        polling: 500,
      })
      const home = await page.evaluate(() => (window as unknown as { __home: number }).__home)
      const extra = [...kept].filter(([path]) => !traffic.urls.has(path))
      const keptBytes = extra.reduce((sum, [, size]) => sum + size, 0)
      s.homeMs.push(home)
      s.signInToHomeMs.push(home - pressed)
      s.pageBytes.push(traffic.bytes)
      s.pageJs.push(traffic.js)
      s.pageRequests.push(traffic.requests)
      s.keptBytes.push(keptBytes)
      s.keptRequests.push(extra.length)
      s.totalBytes.push(traffic.bytes + keptBytes)
      s.totalRequests.push(traffic.requests + extra.length)
      log(
        `run ${run}: home at ${Math.round(home)} ms (${Math.round(home - pressed)} ms after Sign in); ` +
          `page ${traffic.bytes} B in ${traffic.requests} requests; kept on top ${keptBytes} B in ${extra.length}`,
      )
      await context.close()
    }
  } finally {
    await browser.close()
    await host.stop()
  }
  out.rows.push(
    row("page opened → the family's home shows", 'ms', s.homeMs),
    row("Sign in pressed → the family's home shows", 'ms', s.signInToHomeMs),
    row('the page downloads until home: bytes on the wire', 'bytes', s.pageBytes),
    row('– of which JavaScript', 'bytes', s.pageJs),
    row('the page downloads until home: requests', 'count', s.pageRequests),
    row('the service worker keeps on top: bytes', 'bytes', s.keptBytes),
    row('the service worker keeps on top: requests', 'count', s.keptRequests),
    row('whole first visit: bytes (goal ≤ 300 KiB)', 'bytes', s.totalBytes),
    row('whole first visit: requests (goal ≤ 30)', 'count', s.totalRequests),
  )
  out.notes.push(
    'The parent types at once (each field filled as soon as it shows). What the service worker ' +
      'keeps is counted from its precache list at the size the host sends, less what the page ' +
      'downloaded itself; its fetches run unthrottled beside the page here, where on a real 2g ' +
      'link they share it.',
  )
})
