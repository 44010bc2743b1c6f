import { expect, test } from '@playwright/test'
import { signInContext, untilServiceWorkerControls } from './support/session.ts'

const admin = { email: 'admin@demo.school', password: 'demo-admin-1' }

test('an offline edit survives a reload, syncs when back online and reaches another device by itself', async ({
  browser,
}) => {
  const first = await browser.newContext()
  await signInContext(first, admin.email, admin.password)
  const page = await first.newPage()
  await page.goto('/admin/dash/settings')
  await untilServiceWorkerControls(page)
  await page.getByRole('tab', { name: 'Classrooms' }).click()
  await expect(page.getByRole('button', { name: 'Edit Mango Room' })).toBeVisible()
  await expect(page.getByTestId('sync-status')).toHaveText('Synced')

  // A second device with the same list open.
  const second = await browser.newContext()
  await signInContext(second, admin.email, admin.password)
  const other = await second.newPage()
  await other.goto('/admin/dash/settings')
  await other.getByRole('tab', { name: 'Classrooms' }).click()
  await expect(other.getByRole('button', { name: 'Edit Mango Room' })).toBeVisible()

  await first.setOffline(true)
  await expect(page.getByTestId('online-status')).toHaveText('Offline')
  await page.getByRole('button', { name: 'Edit Mango Room' }).click()
  await page
    .getByRole('dialog')
    .getByLabel(/Classroom name/)
    .fill('Mango Room (offline)')
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('sync-status')).toHaveText('1 change not synced')

  // Reload while still offline: the app opens from the service worker, the change is still there.
  await page.reload()
  await page.getByRole('tab', { name: 'Classrooms' }).click()
  await expect(page.getByRole('button', { name: 'Edit Mango Room (offline)' })).toBeVisible()
  await expect(page.getByTestId('sync-status')).toHaveText('1 change not synced')
  await expect(other.getByRole('button', { name: 'Edit Mango Room' })).toBeVisible()

  await first.setOffline(false)
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 20_000 })

  // The other device receives it through the Realtime poke, without a reload (its own
  // periodic pull runs only once a minute).
  await expect(other.getByRole('button', { name: 'Edit Mango Room (offline)' })).toBeVisible({
    timeout: 5_000,
  })
  await first.close()
  await second.close()
})
