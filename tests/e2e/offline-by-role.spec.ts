// What a device keeps for offline, chosen by role (issue 36): the precache holds the shell and
// the public pages; after sign-in the worker keeps the person's own dashboard. A parent's phone
// never holds a staff screen; a facilitator's device holds the facilitators' dashboard.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { signIn } from './support/signin'

test.setTimeout(150_000)

/** Group → files (as paths) of this build, from the worker's own part. */
async function groups(request: APIRequestContext): Promise<Record<string, string[]>> {
  const script = await (await request.get('/sw-keep.js')).text()
  return JSON.parse(/const GROUPS = (.*);/.exec(script)![1]!)
}

/** Every path the page's origin holds in Cache Storage. */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = []
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys())
        paths.push(new URL(req.url).pathname)
    }
    return paths
  })
}

async function waitUntilKept(page: Page, files: string[]) {
  await expect
    .poll(
      async () => {
        const held = new Set(await cachedPaths(page))
        return files.filter((f) => !held.has(f))
      },
      { timeout: 60_000 },
    )
    .toEqual([])
}

test('a parent’s phone keeps the parents’ dashboard and no staff screen, and opens the family’s home offline', async ({
  browser,
  request,
}) => {
  const all = await groups(request)
  const parents = new Set(all.parents)
  const staffOnly = [...all.admin!, ...all.administration!, ...all.facilitators!].filter(
    (f) => !parents.has(f),
  )
  expect(all.parents!.length).toBeGreaterThan(0)
  expect(staffOnly.length).toBeGreaterThan(0)

  const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
  const page = await context.newPage()
  await signIn(page, 'guardian@demo.school', 'demo-guardian-1')
  await expect(page).toHaveURL('/parents/dash')
  await expect(page.getByTestId('parents-home')).toBeVisible({ timeout: 30_000 })
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 60_000 })
  await waitUntilKept(page, all.parents!)
  const held = new Set(await cachedPaths(page))
  expect(staffOnly.filter((f) => held.has(f))).toEqual([])
  // The precache is the shell's: far fewer files than the whole app.
  const everyGroupFile = new Set(Object.values(all).flat())
  expect([...held].filter((f) => everyGroupFile.has(f) && !parents.has(f))).toEqual([])

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('parents-home').getByRole('heading', { level: 1 })).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByTestId('online-status')).toHaveText('Offline')
  await page.screenshot({ path: test.info().outputPath('parents-offline-360.png') })
  await context.close()
})

test('a facilitator’s device keeps the facilitators’ dashboard once signed in', async ({
  browser,
  request,
}) => {
  const all = await groups(request)
  const context = await browser.newContext()
  const page = await context.newPage()
  await signIn(page, 'facilitator@demo.school', 'demo-facilitator-1')
  await expect(page).toHaveURL(/\/facilitators\/dash/)
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 60_000 })
  await waitUntilKept(page, all.facilitators!)
  const held = new Set(await cachedPaths(page))
  const parentsOnly = all.parents!.filter((f) => !all.facilitators!.includes(f))
  expect(parentsOnly.filter((f) => held.has(f))).toEqual([])
  // Offline, a facilitators' pane not opened yet (its code loads on opening) comes from the device.
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('online-status')).toHaveText('Offline')
  await page.getByTestId('side-pane').getByRole('link', { name: 'Resources' }).click()
  await expect(page).toHaveURL(/pane=resources/i)
  await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByText('this part of the app is not on this device yet')).toHaveCount(0)
  await page.screenshot({ path: test.info().outputPath('facilitators-offline-1280.png') })
  await context.close()
})
