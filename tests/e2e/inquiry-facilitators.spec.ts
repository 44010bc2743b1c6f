import { expect, test } from '@playwright/test'
import { applyAsFamily } from './support/applications'
import { seriousViolations } from './support/axe'
import { inquiriesNamed } from './support/backend'
import { signedInPage } from './support/session'

// The facilitator picker of an inquiry (H16): the office chooses, offline too, the facilitators
// who meet the family and take the children on trial; the choice syncs and stays.
const stamp = Date.now().toString(36)
const familyName = `Lobo${stamp}`

test('the office chooses an inquiry’s facilitators with the picker, offline, and the choice syncs', async ({
  browser,
}, testInfo) => {
  await applyAsFamily(`app-picker-${stamp}`, familyName, {
    child: 'Zara',
    guardian: 'Rita',
    email: `rita.${stamp}@example.com`,
  })
  const { context, page } = await signedInPage(
    browser,
    'admission@demo.school',
    'demo-admission-1',
    '/administration/dash',
  )
  await page.setViewportSize({ width: 360, height: 780 })
  await page.getByRole('tab', { name: /^Initial Inquiry/ }).click()
  await page
    .getByRole('button', { name: `Open the ${familyName} inquiry` })
    .click({ timeout: 20_000 })
  const section = page.getByTestId('inquiry-facilitators')
  await expect(section).toContainText('No facilitator chosen yet.')

  await context.setOffline(true)
  await section.getByRole('button', { name: 'Choose facilitators' }).click()
  const dialog = page.getByRole('dialog', { name: 'Choose facilitators' })
  await expect(dialog.getByRole('checkbox')).toHaveCount(4)
  // Searching narrows the list; accents and case do not matter.
  await dialog.getByLabel('Find a facilitator').fill('ASHA')
  await expect(dialog.getByRole('checkbox')).toHaveCount(1)
  await dialog.getByRole('checkbox', { name: /Asha Gaonkar/ }).check()
  await dialog.getByLabel('Find a facilitator').fill('desai')
  // Asha stays listed while chosen, so she can be unticked.
  await expect(dialog.getByRole('checkbox')).toHaveCount(2)
  await dialog.getByRole('checkbox', { name: /Rahul Desai/ }).check()
  await dialog.getByLabel('Find a facilitator').fill('nobody at all')
  await expect(dialog).toContainText('No facilitator matches “nobody at all”.')
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('facilitator-picker-360.png') })
  await dialog.getByRole('button', { name: 'Save 2 facilitators' }).click()
  await expect(page.getByText('Success! 2 facilitators chosen for this inquiry')).toBeVisible()
  await expect(section).toContainText('Asha Gaonkar, Rahul Desai')

  // Back online, the choice reaches the server.
  await context.setOffline(false)
  await expect
    .poll(async () => (await inquiriesNamed(familyName))[0]?.data.facilitators, {
      timeout: 30_000,
    })
    .toEqual(['f0000000-0000-4000-a000-000000000001', 'f0000000-0000-4000-a000-000000000002'])

  // Unticking one leaves the other, and the choice is there after a reload.
  await page.setViewportSize({ width: 1280, height: 900 })
  await section.getByRole('button', { name: 'Choose facilitators' }).click()
  await dialog.getByRole('checkbox', { name: /Asha Gaonkar/ }).uncheck()
  await dialog.getByRole('button', { name: 'Save 1 facilitator' }).click()
  await expect(page.getByText('Success! 1 facilitator chosen for this inquiry')).toBeVisible()
  await page.screenshot({
    path: testInfo.outputPath('facilitator-picker-1280.png'),
    fullPage: true,
  })
  await expect
    .poll(async () => (await inquiriesNamed(familyName))[0]?.data.facilitators, {
      timeout: 30_000,
    })
    .toEqual(['f0000000-0000-4000-a000-000000000002'])
  await page.reload()
  await page
    .getByRole('button', { name: `Open the ${familyName} inquiry` })
    .click({ timeout: 20_000 })
  await expect(page.getByTestId('inquiry-facilitators')).toContainText('Rahul Desai')
  await expect(page.getByTestId('inquiry-facilitators')).not.toContainText('Asha Gaonkar')
  await context.close()
})
