// First sign-in of a facilitator, connect account and password reset, end to end against the
// local host, with the e-mails read from the test SMTP server (core.md §4, §7, §8).
import { expect, test, type Page, type Route } from '@playwright/test'
import { setPassword, signedIn } from './support/backend'
import { linkIn, waitForMail } from './support/mailbox'

/**
 * At a phone's 360 px nothing sticks out sideways; the screen is kept with the test's results
 * (test-results/) for a person to look at.
 */
async function fitsOnAPhone(page: Page, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, `${name} is wider than the screen`).toBeLessThanOrEqual(0)
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true })
}

/** Holds the calls of `action` until released, so a progress message can be seen. */
async function holdCall(page: Page, action: string) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/functions/v1/accounts', async (route: Route) => {
    if (route.request().postDataJSON()?.action !== action) return route.fallback()
    await released
    await route.fallback()
  })
  return { release }
}

test('a facilitator the centre added asks for a link, chooses a password on the page it opens, and lands on the dashboard', async ({
  page,
}) => {
  const email = 'new-facilitator@demo.school'
  await page.setViewportSize({ width: 360, height: 780 })
  await page.goto('/signin')
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeVisible()
  // Typing an address tells nothing about the record: no name, no id.
  await expect(
    page.getByText(
      'Welcome. The centre has added you as a facilitator: please set up your account.',
    ),
  ).toBeVisible()
  await expect(page.getByLabel('Your name')).toHaveValue('')
  await expect(page.getByLabel('Password')).toHaveCount(0)

  // Name and number are required (D01).
  await page.getByRole('button', { name: 'Send me the link' }).click()
  await expect(page.getByText('Please enter your name.')).toBeVisible()
  await expect(page.getByText('Please enter your WhatsApp number.')).toBeVisible()
  await page.getByLabel('Your name').fill('Rohan Dsouza')
  await page.getByRole('textbox', { name: 'WhatsApp number' }).fill('90000 00010')
  await fitsOnAPhone(page, 'facilitator-signup-360')

  const held = await holdCall(page, 'registerFacilitator')
  const sent = page.waitForRequest((r) => r.postDataJSON()?.action === 'registerFacilitator')
  await page.getByRole('button', { name: 'Send me the link' }).click()
  await expect(page.getByTestId('auth-info')).toHaveText(
    'One moment, your account is getting ready.',
  )
  expect((await sent).postDataJSON()).toEqual({
    action: 'registerFacilitator',
    appVersion: '1.0.54',
    email,
    name: 'Rohan Dsouza',
    whatsapp: '919000000010',
    authType: 'emailpw',
  })
  held.release()
  await expect(page.getByTestId('check-email')).toContainText(`We have sent a link to ${email}`)

  const mail = await waitForMail(email)
  expect(mail.subject).toBe('Confirm your e-mail address for Banyan Tree Learning Centre')
  await page.goto(linkIn(mail))
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible()
  await expect(page.getByTestId('choose-password')).toBeVisible()
  await fitsOnAPhone(page, 'choose-password-360')
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('rohan-pass-1')
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill('rohan-pass-2')
  await page.getByRole('button', { name: 'Save and sign in' }).click()
  await expect(page.getByText('The two passwords do not match.')).toBeVisible()
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill('rohan-pass-1')
  await page.getByRole('button', { name: 'Save and sign in' }).click()
  await expect(page).toHaveURL('/facilitators/dash')
  await expect(page.getByRole('heading', { level: 2, name: 'Facilitator Dashboard' })).toBeVisible()

  // The password chosen on that page is the account's.
  const again = await signedIn(email, 'rohan-pass-1')
  expect((await again.auth.getSession()).data.session).not.toBeNull()
})

test('a parent connects with their WhatsApp number, sees only the masked address, chooses a password from the e-mailed link and lands on the parents dashboard', async ({
  page,
}) => {
  const email = 'joao.fernandes@demo.school'
  await page.setViewportSize({ width: 360, height: 780 })
  await page.goto('/connect-account')
  await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('IN')

  // An unknown number: the message, and back to the number (D03).
  await page.getByRole('textbox', { name: 'WhatsApp number' }).fill('91111 11111')
  await page.getByRole('button', { name: 'Find my account' }).click()
  await expect(page.getByRole('alert')).toContainText('We could not find this WhatsApp number.')
  await expect(page.getByRole('button', { name: 'Find my account' })).toBeEnabled()

  const lookup = await holdCall(page, 'initConnectAccount')
  const asked = page.waitForRequest((r) => r.postDataJSON()?.action === 'initConnectAccount')
  await page.getByRole('textbox', { name: 'WhatsApp number' }).fill('90000 00003')
  await page.getByRole('button', { name: 'Find my account' }).click()
  await expect(page.getByTestId('auth-progress')).toHaveText(
    'Please wait, we are initiating your account...',
  )
  expect((await asked).postDataJSON()).toEqual({
    action: 'initConnectAccount',
    whatsApp: '9000000003',
    prefix: '+91',
  })
  lookup.release()
  await expect(page.getByTestId('connect-found')).toContainText('j***@d***.school')
  await expect(page.getByTestId('connect-found')).not.toContainText('João')
  await expect(page.getByText(email)).toHaveCount(0)
  await fitsOnAPhone(page, 'connect-found-360')

  const creating = await holdCall(page, 'registerMember')
  const registered = page.waitForRequest((r) => r.postDataJSON()?.action === 'registerMember')
  await page.getByRole('button', { name: 'Send me the link' }).click()
  await expect(page.getByTestId('auth-progress')).toHaveText(
    'Please wait, creating your account...',
  )
  expect((await registered).postDataJSON()).toEqual({
    action: 'registerMember',
    whatsApp: '9000000003',
    prefix: '+91',
    authType: 'emailpw',
  })
  creating.release()
  await expect(page.getByTestId('check-email')).toContainText(
    'We have sent a link to j***@d***.school.',
  )
  // The step is done: nothing keeps spinning beside "Check your e-mail".
  await expect(page.getByTestId('auth-progress')).toHaveCount(0)

  const mail = await waitForMail(email)
  await page.goto(linkIn(mail))
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('joao-pass-1')
  await page.getByRole('textbox', { name: 'Repeat the password' }).fill('joao-pass-1')
  await page.getByRole('button', { name: 'Save and sign in' }).click()
  await expect(page).toHaveURL('/parents/dash')
  await expect(page.getByRole('heading', { level: 2, name: 'Parents' })).toBeVisible()
})

test('a set-up link opened and left before the password was chosen leads to a new link from the same page', async ({
  page,
}) => {
  const email = 'ines.fernandes@demo.school'
  try {
    await page.setViewportSize({ width: 360, height: 780 })
    await page.goto('/connect-account')
    await page.getByRole('textbox', { name: 'WhatsApp number' }).fill('90000 00004')
    await page.getByRole('button', { name: 'Find my account' }).click()
    await page.getByRole('button', { name: 'Send me the link' }).click()
    await expect(page.getByTestId('check-email')).toBeVisible()
    const setupLink = linkIn(await waitForMail(email))

    // Opened, then left without choosing a password.
    await page.goto(setupLink)
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible()
    await page.goto('/')
    // Opened again: it works no more, and the page itself offers a new link.
    await page.goto(setupLink)
    await expect(page.getByRole('alert')).toHaveText(
      'This link is invalid or has expired. Please ask for a new one.',
    )
    const offer = page.getByTestId('setup-new-link')
    await expect(offer).toContainText(
      'Did you open it before and not finish choosing your password?',
    )
    await fitsOnAPhone(page, 'setup-new-link-360')
    await offer.getByLabel('E-mail').fill(email)
    await offer.getByRole('button', { name: 'Send me a link' }).click()
    await expect(offer.getByTestId('reset-message')).toContainText(
      `If an account exists for ${email}`,
    )

    const reset = await waitForMail(email, 2)
    expect(reset.subject).toBe('Reset your password for Banyan Tree Learning Centre')
    await page.goto(linkIn(reset))
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('ines-pass-1')
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('ines-pass-1')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await expect(page).toHaveURL('/students/dash')
  } finally {
    // Inês goes back to having no account, as the demo centre has her (the Members counts of
    // the other tests count one student).
    const admin = await signedIn('admin@demo.school', 'demo-admin-1')
    const { data, error } = await admin.rpc('admin_list_members', {
      filter: 'students',
      page_size: 100,
    })
    expect(error).toBeNull()
    const rows = (data as { rows: { id: string; email: string }[] }).rows
    for (const { id } of rows.filter((r) => r.email === email)) {
      const deleted = await admin.rpc('admin_delete_member', { member: id })
      expect(deleted.error).toBeNull()
    }
  }
})

test('a caller over a limit is told how long to wait (429)', async ({ page }) => {
  await page.route('**/functions/v1/accounts', async (route: Route) => {
    if (route.request().postDataJSON()?.action !== 'initConnectAccount') return route.fallback()
    await route.fulfill({
      status: 429,
      contentType: 'application/json',
      headers: { 'retry-after': '420', 'access-control-allow-origin': '*' },
      body: JSON.stringify({
        type: 'error',
        message: 'Too many attempts. Please wait 7 minutes and try again.',
      }),
    })
  })
  await page.goto('/connect-account')
  await page.getByRole('textbox', { name: 'WhatsApp number' }).fill('90000 00004')
  await page.getByRole('button', { name: 'Find my account' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Too many attempts. Please wait 7 minutes and try again.',
  )
})

test('a link that does not work says so on the page it opens, and asks for no password', async ({
  page,
}) => {
  await page.goto(`/signin?setup=${'0'.repeat(56)}`)
  await expect(page.getByRole('alert')).toHaveText(
    'This link is invalid or has expired. Please ask for a new one.',
  )
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveCount(0)
})

test('a forgotten password is reset with the e-mailed link, which then signs the person in', async ({
  page,
}) => {
  const email = 'member@demo.school'
  try {
    await page.goto('/signin')
    await page.getByLabel('E-mail').fill(email)
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible()
    await expect(page.getByLabel('E-mail')).toHaveValue(email)
    await page.getByRole('button', { name: 'Send me a link' }).click()
    await expect(page.getByTestId('reset-message')).toHaveText(
      `If an account exists for ${email}, we have sent it a link to choose a new password. The link works for an hour.`,
    )
    await expect(page.getByRole('button', { name: 'Send me a link' })).toHaveCount(0)

    const mail = await waitForMail(email)
    expect(mail.subject).toBe('Reset your password for Banyan Tree Learning Centre')
    const link = linkIn(mail)
    expect(link).toMatch(/^\/reset-password\?oobCode=/)
    await page.goto(link)
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('12345')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await expect(page.getByText('Use at least 6 characters.')).toBeVisible()
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('member-new-1')
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('member-new-1')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await expect(page).toHaveURL('/facilitators/settings')
    await expect(page.getByTestId('account-email')).toHaveText(email)

    // The link works once.
    await page.goto(link)
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('member-other-1')
    await page.getByRole('textbox', { name: 'Repeat the new password' }).fill('member-other-1')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'This link is invalid or has expired. Please ask for a new one.',
    )
  } finally {
    await setPassword(email, 'demo-member-1')
  }
})
