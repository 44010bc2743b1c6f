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
