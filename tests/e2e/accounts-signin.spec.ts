// Sign-in against the local host with the demo accounts (core.md §4, §6, §8): every role lands on
// its dashboard, and the refusals say what the spec says, leaving nobody signed in.
import { expect, test } from '@playwright/test'
import { serviceClient, signedIn } from './support/backend'
import { waitForMail, linkIn } from './support/mailbox'
import { localDatabases, signIn, storedSession } from './support/signin'

const roles = [
  ['admin@demo.school', 'demo-admin-1', '/admin/dash/members', 'admindash', 'Admin Dashboard'],
  [
    'administration@demo.school',
    'demo-administration-1',
    '/administration/dash',
    'administrationdash',
    'Administration Dashboard',
  ],
  [
    'admission@demo.school',
    'demo-admission-1',
    '/administration/dash',
    'administrationdash',
    'Administration Dashboard',
  ],
  [
    'facilitator@demo.school',
    'demo-facilitator-1',
    '/facilitators/dash',
    'facilitatordash',
    'Facilitator Dashboard',
  ],
  ['guardian@demo.school', 'demo-guardian-1', '/parents/dash', 'parentsdash', 'Parents'],
  [
    'parent-facilitator@demo.school',
    'demo-parent-facilitator-1',
    '/parents/dash',
    'parentsdash',
    'Parents',
  ],
] as const

for (const [email, password, path, layout, title] of roles) {
  test(`${email} lands on ${path}`, async ({ page }) => {
    const visited: string[] = []
    page.on('framenavigated', (frame) => {
      const path = new URL(frame.url()).pathname
      if (frame === page.mainFrame() && visited.at(-1) !== path) visited.push(path)
    })
    await signIn(page, email, password)
    // A parent whose family profile is incomplete (the Naiks, until the wizard's test completes
    // it) is sent on to the Profile page of the same dashboard.
    await expect(page).toHaveURL(
      email === 'parent-facilitator@demo.school' ? /\/parents\/dash(\?pane=profile)?$/ : path,
    )
    await expect(page.locator(`[data-layout="${layout}"]`)).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible()
    await expect(page.getByTestId('account-menu')).toBeVisible()
    // C19: the app goes to / first, then to the dashboard.
    expect(visited.slice(visited.indexOf('/signin'))).toEqual(['/signin', '/', path])
  })
}

test('a student lands on /students/dash in the default layout', async ({ page }) => {
  await signIn(page, 'student@demo.school', 'demo-student-1')
  await expect(page).toHaveURL('/students/dash')
  await expect(page.locator('[data-layout="default"]').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Banyan Tree Learning Centre' })).toBeVisible()
  // Without a dashboard header, the page itself says who is signed in and signs them out.
  await expect(page.getByText(/^Signed in as student@demo\.school\./)).toBeVisible()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/signin/)
})

test('a member without a role lands on the account page (C17/C18)', async ({ page }) => {
  await signIn(page, 'member@demo.school', 'demo-member-1')
  await expect(page).toHaveURL('/facilitators/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await expect(page.getByTestId('account-email')).toHaveText('member@demo.school')
})

test('after sign-in the person goes back to the page the guard stopped them at', async ({
  page,
}) => {
  await page.goto('/administration/dash/families')
  await expect(page).toHaveURL(/\/signin\?redirect=/)
  await page.getByLabel('E-mail').fill('administration@demo.school')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo-administration-1')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL('/administration/dash/families')
})

test('typing the address warms the server up, and a slow call shows the loading bar until it ends', async ({
  page,
}) => {
  const bodies: unknown[] = []
  let hold: (() => void) | null = null
  await page.route('**/functions/v1/accounts', async (route) => {
    const body: unknown = route.request().postDataJSON()
    bodies.push(body)
    // The real call waits until the test has seen the bar.
    if ((body as { action?: string }).action === 'initSignin') {
      await new Promise<void>((resolve) => (hold = resolve))
    }
    await route.continue()
  })
  await page.goto('/signin')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  expect(bodies).toEqual([])
  await page.getByLabel('E-mail').pressSequentially('guardian@demo.school')
  await expect.poll(() => bodies).toEqual([{ warmup: true }])
  await expect(page.getByTestId('backend-progress')).toHaveCount(0)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('progressbar', { name: 'Waiting for the server' })).toBeVisible()
  await expect.poll(() => hold !== null).toBe(true)
  hold!()
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible()
  await expect(page.getByTestId('backend-progress')).toHaveCount(0)
  expect(bodies).toEqual([
    { warmup: true },
    { action: 'initSignin', email: 'guardian@demo.school' },
  ])
})

test('a wrong password is refused with the spec wording', async ({ page }) => {
  await signIn(page, 'guardian@demo.school', 'not-the-password')
  await expect(page.getByRole('alert')).toHaveText(
    'Sign in failed. Please check email and password',
  )
  await expect(page).toHaveURL('/signin')
  expect(await storedSession(page)).toBeNull()
})

test('a blocked account is told so and signed out (C10)', async ({ page }) => {
  await signIn(page, 'blocked@demo.school', 'demo-blocked-1')
  await expect(page.getByRole('alert')).toHaveText('Your account has been temporarily disabled.')
  await expect(page).toHaveURL('/signin')
  expect(await storedSession(page)).toBeNull()
})

test('an unverified account is not let in and can get a new link that signs it in (C11/C12)', async ({
  page,
}) => {
  await signIn(page, 'unverified@demo.school', 'demo-unverified-1')
  await expect(page.getByRole('alert')).toHaveText(
    'Please confirm your e-mail address first: open the link we sent to unverified@demo.school.',
  )
  expect(await storedSession(page)).toBeNull()
  await page.getByRole('button', { name: 'Send the link again' }).click()
  await expect(page.getByTestId('auth-info')).toContainText(
    'We have sent a new link to unverified@demo.school',
  )
  const mail = await waitForMail('unverified@demo.school')
  await page.goto(linkIn(mail))
  await expect(page).toHaveURL('/facilitators/settings')
  await expect(page.getByTestId('account-email')).toHaveText('unverified@demo.school')
})

test('an account that is not a member is logged, told so and signed out (C20/C21)', async ({
  page,
}) => {
  const email = 'not-a-member@gmail.com'
  const service = await serviceClient()
  await service.auth.admin.createUser({
    email,
    password: 'visitor-pass-1',
    email_confirm: true,
    user_metadata: { name: 'Curious Visitor' },
  })
  const logged = page.waitForRequest(
    (r) =>
      r.url().endsWith('/functions/v1/accounts') &&
      r.postData()?.includes('logUnregisterdSignin') === true,
  )
  await signIn(page, email, 'visitor-pass-1')
  expect((await logged).postDataJSON()).toMatchObject({
    action: 'logUnregisterdSignin',
    email,
    name: 'Curious Visitor',
  })
  await expect(page.getByRole('alert')).toHaveText('This email is not registered with us.')
  await expect(page).toHaveURL('/signin')
  expect(await storedSession(page)).toBeNull()
  const admin = await signedIn('admin@demo.school', 'demo-admin-1')
  const { data } = await admin.rpc('list_unregistered_signins')
  expect(data).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ email, name: 'Curious Visitor', attempts: 1 }),
    ]),
  )
})

test('Google sign-in is offered only when the server enables it', async ({ page }) => {
  // This server has Google off: no button that can only fail.
  const settings = page.waitForResponse((r) => r.url().endsWith('/auth/v1/settings'))
  await page.goto('/signin')
  expect(
    ((await (await settings).json()) as { external: { google: boolean } }).external.google,
  ).toBe(false)
  await expect(page.getByLabel('E-mail')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toHaveCount(0)
  await expect(page.getByText('or', { exact: true })).toHaveCount(0)

  // A server with Google on: the choice is there.
  await page.route('**/auth/v1/settings', (route) =>
    route.fulfill({ json: { external: { google: true, email: true } } }),
  )
  await page.reload()
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible()
})

test('signing out from the dashboard header deletes the local database', async ({ page }) => {
  await signIn(page, 'facilitator@demo.school', 'demo-facilitator-1')
  await expect(page).toHaveURL('/facilitators/dash')
  await expect
    .poll(async () => (await localDatabases(page)).some((n) => n.includes('centre_')))
    .toBe(true)
  await page.getByTestId('account-menu').click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL('/signin')
  await expect
    .poll(async () => (await localDatabases(page)).filter((n) => n.includes('centre_')))
    .toEqual([])
  expect(await storedSession(page)).toBeNull()
  await page.goto('/facilitators/dash')
  await expect(page).toHaveURL(/\/signin\?redirect=/)
})
