import { expect, test } from '@playwright/test'
import { signInContext } from './support/session.ts'

test('an admin sees the counts, lists, filters and pages members, and blocks and unblocks one', async ({
  browser,
}) => {
  const context = await browser.newContext()
  await signInContext(context, 'admin@demo.school', 'demo-admin-1')
  const page = await context.newPage()
  await page.goto('/admin/dash/members')
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible()
  await expect(page.getByTestId('page-label')).toHaveText(/^1-\d+ of \d+$/)
  const count = (label: string) =>
    page.getByTestId('count').filter({ has: page.getByText(label, { exact: true }) })
  await expect(count('Students')).toContainText('1')
  await expect(count('Blocked')).toContainText('1')
  await expect(page.getByTestId('email-types')).toContainText('Payment Receipt 0')
  const filters = page.getByRole('radiogroup', { name: 'Filter members' })
  await filters.getByText('Students', { exact: true }).click()
  await expect(page.getByTestId('member-row')).toHaveCount(1)
  await expect(page.getByTestId('member-row')).toContainText('student@demo.school')
  await expect(page.getByTestId('page-label')).toHaveText('1-1 of 1')

  await filters.getByText('All', { exact: true }).click()
  const kiran = page.getByTestId('member-row').filter({ hasText: 'member@demo.school' })
  await kiran.getByRole('button', { name: 'Block' }).click()
  await expect(page.getByRole('dialog')).toContainText('will be signed out on every device')
  await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click()
  await expect(page.getByText('member status updated')).toBeVisible()
  await expect(count('Blocked')).toContainText('2')
  await filters.getByText('Blocked', { exact: true }).click()
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
  await expect(count('Blocked')).toContainText('1')
  await context.close()
})

test('an admin changes the page size of the admin lists and the list pages by it', async ({
  browser,
}) => {
  const context = await browser.newContext()
  await signInContext(context, 'admin@demo.school', 'demo-admin-1')
  const page = await context.newPage()
  await page.goto('/admin/dash/members')
  const label = page.getByTestId('page-label')
  await expect(label).toHaveText(/^1-\d+ of (\d+)$/)
  const total = Number((await label.textContent())!.split(' of ')[1])
  expect(total).toBeGreaterThan(5)
  const size = page.getByRole('combobox', { name: 'Rows per page in admin lists' })
  await expect(size).toHaveValue('15 per page')
  await size.click()
  await page.getByRole('option', { name: '5 per page', exact: true }).click()
  await expect(page.getByText('Page size updated')).toBeVisible()
  await expect(label).toHaveText(`1-5 of ${total}`)
  await expect(page.getByTestId('member-row')).toHaveCount(5)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(label).toHaveText(`6-${Math.min(10, total)} of ${total}`)

  // The size is the centre's: it is what the list uses after a reload too.
  await page.reload()
  await expect(label).toHaveText(`1-5 of ${total}`)
  await size.click()
  await page.getByRole('option', { name: '15 per page', exact: true }).click()
  await expect(label).toHaveText(`1-${Math.min(15, total)} of ${total}`)
  await context.close()
})
