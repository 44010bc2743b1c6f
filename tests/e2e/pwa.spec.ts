import { expect, test } from '@playwright/test'
import { signInContext } from './support/session'

test('the manifest is linked and describes an installable app', async ({ page, request }) => {
  await page.goto('/')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  )
  const res = await request.get('/manifest.webmanifest')
  expect(res.ok()).toBe(true)
  const manifest = await res.json()
  expect(manifest).toMatchObject({
    name: 'Banyan Tree Learning Centre',
    short_name: 'Banyan Tree',
    start_url: '/',
    display: 'standalone',
    theme_color: '#2f6b3a',
  })
  const sizes = manifest.icons.map((i: { sizes: string }) => i.sizes)
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']))
  for (const icon of manifest.icons as { src: string }[]) {
    expect((await request.get(icon.src)).ok(), icon.src).toBe(true)
  }
  await expect(page).toHaveTitle('Banyan Tree Learning Centre')
})

test('the service worker at /sw.js controls scope / and the app opens offline', async ({
  browser,
}) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/')
  const scope = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready
    return { scope: reg.scope, script: reg.active?.scriptURL }
  })
  expect(new URL(scope.scope).pathname).toBe('/')
  expect(new URL(scope.script!).pathname).toBe('/sw.js')
  // Once the worker is active, the next load is served by it.
  await page.reload()
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true)
  await context.setOffline(true)
  await page.reload()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Banyan Tree Learning Centre' }),
  ).toBeVisible()
  await expect(page.getByTestId('online-status')).toHaveText('Offline')
  // A page never visited before also opens offline: the whole shell is precached.
  await page.goto('/legal/terms-of-service')
  await expect(page.getByRole('heading', { level: 1, name: /terms/i })).toBeVisible()
  await context.close()
})

test('a chunk that fails to load reloads the page once, never in a loop', async ({ browser }) => {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  let loads = 0
  page.on('load', () => loads++)
  await page.route(/\/assets\/privacy-policy-[^/]+\.js$/, (route) => route.abort())
  await page.goto('/legal/privacy-policy')
  await expect(page.getByText('Part of the app could not be loaded')).toBeVisible()
  expect(loads).toBe(2)
  await page.waitForTimeout(1500)
  expect(loads).toBe(2)
  await context.close()
})

test('offline before the app is kept on the device, a screen not loaded yet waits for the connection instead of the browser’s offline page', async ({
  browser,
}) => {
  // The first minutes after signing in on a slow device: the service worker has not kept the app
  // yet (here it never does), the processor is four times slower, and the network drops.
  const context = await browser.newContext({ serviceWorkers: 'block' })
  await signInContext(context, 'admin@demo.school', 'demo-admin-1')
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  let loads = 0
  page.on('load', () => loads++)
  await page.goto('/admin/dash/members')
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible({
    timeout: 30_000,
  })
  await context.setOffline(true)
  await page.getByTestId('side-pane').getByRole('link', { name: 'Node Mailer' }).click()
  await expect(
    page.getByText('You are offline, and this part of the app is not on this device yet.'),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Reload' })).toBeDisabled()
  await page.waitForTimeout(1500)
  // No reload happened: the app is still on the screen, not the browser's offline page.
  expect(loads).toBe(1)
  expect(page.url()).toMatch(/\/admin\/dash\/nodemailer$/)
  await context.setOffline(false)
  await expect(page.getByRole('heading', { level: 1, name: 'Node Mailer' })).toBeVisible({
    timeout: 30_000,
  })
  expect(loads).toBe(2)
  await context.close()
})

test('offline, a screen whose code has no stylesheet of its own is not reloaded into the browser’s offline page either', async ({
  browser,
}) => {
  // The router's own lazy routes reload the page once when their code cannot be fetched. The
  // Scheduled Tasks screen needs no stylesheet beyond the shell's, so its failure is the bare
  // "Failed to fetch dynamically imported module" that triggers that reload; offline, it must not.
  const context = await browser.newContext({ serviceWorkers: 'block' })
  await signInContext(context, 'admin@demo.school', 'demo-admin-1')
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  let loads = 0
  page.on('load', () => loads++)
  await page.goto('/admin/dash/members')
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible({
    timeout: 30_000,
  })
  await context.setOffline(true)
  await page.getByTestId('side-pane').getByRole('link', { name: 'Scheduled Tasks' }).click()
  await expect(
    page.getByText('You are offline, and this part of the app is not on this device yet.'),
  ).toBeVisible()
  await page.waitForTimeout(1500)
  expect(loads).toBe(1)
  expect(page.url()).toMatch(/\/admin\/dash\/tasks$/)
  // Back online, it opens by itself (one reload, now that the code can be fetched).
  await context.setOffline(false)
  await expect(page.getByRole('heading', { level: 1, name: 'Scheduled Tasks' })).toBeVisible({
    timeout: 30_000,
  })
  expect(loads).toBe(2)
  await context.close()
})

test('on a first visit the worker takes the open page once it has kept the app, so a screen not opened yet opens offline', async ({
  browser,
}) => {
  const context = await browser.newContext()
  await signInContext(context, 'admin@demo.school', 'demo-admin-1')
  const page = await context.newPage()
  let loads = 0
  page.on('load', () => loads++)
  await page.goto('/admin/dash/members')
  // The first open of the device's data can be slow on a loaded machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible({
    timeout: 90_000,
  })
  await page.evaluate(() => navigator.serviceWorker.ready)
  // No reload: the page itself comes under the worker.
  await page.waitForFunction(() => !!navigator.serviceWorker.controller)
  expect(loads).toBe(1)
  await context.setOffline(true)
  await page.getByTestId('side-pane').getByRole('link', { name: 'Node Mailer' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Node Mailer' })).toBeVisible()
  expect(loads).toBe(1)
  await context.close()
})
