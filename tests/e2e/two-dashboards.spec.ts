import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/axe.ts'
import { signedInPage } from './support/session.ts'

// A parent who also facilitates has two dashboards: the header switches between them, and the
// account page leads back to the one she came from.

test('a parent who facilitates switches between her two dashboards from the header, and her account page leads back to the one she used', async ({
  browser,
}, testInfo) => {
  const { context, page } = await signedInPage(
    browser,
    'parent-facilitator@demo.school',
    'demo-parent-facilitator-1',
    '/parents/dash',
  )
  await page.setViewportSize({ width: 360, height: 740 })
  const header = page.locator('header')
  const toLessons = header.getByRole('link', { name: /facilitators' dashboard/i })
  await expect(toLessons).toBeVisible({ timeout: 20_000 })
  await expect(toLessons).toBeInViewport({ ratio: 1 })
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('parents-header-360.png') })
  await toLessons.click()
  await expect(page).toHaveURL(/\/facilitators\/dash/)
  const toFamily = header.getByRole('link', { name: /parents' dashboard/i })
  await expect(toFamily).toBeInViewport({ ratio: 1 })
  expect(await seriousViolations(page)).toEqual([])

  // From the facilitators' dashboard, her account page's "Go to your dashboard" leads back there.
  await page.getByTestId('account-menu').click()
  await page.getByRole('menuitem', { name: 'Account settings' }).click()
  await expect(page).toHaveURL(/\/parents\/settings$/)
  const back = page.getByRole('link', { name: 'Go to your dashboard' })
  await expect(back).toHaveAttribute('href', '/facilitators/dash')
  await expect(page.getByRole('link', { name: "Parents' dashboard" })).toHaveAttribute(
    'href',
    '/parents/dash',
  )
  await back.click()
  await expect(page).toHaveURL(/\/facilitators\/dash/)
  await header.getByRole('link', { name: /parents' dashboard/i }).click()
  await expect(page).toHaveURL(/\/parents\/dash/)
  await context.close()
})

test('a parent with one dashboard sees no switch, and her account page leads to the parents’ dashboard', async ({
  browser,
}) => {
  const { context, page } = await signedInPage(
    browser,
    'guardian@demo.school',
    'demo-guardian-1',
    '/parents/settings',
  )
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
    'href',
    '/parents/dash',
  )
  await page.getByRole('link', { name: 'Go to your dashboard' }).click()
  await expect(page.getByTestId('parents-home')).toBeVisible({ timeout: 20_000 })
  await expect(page.locator('header').getByRole('link', { name: /dashboard/i })).toHaveCount(0)
  await context.close()
})
