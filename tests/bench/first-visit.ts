// First visit (issue 2): the sign-in page in Chromium on a "2g" network (CDP
// Network.emulateNetworkConditions: 1400 ms latency, 8,750 bytes/s each way), served by the local
// host (PGlite in memory) from the benchmark build. For each of 5 fresh browser contexts:
//  1. first visit to /signin: bytes on the wire (sum of Network.loadingFinished
//     encodedDataLength for the page's requests until the form is usable) and the time from
//     navigation start until the e-mail input is visible and enabled (the prerendered form), and
//     until the app has taken the page over (issue 11);
//  2. the service worker installs (throttling off meanwhile), then a repeat visit in a new tab,
//     throttled again: bytes from the network and from the service worker, time to usable;
//  3. the same with the context offline;
//  4. each other public page (home, privacy policy, terms, application pages) in fresh contexts
//     on 2g: the time until its first heading shows.
// Time to usable is read inside the page (performance.now(), whose zero is navigation start).
import type { BrowserContext, CDPSession, Page } from 'playwright-core'
import { launchChromium, throttle } from './browser.ts'
import { log, row, runSuite, RUNS, startHost } from './support.ts'

// Records the moment the e-mail field can take typing, from the first byte of the document, and
// the moment the app has taken the page over from the prerendered markup (when there was one).
// A string, not a function: tsx's helpers (e.g. __name) do not exist in the page.
const USABLE_PROBE = `(() => {
  const observer = new MutationObserver(() => {
    const input = document.querySelector('input[type="email"]')
    if (window.__usable === undefined && input && !input.disabled && input.checkVisibility()) {
      window.__usable = performance.now()
    }
    if (window.__app === undefined && document.getElementById('root') &&
        !document.querySelector('[data-prerendered]') && input && input.checkVisibility()) {
      window.__app = performance.now()
    }
    if (window.__usable !== undefined && window.__app !== undefined) observer.disconnect()
  })
  observer.observe(document, { subtree: true, childList: true, attributes: true })
})()`

// Records the moment a page's first heading shows.
const HEADING_PROBE = `(() => {
  const observer = new MutationObserver(() => {
    const h1 = document.querySelector('#root h1')
    if (h1 && h1.checkVisibility()) {
      window.__text = performance.now()
      observer.disconnect()
    }
  })
  observer.observe(document, { subtree: true, childList: true, attributes: true })
})()`

/** The other public pages a first visit must show within 6 s on 2g (issue 11). */
const PUBLIC_PAGES = [
  '/',
  '/legal/privacy-policy',
  '/legal/terms-of-service',
  '/apply-facilitators',
  '/apply-students',
]

interface Traffic {
  network: number
  worker: number
  requests: number
  fromWorker: number
  /** Content-Encoding of the responses from the network ('none' when absent). */
  encodings: Set<string>
}

/** Counts the page's bytes by where each response came from (network or service worker). */
function countTraffic(cdp: CDPSession): Traffic {
  const t: Traffic = { network: 0, worker: 0, requests: 0, fromWorker: 0, encodings: new Set() }
  const viaWorker = new Set<string>()
  cdp.on('Network.responseReceived', (e) => {
    if (e.response.fromServiceWorker) viaWorker.add(e.requestId)
    else {
      const headers = Object.entries(e.response.headers)
      t.encodings.add(headers.find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? 'none')
    }
  })
  // A response from the worker has no wire bytes (encodedDataLength 0): count its body instead.
  cdp.on('Network.dataReceived', (e) => {
    if (viaWorker.has(e.requestId)) t.worker += e.dataLength
  })
  cdp.on('Network.loadingFinished', (e) => {
    t.requests++
    if (viaWorker.has(e.requestId)) t.fromWorker++
    else t.network += e.encodedDataLength
  })
  return t
}

/** Opens /signin in a new tab and waits until the e-mail field is usable. */
async function visit(context: BrowserContext, url: string, throttled: boolean) {
  const page = await context.newPage()
  await page.addInitScript({ content: USABLE_PROBE })
  const cdp = throttled
    ? await throttle(context, page, true)
    : await context.newCDPSession(page).then(async (c) => (await c.send('Network.enable'), c))
  const traffic = countTraffic(cdp)
  await page.goto(`${url}/signin`, { waitUntil: 'commit', timeout: 600_000 })
  await page.waitForFunction(() => (window as { __usable?: number }).__usable !== undefined, null, {
    timeout: 600_000,
    polling: 'raf',
  })
  const usable = await page.evaluate(() => (window as unknown as { __usable: number }).__usable)
  const controlled = await page.evaluate(() => !!navigator.serviceWorker.controller)
  return { page, cdp, usable, traffic: { ...traffic }, controlled }
}

async function installWorker(page: Page, cdp: CDPSession) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    if (registration.active?.state !== 'activated')
      await new Promise((r) => registration.active!.addEventListener('statechange', r))
  })
}

await runSuite('first-visit', 'First visit to /signin on 2g (1400 ms, 8,750 B/s)', async (out) => {
  const host = await startHost({ memory: true })
  const browser = await launchChromium()
  const url = host.url.replace('127.0.0.1', 'localhost')
  const s = {
    firstMs: [] as number[],
    firstBytes: [] as number[],
    firstRequests: [] as number[],
    takeoverMs: [] as number[],
    pages: new Map<string, number[]>(),
    repeatMs: [] as number[],
    repeatNet: [] as number[],
    repeatWorker: [] as number[],
    offlineMs: [] as number[],
    offlineNet: [] as number[],
    offlineWorker: [] as number[],
    encodings: new Set<string>(),
  }
  try {
    for (let run = 1; run <= RUNS; run++) {
      const context = await browser.newContext()
      const first = await visit(context, url, true)
      s.firstMs.push(first.usable)
      await first.page.waitForFunction(
        () => (window as { __app?: number }).__app !== undefined,
        null,
        {
          timeout: 600_000,
          polling: 1000,
        },
      )
      s.takeoverMs.push(
        await first.page.evaluate(() => (window as unknown as { __app: number }).__app),
      )
      s.firstBytes.push(first.traffic.network)
      s.firstRequests.push(first.traffic.requests)
      first.traffic.encodings.forEach((e) => s.encodings.add(e))
      await installWorker(first.page, first.cdp)

      const repeat = await visit(context, url, true)
      if (!repeat.controlled) throw new Error('the repeat visit was not served by the worker')
      s.repeatMs.push(repeat.usable)
      s.repeatNet.push(repeat.traffic.network)
      s.repeatWorker.push(repeat.traffic.worker)

      await context.setOffline(true)
      const offline = await visit(context, url, false)
      s.offlineMs.push(offline.usable)
      s.offlineNet.push(offline.traffic.network)
      s.offlineWorker.push(offline.traffic.worker)
      await context.close()
      log(
        `run ${run}: first ${Math.round(first.usable)} ms ${first.traffic.network} B; ` +
          `repeat ${Math.round(repeat.usable)} ms net ${repeat.traffic.network} B sw ${repeat.traffic.worker} B; ` +
          `offline ${Math.round(offline.usable)} ms`,
      )
    }
    for (const path of PUBLIC_PAGES) {
      const times: number[] = []
      for (let run = 1; run <= RUNS; run++) {
        const context = await browser.newContext()
        const page = await context.newPage()
        await page.addInitScript({ content: HEADING_PROBE })
        await throttle(context, page, true)
        await page.goto(url + path, { waitUntil: 'commit', timeout: 600_000 })
        await page.waitForFunction(
          () => (window as { __text?: number }).__text !== undefined,
          null,
          {
            timeout: 600_000,
            polling: 'raf',
          },
        )
        times.push(await page.evaluate(() => (window as unknown as { __text: number }).__text))
        await context.close()
      }
      s.pages.set(path, times)
      log(`${path}: ${times.map(Math.round).join(', ')} ms`)
    }
  } finally {
    await browser.close()
    await host.stop()
  }
  out.rows.push(
    row('first visit: time until the e-mail input is usable', 'ms', s.firstMs),
    row('first visit: bytes on the wire until usable', 'bytes', s.firstBytes),
    row('first visit: requests until usable', 'count', s.firstRequests),
    row('first visit: time until the app has taken over the page', 'ms', s.takeoverMs),
    ...[...s.pages].map(([path, times]) =>
      row(`first visit to ${path}: time until its text shows`, 'ms', times),
    ),
    row('repeat visit (service worker): time to usable', 'ms', s.repeatMs),
    row('repeat visit: bytes from the network', 'bytes', s.repeatNet),
    row('repeat visit: bytes from the service worker', 'bytes', s.repeatWorker),
    row('offline visit (service worker): time to usable', 'ms', s.offlineMs),
    row('offline visit: bytes from the network', 'bytes', s.offlineNet),
    row('offline visit: bytes from the service worker', 'bytes', s.offlineWorker),
  )
  out.notes.push(
    `First-visit responses came with Content-Encoding: ${[...s.encodings].join(', ')}. ` +
      'The service worker precaches the app unthrottled between the first and the repeat ' +
      'visit; its own downloads are not counted here.',
  )
})
