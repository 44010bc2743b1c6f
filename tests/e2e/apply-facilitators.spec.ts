import { expect, test, type Page } from '@playwright/test'
import { inquiriesNamed } from './support/backend'
import { waitForMail } from './support/mailbox'
import { untilServiceWorkerControls } from './support/session'
import { seriousViolations } from './support/axe'

// A teacher applies to facilitate from a phone with a weak connection: what they type is kept
// on the device through a reload, a submit made offline waits on the device and is sent when the
// network returns, the office finds one inquiry, and the applicant's acknowledgement arrives.
const stamp = Date.now().toString(36)
const email = `e2e.facilitator.${stamp}@example.com`
const lastName = `Pereira${stamp}`

async function fillReference(page: Page, i: number, name: string, address: string) {
  const card = page.getByText(`Reference ${i}`, { exact: true }).locator('..')
  await card.getByLabel('Reference name').fill(name)
  await card.getByLabel('E-mail').fill(address)
  await card.getByLabel('Relationship').fill('Head teacher')
}

test('a facilitator application typed offline is kept, queued and sent once when back online', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } })
  const page = await context.newPage()
  await page.goto('/apply-facilitators')
  await untilServiceWorkerControls(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Apply to facilitate' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // Sending an empty form changes nothing and says what is missing, field by field.
  await page.getByRole('button', { name: 'Send application' }).click()
  await expect(page.getByText('First name is missing.')).toBeVisible()
  await expect(page.getByText('Please enter a valid e-mail address.').first()).toBeVisible()

  await page.getByLabel('First name').fill('Anita')
  await page.getByLabel('Last name').fill(lastName)
  await page.getByLabel('Date of birth').fill('1990-04-12')
  await page.getByLabel('Gender').selectOption('Female')
  await page.getByLabel('E-mail').first().fill(email)
  await page.getByLabel('Mobile').fill('98220 12345')
  await page.getByLabel('Years of experience').fill('7')
  await page.getByLabel('Subjects you would facilitate').fill('Mathematics, pottery')
  await page.getByLabel('Statement of interest').fill('I have taught mixed-age groups for years.')

  // A reload keeps everything typed so far.
  await page.reload()
  await expect(page.getByLabel('Last name')).toHaveValue(lastName)
  await expect(page.getByLabel('Years of experience')).toHaveValue('7')
  await expect(page.getByLabel('Gender')).toHaveValue('Female')

  await fillReference(page, 1, 'Maria Fernandes', `ref1.${stamp}@example.com`)
  await fillReference(page, 2, 'Joel Dsouza', `ref2.${stamp}@example.com`)
  await page.getByLabel('Do you hold a current first-aid certificate?').selectOption('Yes')

  await context.setOffline(true)
  await page.getByRole('button', { name: 'Send application' }).click()
  await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible()
  await expect(page.getByText(/will be sent as soon as there is a connection/)).toBeVisible()
  expect(await inquiriesNamed(lastName)).toHaveLength(0)

  // The tab is closed; the next visit, online, sends what was queued.
  await page.close()
  await context.setOffline(false)
  const next = await context.newPage()
  await next.goto('/apply-facilitators')
  await expect(next.getByRole('status').getByText('Application sent')).toBeVisible({
    timeout: 30_000,
  })
  await expect(next.getByText('your application has arrived')).toBeVisible()
  const stored = await inquiriesNamed(lastName)
  expect(stored).toEqual([
    expect.objectContaining({ status: 'initialInquiry', kind: 'facilitator' }),
  ])
  const mail = await waitForMail(email)
  expect(mail.text + mail.html).toContain('Anita')

  // A new application starts empty, with the draft gone.
  await next.getByRole('button', { name: 'Start a new application' }).click()
  await expect(next.getByLabel('Last name')).toHaveValue('')
  await next.screenshot({ path: `${test.info().outputDir}/apply-facilitators-new.png` })
  await context.close()
})
