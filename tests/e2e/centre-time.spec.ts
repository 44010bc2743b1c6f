import { expect, test } from '@playwright/test'
import { signInContext } from './support/session.ts'

// Every time the app shows is the centre's (Asia/Kolkata), whatever zone the device is set to
// (issue 30): an office laptop in California says when it last synced at the centre's clock.
const centreClock = (ms: number) => {
  const c = new Date(ms + 330 * 60_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(c.getUTCHours())}:${pad(c.getUTCMinutes())}`
}

test('a browser in another time zone shows the centre’s time', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'America/Los_Angeles' })
  await signInContext(context, 'admin@demo.school', 'demo-admin-1')
  const page = await context.newPage()
  await page.goto('/admin/dash/members')
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
    'America/Los_Angeles',
  )
  const badge = page.getByTestId('sync-status')
  await expect(badge).toHaveText(/Synced/, { timeout: 30_000 })
  await badge.click()
  const shown = await page.getByTestId('last-synced').textContent()
  const now = Date.now()
  // The sync finished within the last two minutes, at the centre's clock (and the centre's day).
  const expected = [-2, -1, 0, 1].map((m) => `Last synced today ${centreClock(now + m * 60_000)}`)
  expect(expected).toContain(shown)
  await context.close()
})
