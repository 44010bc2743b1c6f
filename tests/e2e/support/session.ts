import type { Browser, BrowserContext, Page } from '@playwright/test'
import { signedIn } from './backend.ts'

/**
 * Starts a browser context already signed in as a demo account (the session supabase-js keeps
 * in localStorage), for tests about what a signed-in person does rather than signing in.
 */
export async function signInContext(
  context: BrowserContext,
  email: string,
  password: string,
): Promise<void> {
  const client = await signedIn(email, password)
  const { data } = await client.auth.getSession()
  const session = JSON.stringify(data.session)
  await context.addInitScript((value) => {
    if (!localStorage.getItem('app-auth')) localStorage.setItem('app-auth', value)
  }, session)
}

/** Waits until the service worker controls the page, so the next loads work offline. */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready)
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) await page.reload()
  await page.waitForFunction(() => !!navigator.serviceWorker.controller)
}

/** A page in a new context signed in as a demo account, opened at `path`. */
export async function signedInPage(
  browser: Browser,
  email: string,
  password: string,
  path: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext()
  await signInContext(context, email, password)
  const page = await context.newPage()
  await page.goto(path)
  return { context, page }
}

/**
 * The demo admin's members page in a new signed-in context, where the admin tests start: once its
 * heading shows. The first open of the device's database (and the admin's first pull) can take
 * well over the usual 10 s on a loaded two-core machine ("Opening your data…").
 */
export async function adminPage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await signedInPage(
    browser,
    'admin@demo.school',
    'demo-admin-1',
    '/admin/dash/members',
  )
  await opened.page
    .getByRole('heading', { level: 1, name: 'Members' })
    .waitFor({ state: 'visible', timeout: 90_000 })
  return opened
}
