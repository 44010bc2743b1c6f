// Prerendered public pages (issue 11): the page's HTML shows the page and takes typing before the
// app's JavaScript arrives, and nothing typed (nor a press of Continue) is lost when the app takes
// over. The app's bundles are held back by the test until it lets them through.
import { expect, test, type Page, type Route } from '@playwright/test'
import { MESSAGES } from '@sync/contract/commands/accounts/messages'
import { seriousViolations } from './support/axe.ts'

/**
 * Holds every request for the app's files (/assets/) until `release` is called; with `from`, only
 * those asked for once the page is no longer at that path (the others are left to earlier holds).
 */
async function holdBundles(page: Page, { from }: { from?: string } = {}) {
  const held: Route[] = []
  let released = false
  await page.route('**/assets/**', (route) => {
    if (from && new URL(page.url()).pathname === from) return route.fallback()
    return released ? route.continue() : held.push(route)
  })
  return {
    held,
    release: async () => {
      released = true
      await Promise.all(held.splice(0).map((route) => route.continue()))
    },
  }
}

/** True once the app has taken the page over from the prerendered markup. */
const appRunning = (page: Page) =>
  page.evaluate(() => !document.querySelector('#root[data-prerendered]'))

test('a person types into the prerendered sign-in form, presses Continue, and signs in once the app arrives', async ({
  page,
}) => {
  const bundles = await holdBundles(page)
  await page.goto('/signin', { waitUntil: 'commit' })
  const email = page.getByLabel('E-mail')
  await expect(email).toBeEditable()
  await expect(email).toBeFocused()
  await email.pressSequentially('guardian@demo.school')
  await page.getByRole('button', { name: 'Continue' }).click()
  // Nothing ran yet: the app's files are still held, and the press did not reload the page.
  expect(bundles.held.length).toBeGreaterThan(0)
  expect(await appRunning(page)).toBe(false)
  await expect(page).toHaveURL('/signin')

  await bundles.release()
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible()
  await expect.poll(() => appRunning(page)).toBe(true)
  await expect(page.getByLabel('E-mail')).toHaveValue('guardian@demo.school')
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo-guardian-1')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL('/parents/dash')
  await expect(page.getByTestId('account-menu')).toBeVisible()
})

test("after signing in from the prerendered page, a screen's own styles still apply", async ({
  page,
}) => {
  await page.goto('/signin')
  await page.getByLabel('E-mail').fill('administration@demo.school')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo-administration-1')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL('/administration/dash')
  // The Pre-Admission tabs keep their padding: the base button's reset does not win over them.
  const tab = page.getByRole('tab').first()
  await expect(tab).toBeVisible()
  expect(await tab.evaluate((t) => getComputedStyle(t).paddingLeft)).not.toBe('0px')
})

test('what is typed when the app takes over stays, with the cursor, and typing goes on', async ({
  page,
}) => {
  const bundles = await holdBundles(page)
  await page.goto('/signin', { waitUntil: 'commit' })
  await page.getByLabel('E-mail').pressSequentially('guardian@demo')
  await bundles.release()
  await expect.poll(() => appRunning(page)).toBe(true)
  const email = page.getByLabel('E-mail')
  await expect(email).toHaveValue('guardian@demo')
  await expect(email).toBeFocused()
  await page.keyboard.type('.school')
  await expect(email).toHaveValue('guardian@demo.school')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible()
})

for (const [path, heading] of [
  ['/', /./],
  ['/legal/privacy-policy', /privacy/i],
  ['/legal/terms-of-service', /terms/i],
] as const) {
  test(`${path} shows its text before the app's files arrive`, async ({ page }) => {
    const bundles = await holdBundles(page)
    await page.goto(path, { waitUntil: 'commit' })
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible()
    expect(await appRunning(page)).toBe(false)
    await bundles.release()
    await expect.poll(() => appRunning(page)).toBe(true)
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible()
  })
}

test('a parent who presses "Add a child" before the app arrives gets the child form once it does', async ({
  page,
}) => {
  const bundles = await holdBundles(page)
  await page.goto('/apply-students', { waitUntil: 'commit' })
  const guardian = page.getByRole('group', { name: 'Parent or guardian 1' })
  await guardian.getByLabel('Last name').fill('Fernandes')
  await page.getByRole('button', { name: 'Add a child' }).click()
  expect(await appRunning(page)).toBe(false)

  await bundles.release()
  await expect.poll(() => appRunning(page)).toBe(true)
  // The press is not lost: the app opens the child form, with the family's name in it.
  const child = page.getByRole('group', { name: 'Child' })
  await expect(child.getByLabel("Child's last name")).toHaveValue('Fernandes')
  await expect(page.getByRole('button', { name: 'Add a child' })).toHaveCount(0)
})

test('before the app has arrived, the page checks the address, asks for the password and signs the person in', async ({
  page,
}) => {
  const bundles = await holdBundles(page)
  await page.goto('/signin', { waitUntil: 'commit' })
  await page.getByLabel('E-mail').pressSequentially('Guardian@Demo.School ')
  await page.getByRole('button', { name: 'Continue' }).click()
  const password = page.getByRole('textbox', { name: 'Password', exact: true })
  await expect(password).toBeFocused()
  await expect(page.getByLabel('E-mail')).toHaveValue('guardian@demo.school')
  expect(await appRunning(page)).toBe(false)

  // A wrong password: the identity service's refusal, in the app's words, on the page.
  await password.fill('not-the-password')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('auth-error')).toHaveText(MESSAGES.signInFailed)
  expect(await page.evaluate(() => localStorage.getItem('app-auth'))).toBeNull()
  // "Use another e-mail" goes back to the address, and Continue comes back to the password.
  await page.getByRole('button', { name: 'Use another e-mail' }).click()
  await expect(page.getByLabel('E-mail')).toBeFocused()
  await page.getByRole('button', { name: 'Continue' }).click()
  await password.fill('demo-guardian-1')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByTestId('app-loading')).toBeVisible()
  expect(await page.evaluate(() => !!localStorage.getItem('app-auth'))).toBe(true)
  expect(await appRunning(page)).toBe(false)
  expect(bundles.held.length).toBeGreaterThan(0)

  await bundles.release()
  await expect(page).toHaveURL('/parents/dash', { timeout: 30_000 })
  await expect(page.getByTestId('account-menu')).toBeVisible()
})

test("the centre's refusal of an address shows on the page, and the app shows the same", async ({
  page,
}) => {
  const bundles = await holdBundles(page)
  // C06: an answer other than success (here: an address listed twice among the facilitators).
  const refused = 'Your e-mail is listed more than once among the facilitators.'
  await page.route('**/functions/v1/accounts', (route) =>
    route.fulfill({ status: 400, json: { type: 'error', message: refused } }),
  )
  await page.goto('/signin', { waitUntil: 'commit' })
  await page.getByLabel('E-mail').pressSequentially('not-an-address')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('auth-error')).toHaveText('Please enter a valid e-mail address.')
  await page.getByLabel('E-mail').fill('twice@demo.school')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByTestId('auth-error')).toHaveText(refused)
  expect(await appRunning(page)).toBe(false)
  await bundles.release()
  await expect.poll(() => appRunning(page)).toBe(true)
  await expect(page.getByTestId('auth-error')).toHaveText(refused)
  await expect(page.getByLabel('E-mail')).toHaveValue('twice@demo.school')
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveCount(0)
})

test('the password step shown by the page is where the app goes on, with what was typed', async ({
  page,
}) => {
  const bundles = await holdBundles(page)
  await page.goto('/signin', { waitUntil: 'commit' })
  await page.getByLabel('E-mail').pressSequentially('administration@demo.school')
  await page.getByRole('button', { name: 'Continue' }).click()
  const password = page.getByRole('textbox', { name: 'Password', exact: true })
  await password.pressSequentially('demo-admin')
  await bundles.release()
  await expect.poll(() => appRunning(page)).toBe(true)
  await expect(password).toHaveValue('demo-admin')
  await expect(password).toBeFocused()
  await page.keyboard.type('istration-1')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL('/administration/dash', { timeout: 30_000 })
})

// The service worker is kept out: once the app has arrived it keeps every file for offline use,
// and a worker that has them already serves the dashboard's code before it can be held here.
test.describe('from Continue to home', () => {
  test.use({ serviceWorkers: 'block' })
  for (const width of [360, 1280]) {
    test(`at ${width} px, from Continue to the family's home, the person sees at once that the app is working and roughly how long`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 740 })
      const bundles = await holdBundles(page)
      await page.goto('/signin', { waitUntil: 'commit' })
      await page.getByLabel('E-mail').pressSequentially('guardian@demo.school')
      await page.getByRole('button', { name: 'Continue' }).click()
      // The page checks the address itself, says so, and shows the password step.
      const password = page.getByRole('textbox', { name: 'Password', exact: true })
      await expect(page.getByTestId('email-checking').or(password)).toBeVisible()
      await expect(password).toBeFocused()
      await password.pressSequentially('demo-guardian-1')
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      // Signed in before the app has arrived: a progress bar and words, under a button that
      // keeps its label.
      const loading = page.getByTestId('app-loading')
      await expect(loading).toBeVisible()
      await expect(loading).toHaveText(/^Loading the app: \d+ of \d{3} KB/)
      await expect(loading.getByRole('progressbar', { name: 'Loading the app' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
      expect(await appRunning(page)).toBe(false)
      await page.screenshot({ path: `test-results/i36-app-loading-${width}.png` })
      expect(await seriousViolations(page)).toEqual([])

      // The app arrives; the dashboard's code is held: what shows while it is on its way.
      const later = await holdBundles(page, { from: '/signin' })
      await bundles.release()
      const pending = page.getByTestId('route-pending')
      await expect(page.getByTestId('auth-progress').or(pending)).toBeVisible()
      await expect(pending).toBeVisible({ timeout: 15_000 })
      await expect(pending).toContainText('Opening the page…')
      await expect(pending).toContainText(/a few seconds|up to a minute/)
      await page.screenshot({ path: `test-results/i36-route-pending-${width}.png` })
      expect(await seriousViolations(page)).toEqual([])
      await later.release()
      await expect(page).toHaveURL('/parents/dash', { timeout: 20_000 })
      await expect(page.getByTestId('account-menu')).toBeVisible()
    })
  }
})
