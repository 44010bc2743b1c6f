import { expect, test } from '@playwright/test'
import { signedInPage, untilServiceWorkerControls } from './support/session'

// Parents and students (issue 13): the family's home from the device, online and offline.

test("a parent's home shows the children, their groups' week, holidays and expiring documents, and opens offline", async ({
  browser,
}, testInfo) => {
  const { context, page } = await signedInPage(
    browser,
    'guardian@demo.school',
    'demo-guardian-1',
    '/parents/dash',
  )
  await page.setViewportSize({ width: 360, height: 740 })
  const home = page.getByTestId('parents-home')
  await expect(home.getByRole('heading', { level: 1 })).toHaveText('Fernandes family', {
    timeout: 20_000,
  })
  await expect(home.getByText('Tiago Fernandes', { exact: true })).toBeVisible()
  await expect(home.getByText('Inês Fernandes', { exact: true })).toBeVisible()
  await expect(home.getByRole('region', { name: 'Jaul this week' })).toContainText('Monday')
  await expect(home.getByRole('region', { name: 'Tanni this week' })).toContainText('Friday')
  await expect(home.getByRole('region', { name: 'Jaul this week' })).toContainText('09:30 - 10:15')
  await expect(home.getByText('João Fernandes: Passport')).toBeVisible()
  await expect(home.getByTestId('last-sync')).toContainText('Last synced today')
  await expect(page.getByTestId('dashboard-welcome')).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('parents-home-360.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(home.getByRole('region', { name: 'Tanni this week' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('parents-home-1280.png'), fullPage: true })
  // Another family's children never reach this device.
  await expect(home.getByText('Ira Naik')).toHaveCount(0)

  // Offline, a reload opens the home from the device.
  await untilServiceWorkerControls(page)
  await context.setOffline(true)
  await page.reload()
  await expect(home.getByRole('heading', { level: 1 })).toHaveText('Fernandes family', {
    timeout: 20_000,
  })
  await expect(home.getByRole('region', { name: 'Jaul this week' })).toContainText('Monday')
  await expect(home.getByText('João Fernandes: Passport')).toBeVisible()
  await context.close()
})

test("a student sees their group's week and nothing of their siblings'", async ({
  browser,
}, testInfo) => {
  const { context, page } = await signedInPage(
    browser,
    'student@demo.school',
    'demo-student-1',
    '/students/dash',
  )
  await page.setViewportSize({ width: 360, height: 740 })
  const home = page.getByTestId('student-home')
  await expect(home.getByRole('region', { name: 'Jaul this week' })).toContainText('Monday', {
    timeout: 20_000,
  })
  await expect(home.getByRole('region', { name: 'Tanni this week' })).toHaveCount(0)
  await expect(home.getByText('Next holidays')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('student-home-360.png'), fullPage: true })
  await untilServiceWorkerControls(page)
  await context.setOffline(true)
  await page.reload()
  await expect(home.getByRole('region', { name: 'Jaul this week' })).toContainText('Monday', {
    timeout: 20_000,
  })
  await context.close()
})
