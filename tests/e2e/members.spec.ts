import { expect, test } from '@playwright/test'
import { signInContext } from './support/session.ts'

test('an admin lists, filters and pages members, and blocks and unblocks one', async ({
  browser,
}) => {
  const context = await browser.newContext()
  await signInContext(context, 'admin@demo.school', 'demo-admin-1')
  const page = await context.newPage()
  await page.goto('/admin/dash/members')
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible()
  await expect(page.getByTestId('page-label')).toHaveText(/^1-\d+ of \d+$/)
  await page.getByText('Students', { exact: true }).click()
  await expect(page.getByTestId('member-row')).toHaveCount(1)
  await expect(page.getByTestId('member-row')).toContainText('student@demo.school')
  await expect(page.getByTestId('page-label')).toHaveText('1-1 of 1')

  await page.getByText('All', { exact: true }).click()
  const kiran = page.getByTestId('member-row').filter({ hasText: 'member@demo.school' })
  await kiran.getByRole('button', { name: 'Block' }).click()
  await expect(page.getByRole('dialog')).toContainText('will be signed out on every device')
  await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click()
  await expect(page.getByText('member status updated')).toBeVisible()
  await page.getByText('Blocked', { exact: true }).click()
  await expect(
    page.getByTestId('member-row').filter({ hasText: 'member@demo.school' }),
  ).toBeVisible()
  await page
    .getByTestId('member-row')
    .filter({ hasText: 'member@demo.school' })
    .getByRole('button', { name: 'Unblock' })
    .click()
  await page.getByRole('dialog').getByRole('button', { name: 'Unblock' }).click()
  await expect(
    page.getByTestId('member-row').filter({ hasText: 'member@demo.school' }),
  ).toHaveCount(0)
  await context.close()
})
