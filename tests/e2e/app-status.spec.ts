import { expect, test } from '@playwright/test'
import { nextVersion } from './support/app-version.ts'
import { signInContext } from './support/session.ts'

const admin = { email: 'admin@demo.school', password: 'demo-admin-1' }

test("a newer published version shows the spec's info alert", async ({ browser }) => {
  const context = await browser.newContext()
  await signInContext(context, admin.email, admin.password)
  const page = await context.newPage()
  // The centre published a newer version than the one this device runs.
  await page.route('**/rest/v1/rpc/get_website_data', (route) =>
    route.fulfill({ json: { app_version: nextVersion } }),
  )
  await page.goto('/admin/dash/settings')
  await expect(page.getByRole('alert').filter({ hasText: 'App Version has changed' })).toHaveText(
    'App Version has changed. Please refresh the page to get the latest updates.',
  )
  await context.close()
})

test('the same version shows no alert', async ({ browser }) => {
  const context = await browser.newContext()
  await signInContext(context, admin.email, admin.password)
  const page = await context.newPage()
  await page.goto('/admin/dash/settings')
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 20_000 })
  await expect(page.getByText('App Version has changed')).toHaveCount(0)
  await context.close()
})

test('the browser asks before closing a page with changes that are not synced', async ({
  browser,
}) => {
  const context = await browser.newContext()
  await signInContext(context, admin.email, admin.password)
  const page = await context.newPage()
  await page.goto('/admin/dash/settings')
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 20_000 })
  await context.setOffline(true)
  await page.getByRole('tab', { name: 'Classrooms' }).click()
  await page.getByRole('button', { name: 'Add classroom' }).click()
  await page
    .getByRole('dialog')
    .getByLabel(/Classroom name/)
    .fill('Reading Nook')
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('sync-status')).toHaveText('1 change not synced')
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', async (dialog) => {
      resolve(dialog.type())
      // Leave anyway: the page closes by itself, so closing the context races nothing.
      await dialog.accept()
    }),
  )
  const closed = new Promise<void>((resolve) => page.once('close', () => resolve()))
  await page.close({ runBeforeUnload: true })
  expect(await asked).toBe('beforeunload')
  await closed
  await context.close()
})
