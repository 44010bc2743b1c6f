// The slow-connection mode (A08) on a throttled connection: Chromium's "2g" boundary, a 1,400 ms
// round trip and 8,750 bytes a second, through DevTools' own throttling rather than a made-up
// navigator.connection. The mode decides from the measured round trip and throughput as well as
// the effective type, which Chromium reports as "3g" there.
import { expect, test } from '@playwright/test'
import { signInContext } from './support/session'

test('at 2g speeds a parent’s phone switches to the slow-connection mode', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  await signInContext(context, 'guardian@demo.school', 'demo-guardian-1')
  const page = await context.newPage()
  await page.goto('/parents/dash')
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 20_000 })
  await expect(page.locator('html')).not.toHaveClass(/slow-connection/)
  await expect(page.getByTestId('last-synced-inline')).toBeHidden()

  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 1400,
    downloadThroughput: 8750,
    uploadThroughput: 8750,
  })
  // Chromium reports {effectiveType: '3g', rtt: 1300, downlink: 0.05} here.
  await expect(page.locator('html')).toHaveClass(/slow-connection/, { timeout: 20_000 })
  // Lite mode: the header of a phone says when the device last synced.
  await expect(page.getByTestId('last-synced-inline')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('parents-throttled-2g-360.png') })

  // Back to a fast connection, the mode switches off.
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await expect(page.locator('html')).not.toHaveClass(/slow-connection/, { timeout: 20_000 })
  await context.close()
})
