import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { signedInPage, untilServiceWorkerControls } from './support/session'

// Field trips (N13–N16): the office makes a trip for a group (its students ticked with it); the
// guardian of a child in that group sees it on Home with its fee; once the office archives it,
// it leaves the guardian's Home (N15).
const maria = { email: 'guardian@demo.school', password: 'demo-guardian-1' }

test('the office makes a field trip for a group; its guardian sees it until it is archived', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  const title = `Botanical garden ${Date.now().toString(36)}`
  const office = await signedInPage(
    browser,
    'administration@demo.school',
    'demo-administration-1',
    '/administration/dash?pane=events',
  )
  const page = office.page
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible({
    timeout: 30_000,
  })
  await untilServiceWorkerControls(page)

  // Bad input is refused in words under its fields.
  await page.getByRole('button', { name: 'New field trip' }).click()
  const dialog = page.getByRole('dialog', { name: 'New field trip' })
  await dialog.getByRole('button', { name: 'Save trip' }).click()
  await expect(dialog.getByText('Enter a title')).toBeVisible()
  await expect(dialog.getByText('Choose at least one group')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  await dialog.getByLabel('Title').fill(title)
  await dialog.getByLabel('Start date').fill('2030-01-14')
  await dialog.getByLabel('End date').fill('2030-01-15')
  await dialog.getByLabel('Fee per student (₹)').fill('350')
  await dialog.getByLabel('Itinerary').fill('9:00 bus from the centre')
  await dialog.getByLabel('Packing list').fill('Water, hat')
  await dialog.getByLabel('Jaul').check()
  // The group's students are ticked with it.
  const going = dialog.getByRole('group', { name: 'Students who go' })
  await expect(going.getByLabel('Tiago Fernandes')).toBeChecked()
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Save trip' }).click()
  await expect(dialog).toBeHidden()
  const card = page.getByRole('region', { name: title })
  await expect(card.getByText('Pending', { exact: true })).toBeVisible()
  await expect(card).toContainText('14 Jan 2030 – 15 Jan 2030 · 2029-30 · Fee ₹350.00 per student')
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(card).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('events-360.png'), fullPage: true })

  // The guardian of a child in Jaul sees it on Home, with what it costs the family.
  const family = await signedInPage(browser, maria.email, maria.password, '/parents/dash')
  await family.page.setViewportSize({ width: 360, height: 740 })
  const trips = family.page.getByRole('region', { name: 'Field trips' })
  const trip = trips.getByTestId('family-trip').filter({ hasText: title })
  await expect(trip).toBeVisible({ timeout: 60_000 })
  await expect(trip).toContainText('Packing list: Water, hat')
  await expect(trip.getByTestId('trip-fee')).toContainText('Fee: ₹350.00 per child')
  await expect(trip.getByTestId('trip-fee')).toContainText('Tiago Fernandes')
  expect(await seriousViolations(family.page)).toEqual([])
  await family.page.screenshot({ path: testInfo.outputPath('family-trip-360.png'), fullPage: true })
  await family.page.setViewportSize({ width: 1280, height: 800 })
  await expect(trip).toBeVisible()
  expect(await seriousViolations(family.page)).toEqual([])
  await family.page.screenshot({
    path: testInfo.outputPath('family-trip-1280.png'),
    fullPage: true,
  })

  // A facilitator lists it in their Events pane, where their own trip dialog opens too.
  const teacher = await signedInPage(
    browser,
    'facilitator@demo.school',
    'demo-facilitator-1',
    '/facilitators/dash?pane=events',
  )
  await teacher.page.setViewportSize({ width: 360, height: 740 })
  await expect(teacher.page.getByRole('region', { name: title })).toBeVisible({ timeout: 60_000 })
  await teacher.page.getByRole('button', { name: 'New field trip' }).click()
  await expect(teacher.page.getByRole('dialog', { name: 'New field trip' })).toBeVisible()
  expect(await seriousViolations(teacher.page)).toEqual([])
  await teacher.context.close()

  // Archived by the office, it leaves the guardian's Home.
  await page.setViewportSize({ width: 1280, height: 800 })
  await card.getByRole('button', { name: 'Archive' }).click()
  await expect(card.getByText('Archived', { exact: true })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('events-1280.png'), fullPage: true })
  await expect(family.page.getByTestId('family-trip').filter({ hasText: title })).toHaveCount(0, {
    timeout: 60_000,
  })
  await family.context.close()
  await office.context.close()
})

// The trip fee (issue 34): a trip with a fee is due for each child who goes, in the family's
// Payments; the office records it paid as a Field Trip payment naming the trip; Accounting lists
// it; and the facilitator's week names the trip on each of its days.
test('a trip fee is due in Payments, recorded by the office, in Accounting, and the trip is on the week', async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000)
  const title = `Spice farm ${Date.now().toString(36)}`
  const office = await signedInPage(
    browser,
    'administration@demo.school',
    'demo-administration-1',
    '/administration/dash?pane=events',
  )
  const page = office.page
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible({
    timeout: 30_000,
  })
  await page.getByRole('button', { name: 'New field trip' }).click()
  const dialog = page.getByRole('dialog', { name: 'New field trip' })
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByLabel('Start date').fill('2030-01-14')
  await dialog.getByLabel('End date').fill('2030-01-15')
  await dialog.getByLabel('Fee per student (₹)').fill('350')
  await dialog.getByLabel('Jaul').check()
  await dialog.getByRole('button', { name: 'Save trip' }).click()
  await expect(dialog).toBeHidden()

  // The guardian sees the fee due for Tiago in Payments.
  const family = await signedInPage(
    browser,
    maria.email,
    maria.password,
    '/parents/dash?pane=payments',
  )
  await family.page.setViewportSize({ width: 360, height: 740 })
  const due = family.page.getByTestId('family-trip-fee').filter({ hasText: title })
  await expect(due).toBeVisible({ timeout: 60_000 })
  await expect(due).toContainText(`Field Trip: ${title}`)
  await expect(due).toContainText('Tiago Fernandes')
  await expect(due).toContainText('₹350.00 due')
  expect(await seriousViolations(family.page)).toEqual([])
  await family.page.screenshot({
    path: testInfo.outputPath('trip-fee-due-360.png'),
    fullPage: true,
  })

  // Maria paid by UPI and says so: more than is due is refused, then the fee waits for the office.
  await due.getByRole('button', { name: `I have paid: ${title}, Tiago Fernandes` }).click()
  const told = family.page.getByRole('dialog', { name: 'Tell the centre you have paid' })
  await expect(told.getByTestId('trip-report-for')).toHaveText(
    `Field Trip: ${title} · Tiago Fernandes · ₹350.00 due`,
  )
  await expect(told.getByLabel('Amount paid (₹)')).toHaveValue('350')
  await told.getByLabel('Amount paid (₹)').fill('400')
  await told.getByLabel('Transaction reference').fill('UTR 6021 7788')
  await told.getByRole('button', { name: 'Report payment' }).click()
  await expect(told.getByText('The fee still due for this trip is ₹350.00')).toBeVisible()
  expect(await seriousViolations(family.page)).toEqual([])
  await family.page.screenshot({ path: testInfo.outputPath('trip-fee-report-360.png') })
  await told.getByLabel('Amount paid (₹)').fill('350')
  await told.getByRole('button', { name: 'Report payment' }).click()
  await expect(told).toBeHidden()
  await expect(due).toContainText('Waiting for the office to confirm')
  await expect(due.getByRole('button', { name: /^I have paid/ })).toHaveCount(0)

  // The office records Ira's fee, paid in cash, and confirms the Fernandes family's report.
  await page.goto('/administration/dash?pane=payments')
  const fees = page.getByTestId('trip-fees')
  const ira = fees.getByTestId('trip-fee-due').filter({ hasText: `Ira Naik: Field Trip, ${title}` })
  await expect(ira).toBeVisible({ timeout: 60_000 })
  await expect(ira).toContainText('₹350.00 due')
  expect(await seriousViolations(page)).toEqual([])
  await ira.getByRole('button', { name: `Record ${title} paid for Ira Naik` }).click()
  const record = page.getByRole('dialog', { name: `${title}: the trip fee for Ira Naik` })
  await record.getByRole('button', { name: 'Save payment' }).click()
  await expect(record.getByText('Choose how it was paid')).toHaveCount(2)
  await record.getByLabel('Payment option').selectOption('Cash')
  await page.setViewportSize({ width: 360, height: 740 })
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('trip-fee-dialog-360.png'), fullPage: true })
  await record.getByRole('button', { name: 'Save payment' }).click()
  await expect(record).toBeHidden()
  await expect(ira).toHaveCount(0, { timeout: 30_000 })

  const tiago = fees
    .getByTestId('trip-fee-due')
    .filter({ hasText: `Tiago Fernandes: Field Trip, ${title}` })
  await expect(tiago).toContainText('the family reported a payment', { timeout: 60_000 })
  await tiago.getByRole('button', { name: `Record ${title} paid for Tiago Fernandes` }).click()
  const confirm = page.getByRole('dialog', { name: `${title}: the trip fee for Tiago Fernandes` })
  await expect(confirm.getByLabel('UPI or bank reference')).toHaveValue('UTR 6021 7788')
  await confirm.getByRole('button', { name: 'Confirm payment' }).click()
  await expect(confirm).toBeHidden()
  await expect(tiago).toHaveCount(0, { timeout: 30_000 })

  // The family sees it paid, with its receipt.
  await expect(due).toContainText('Paid', { timeout: 60_000 })
  await expect(due).toContainText(/Receipt 2029-30\/\d{4}/)
  await family.page.setViewportSize({ width: 1280, height: 800 })
  expect(await seriousViolations(family.page)).toEqual([])
  await family.page.screenshot({
    path: testInfo.outputPath('trip-fee-paid-1280.png'),
    fullPage: true,
  })
  await family.context.close()

  // Accounting lists it as a Field Trip payment naming the trip, in the trip's fee year.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/administration/dash?pane=accounting')
  const accounting = page.getByTestId('accounting-pane')
  const year = accounting
    .getByTestId('totals-fee-year')
    .getByTestId('year-total')
    .filter({ hasText: 'Fee year 2029-30' })
  await expect(year).toBeVisible({ timeout: 60_000 })
  await year.getByRole('button', { name: /^Show the \d+ payments?$/ }).click()
  await expect(
    year.getByTestId('ledger-entry').filter({ hasText: `Tiago Fernandes · Field Trip, ${title}` }),
  ).toContainText('₹350.00')
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({
    path: testInfo.outputPath('trip-fee-accounting-1280.png'),
    fullPage: true,
  })
  await office.context.close()

  // The facilitator's week of Jaul names the trip on its two days.
  const teacher = await signedInPage(
    browser,
    'facilitator@demo.school',
    'demo-facilitator-1',
    '/facilitators/dash/groupDays?group=rg-jaul&week=2030_03',
  )
  await teacher.page.setViewportSize({ width: 360, height: 740 })
  const onWeek = teacher.page.getByTestId('week-trip').filter({ hasText: `Field trip: ${title}` })
  await expect(onWeek).toHaveCount(2, { timeout: 60_000 })
  await expect(
    teacher.page.locator('[data-testid="day"][data-date="2030-01-14"]').getByTestId('week-trip'),
  ).toHaveText(`Field trip: ${title}`)
  await expect(
    teacher.page.locator('[data-testid="day"][data-date="2030-01-16"]').getByTestId('week-trip'),
  ).toHaveCount(0)
  expect(await seriousViolations(teacher.page)).toEqual([])
  await teacher.page.screenshot({ path: testInfo.outputPath('trip-week-360.png'), fullPage: true })
  await teacher.page.setViewportSize({ width: 1280, height: 800 })
  expect(await seriousViolations(teacher.page)).toEqual([])
  await teacher.page.screenshot({ path: testInfo.outputPath('trip-week-1280.png'), fullPage: true })
  await teacher.context.close()
})
