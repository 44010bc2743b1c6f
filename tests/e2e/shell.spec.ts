import { expect, test } from '@playwright/test'
import { signIn } from './support/signin'
import { appVersion } from './support/app-version'

test.describe('404 screen', () => {
  test('an unknown path shows the spec wording and the button goes home', async ({ page }) => {
    await page.goto('/no-such-page')
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible()
    await expect(page.getByTestId('not-found-path')).toHaveText('/no-such-page')
    await expect(page.getByText("Looks like you're lost")).toBeVisible()
    await expect(page.getByText("We couldn't find the page you were looking for.")).toBeVisible()
    await expect(page).toHaveTitle('Page Not Found: /no-such-page')
    await page.getByRole('link', { name: 'Get back to Homepage' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  test('failed route validation shows the 404 screen', async ({ page }) => {
    await page.goto('/apply-nonsense')
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    // A guarded route checks who may see it first; a guardian with a bad pane gets the 404.
    await signIn(page, 'guardian@demo.school', 'demo-guardian-1')
    await expect(page).toHaveURL('/parents/dash')
    await page.goto('/parents/dash?pane=nope')
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  })
})

const guarded = [
  '/admin/dash/members',
  '/admin/dash/files',
  '/admin/dash/settings',
  '/facilitators',
  '/administration/dash',
  '/administration/dash/families',
  '/administration/dash/inquiries',
  '/administration/dash/students',
  '/facilitators/dash',
  '/facilitators/dash/groupDays',
  '/facilitators/dash/students',
  '/facilitators/settings',
  '/parents/dash',
  '/parents/settings',
  '/students/dash',
]

test('every guarded route sends a signed-out visitor to /signin', async ({ page }) => {
  for (const path of guarded) {
    await page.goto(path)
    await expect(page, `${path} redirects`).toHaveURL(
      (url) => url.pathname === '/signin' && url.searchParams.get('redirect') === path,
    )
  }
})

test('public pages render for a signed-out visitor', async ({ page }) => {
  await page.goto('/legal/privacy-policy')
  await expect(page.getByRole('heading', { level: 1, name: /privacy/i })).toBeVisible()
  await page.goto('/legal/terms-of-service')
  await expect(page.getByRole('heading', { level: 1, name: /terms/i })).toBeVisible()
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toHaveAttribute(
    'href',
    '/signin',
  )
  await expect(page.getByTestId('app-version').first()).toHaveText(appVersion)
})

test('dark mode follows the system, switches, and sets the class on the document', async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'dark' })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.locator('html')).toHaveClass(/dark-mode/)
  await page.getByRole('button', { name: 'Switch to light mode' }).click()
  await expect(page.locator('html')).not.toHaveClass(/dark-mode/)
  await page.reload()
  await expect(page.locator('html')).not.toHaveClass(/dark-mode/)
  await page.getByRole('button', { name: 'Switch to dark mode' }).click()
  await expect(page.locator('html')).toHaveClass(/dark-mode/)
  await context.close()
})

test('online/offline and slow-connection flags', async ({ browser }) => {
  const context = await browser.newContext()
  await context.addInitScript(() => {
    const connection = new EventTarget() as EventTarget & {
      effectiveType: string
      downlink: number
      rtt: number
      saveData: boolean
    }
    Object.assign(connection, { effectiveType: '2g', downlink: 0.05, rtt: 1800, saveData: false })
    Object.defineProperty(navigator, 'connection', { value: connection })
  })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByTestId('online-status')).toHaveText('Online')
  await expect(page.getByTestId('slow-connection')).toBeVisible()
  await expect(page.locator('html')).toHaveClass(/slow-connection/)
  await context.setOffline(true)
  await expect(page.getByTestId('online-status')).toHaveText('Offline')
  await expect(page.locator('html')).toHaveClass(/offline/)
  await context.setOffline(false)
  await expect(page.getByTestId('online-status')).toHaveText('Online')
  await context.close()
})

test('the sign-in page does not download dashboard or database code', async ({ page }) => {
  const bodies: Promise<string>[] = []
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') bodies.push(r.text().catch(() => ''))
  })
  await page.goto('/signin')
  await expect(page.getByLabel('E-mail')).toBeVisible()
  await page.waitForLoadState('networkidle')
  const code = await Promise.all(bodies)
  // Mantine's AppShell is the dashboards' frame; addCollections is RxDB's (the local database).
  expect(code.filter((c) => c.includes('AppShell')).length, 'dashboard code').toBe(0)
  expect(code.filter((c) => c.includes('addCollections')).length, 'database code').toBe(0)
  expect(code.length).toBeGreaterThan(0)
})
