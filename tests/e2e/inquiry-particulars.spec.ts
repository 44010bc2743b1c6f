import { expect, test } from '@playwright/test'
import { applyAsFamily } from './support/applications'
import { seriousViolations } from './support/axe'
import { inquiriesNamed } from './support/backend'
import { signedInPage } from './support/session'

// What the office keeps about a family's inquiry beside the application (H11): a description of
// the family, the term they hope to start in, whether the forms and curriculum went out, and why
// the inquiry has its status. Written offline with the keyboard, on a phone and a desktop; the
// server stamps who changed it.
const stamp = Date.now().toString(36)
const familyName = `Mascarenhas${stamp}`

test('the office describes a family, picks a tentative term and says why it moved the inquiry, offline, and it syncs', async ({
  browser,
}, testInfo) => {
  await applyAsFamily(`app-particulars-${stamp}`, familyName, {
    child: 'Leah',
    guardian: 'Sonia',
    email: `sonia.${stamp}@example.com`,
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
  const about = page.getByRole('form', { name: 'About the family' })
  await expect(about.getByLabel('Forms and curriculum given to the family')).not.toBeChecked()

  await context.setOffline(true)
  await about.getByLabel(/^Family description/).fill('Moving from Pune in May; Leah loves the sea.')
  const terms = about.getByLabel('Tentative admission term')
  await terms.focus()
  await terms.selectOption({ index: 2 })
  const term = await terms.inputValue()
  expect(term).toMatch(/^Term [123] \d{4}-\d{2}$/)
  // By keyboard: the checkbox with the space bar, the button with Enter.
  await about.getByLabel('Forms and curriculum given to the family').focus()
  await page.keyboard.press('Space')
  await about.getByRole('button', { name: 'Save about the family' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Success! Inquiry updated')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('inquiry-particulars-360.png') })

  const detail = page.getByTestId('inquiry-detail')
  await detail.getByLabel('Status').selectOption('onHold')
  await detail.getByLabel('Why (optional)').fill('They move to Goa in May')
  await detail.getByRole('button', { name: 'Change status' }).click()
  await expect(detail.getByTestId('inquiry-status-description')).toHaveText(
    'They move to Goa in May',
  )

  await context.setOffline(false)
  await expect
    .poll(
      async () => {
        const [row] = await inquiriesNamed(familyName)
        return (
          row && [
            row.status,
            row.data.familyDescription,
            row.data.tentativeAdmissionTerm,
            row.data.formsCurriculum,
            row.data.statusDescription,
          ]
        )
      },
      { timeout: 30_000 },
    )
    .toEqual([
      'onHold',
      'Moving from Pune in May; Leah loves the sea.',
      term,
      true,
      'They move to Goa in May',
    ])

  await page.setViewportSize({ width: 1280, height: 900 })
  await expect(detail.getByTestId('inquiry-last-change')).toContainText('Last changed by', {
    timeout: 30_000,
  })
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({
    path: testInfo.outputPath('inquiry-particulars-1280.png'),
    fullPage: true,
  })
  await context.close()
})
