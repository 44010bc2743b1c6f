// Lite mode on 2g (issue 11): the header always says when the device last synced, so a parent
// on a slow phone knows how fresh what they read is.
import { expect, test } from '@playwright/test'
import { signIn } from './support/signin'

test('on 2g a parent sees the last sync time in the header of a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  await context.addInitScript(() => {
    const connection = Object.assign(new EventTarget(), {
      effectiveType: '2g',
      downlink: 0.05,
      rtt: 1800,
      saveData: false,
    })
    Object.defineProperty(navigator, 'connection', { value: connection })
  })
  const page = await context.newPage()
  await signIn(page, 'guardian@demo.school', 'demo-guardian-1')
  await expect(page).toHaveURL('/parents/dash')
  await expect(page.getByTestId('last-synced-inline')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('last-synced-inline')).toHaveText(/^synced \d\d:\d\d$/)
  await page.screenshot({ path: test.info().outputPath('parents-2g-360.png') })
  await context.close()
})

test('on a fast connection a phone keeps the header short', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  const page = await context.newPage()
  await signIn(page, 'guardian@demo.school', 'demo-guardian-1')
  await expect(page).toHaveURL('/parents/dash')
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 20_000 })
  await expect(page.getByTestId('last-synced-inline')).toBeHidden()
  await context.close()
})
