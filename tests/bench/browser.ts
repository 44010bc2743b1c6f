// Chromium for the benchmark suites: the system browser with the project's launch flags
// (ARCHITECTURE.md), Chrome's "2g" throttling over CDP, and a signed-in browser context.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import type { Session } from './support.ts'

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
}
/** Chrome's "2g" boundary: 1400 ms latency, 8,750 bytes/s each way. */
export const TWO_G = { latency: 1400, downloadThroughput: 8750, uploadThroughput: 8750 }
export async function throttle(context: BrowserContext, page: Page, on: boolean) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    ...(on ? TWO_G : { latency: 0, downloadThroughput: -1, uploadThroughput: -1 }),
  })
  return cdp
}
/** Puts a supabase-js session into the page's storage before the app starts, as signing in does. */
export async function withSession(context: BrowserContext, session: Session) {
  await context.addInitScript((value) => {
    if (!localStorage.getItem('app-auth')) localStorage.setItem('app-auth', value)
  }, JSON.stringify(session))
}
