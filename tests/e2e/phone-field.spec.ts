import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { signedInPage } from './support/session'

// One phone field and one rule everywhere (E03-E09): the numbers the centre itself keeps
// ("+91 9822000001" for the Fernandes family's doctor) pass the profile's steps, a number typed
// with its country code and spaces is taken, and a number with a letter is refused in words.
test('the profile takes the numbers the centre keeps, with their country code and spaces, at 360 px', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const { context, page } = await signedInPage(
    browser,
    'guardian@demo.school',
    'demo-guardian-1',
    '/parents/dash?pane=profile',
  )
  await page.setViewportSize({ width: 360, height: 780 })
  const wizard = page.getByTestId('profile-wizard')
  const step = wizard.getByTestId('wizard-step')
  await expect(step).toHaveText('Personal Data', { timeout: 20_000 })

  const maria = wizard.getByRole('group', { name: 'Parent or guardian 1' })
  await expect(maria.getByLabel('Country code')).toHaveValue('IN')
  await maria.getByLabel('Mobile').fill('+91 9000000001x')
  await wizard.getByRole('button', { name: 'Next' }).click()
  await expect(maria.getByText('Use digits only in the number (spaces are fine).')).toBeVisible()
  await expect(step).toHaveText('Personal Data')
  await maria.getByLabel('Mobile').fill('+91 90000 00001')
  await wizard.getByRole('button', { name: 'Next' }).click()
  await expect(step).toHaveText("Children's Data")
  await wizard.getByRole('button', { name: 'Next' }).click()

  await expect(step).toHaveText('Additional Data')
  const doctor = wizard.getByRole('group', { name: "Doctor's Details" })
  // The doctor's number as the centre stored it: its country code in the field, the rest after.
  await expect(doctor.getByLabel('Country code')).toHaveValue('IN')
  await expect(doctor.getByLabel('Mobile phone')).toHaveValue('9822000001')
  await doctor.getByLabel('Mobile phone').fill('+91 9822000001')
  const first = wizard.getByRole('group', { name: 'First Contact Person' })
  await first.getByLabel('Mobile phone').fill('98220 0002')
  await wizard.getByRole('button', { name: 'Next' }).click()
  await expect(first.getByText('An Indian mobile number has 10 digits.')).toBeVisible()
  await first.getByLabel('Mobile phone').fill('98220 00002')
  expect(await seriousViolations(page)).toEqual([])
  // Nothing of the phone field runs off a 360 px screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await wizard.getByRole('button', { name: 'Next' }).click()
  await expect(step).toHaveText('Documents')
  await context.close()
})
