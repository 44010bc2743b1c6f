import { expect, test } from '@playwright/test'
import { serviceClient } from './support/backend.ts'
import { appVersion } from './support/app-version.ts'
import { adminPage } from './support/session.ts'

test('an admin sees the counts, lists, filters and pages members, and blocks and unblocks one', async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser)
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible()
  await expect(page.getByTestId('page-label')).toHaveText(/^1-\d+ of \d+$/)
  const count = (label: string) =>
    page.getByTestId('count').filter({ has: page.getByText(label, { exact: true }) })
  await expect(count('Students')).toContainText('1')
  await expect(count('Blocked')).toContainText('1')
  // Counted by type, every type named with its count, whatever the other tests sent.
  await expect(page.getByTestId('email-types')).toContainText(/Student Feedback \d+/)
  await expect(page.getByTestId('email-types')).toContainText(/Payment Receipt \d+/)
  // Each count says something of its own: every member has a sign-in account.
  await expect(count('Sign-in accounts')).toHaveCount(0)
  await expect(count('Accounts not registered')).toBeVisible()
  // The state shown is the real one: blocked, or whether the e-mail address is confirmed.
  const state = (email: string) =>
    page.getByTestId('member-row').filter({ hasText: email }).getByTestId('member-state')
  // Whether the address is confirmed now (a sign-in test may have followed its link): the
  // screen shows what the server holds.
  const users = (await (await serviceClient()).auth.admin.listUsers({ perPage: 1000 })).data.users
  const unverified = users.find((u) => u.email === 'unverified@demo.school')
  expect(unverified).toBeTruthy()
  await expect(state('unverified@demo.school')).toHaveText(
    unverified?.email_confirmed_at ? 'Active' : 'E-mail not confirmed',
  )
  await expect(state('guardian@demo.school')).toHaveText('Active')
  await expect(state('blocked@demo.school')).toHaveText('Blocked')
  await expect(page.getByTestId('member-row').getByText('verified', { exact: true })).toHaveCount(0)
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
  const { context, page } = await adminPage(browser)
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

test('an admin reads a member’s sign-ins and makes them a facilitator, then takes it back', async ({
  browser,
}) => {
  // Kiran signs in on their own device.
  const kiran = await browser.newContext()
  const own = await kiran.newPage()
  await own.goto('/signin')
  await own.getByLabel('E-mail').fill('member@demo.school')
  await own.getByRole('button', { name: 'Continue' }).click()
  await own.getByRole('textbox', { name: 'Password', exact: true }).fill('demo-member-1')
  await own.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(own).toHaveURL(/\/facilitators\/settings/)
  await kiran.close()

  const { context, page } = await adminPage(browser)
  const row = page.getByTestId('member-row').filter({ hasText: 'member@demo.school' })
  await row.getByRole('button', { name: 'More for Kiran Sawant' }).click()
  await page.getByRole('menuitem', { name: 'Sign-in history' }).click()
  const history = page.getByRole('dialog', { name: 'Sign-ins of Kiran Sawant' })
  await expect(history.getByTestId('sign-in-entry').first()).toContainText(/Chrome on \w+/)
  await expect(history.getByTestId('sign-in-entry').first()).toContainText(appVersion)
  await page.keyboard.press('Escape')
  await expect(history).toBeHidden()

  await row.getByRole('button', { name: 'More for Kiran Sawant' }).click()
  await page.getByRole('menuitem', { name: 'Make facilitator' }).click()
  const confirm = page.getByRole('dialog', { name: 'Make facilitator' })
  await expect(confirm).toContainText('gets the facilitator dashboard')
  await confirm.getByRole('button', { name: 'Make facilitator' }).click()
  await expect(page.getByText('Facilitator list updated')).toBeVisible()
  await expect(row).toContainText('Facilitator')

  // The facilitator list (synced to this device) now has Kiran, active.
  await page.getByTestId('side-pane').getByRole('link', { name: 'Facilitators' }).click()
  await expect(
    page.getByTestId('facilitator-row').filter({ hasText: 'Kiran Sawant' }),
  ).toContainText('Active')

  await page.getByTestId('side-pane').getByRole('link', { name: 'Members' }).click()
  await row.getByRole('button', { name: 'More for Kiran Sawant' }).click()
  await page.getByRole('menuitem', { name: 'Remove as facilitator' }).click()
  await page
    .getByRole('dialog', { name: 'Remove as facilitator' })
    .getByRole('button', { name: 'Remove' })
    .click()
  await expect(row.getByRole('cell').nth(1)).toHaveText('Member')
  await context.close()
})

test('an admin deletes a member after confirming, and the account can no longer sign in', async ({
  browser,
}) => {
  // An account that never confirmed its address is not wanted any more.
  const service = await serviceClient()
  const { data } = await service.auth.admin.listUsers({ perPage: 1000 })
  const leaving = data.users.find((u) => u.email === 'unverified@demo.school')
  expect(leaving).toBeTruthy()

  const { context, page } = await adminPage(browser)
  const row = page.getByTestId('member-row').filter({ hasText: 'unverified@demo.school' })
  await expect(row).toBeVisible()
  const members = Number(
    (await page.getByTestId('count').first().textContent())!.replace(/\D/g, ''),
  )
  await row.getByRole('button', { name: /^More for / }).click()
  await page.getByRole('menuitem', { name: 'Delete member' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete member' })
  await expect(confirm).toContainText('This cannot be undone.')
  // Cancelling changes nothing.
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(row).toBeVisible()
  await row.getByRole('button', { name: /^More for / }).click()
  await page.getByRole('menuitem', { name: 'Delete member' }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Member deleted')).toBeVisible()
  await expect(row).toHaveCount(0)
  await expect(page.getByTestId('count').first()).toContainText(String(members - 1))
  // The admin's own row offers no deletion.
  await page
    .getByTestId('member-row')
    .filter({ hasText: 'Anita Admin' })
    .getByRole('button', { name: 'More for Anita Admin' })
    .click()
  await expect(page.getByRole('menuitem', { name: 'Delete member' })).toHaveCount(0)
  await context.close()

  // The account is gone: nobody can sign in with it.
  const { error: gone } = await service.auth.admin.getUserById(leaving!.id)
  expect(gone).not.toBeNull()
})

test('on a phone the member filter is a list to choose from, not a strip scrolling sideways', async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser)
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(page.getByRole('radiogroup', { name: 'Filter members' })).toHaveCount(0)
  // The list opens from the box (opened again should the pane redraw and close it).
  await expect(async () => {
    await page.getByRole('combobox', { name: 'Show' }).click()
    await page.getByRole('option', { name: 'Students', exact: true }).click({ timeout: 3_000 })
  }).toPass({ timeout: 30_000 })
  await expect(page.getByTestId('page-label')).toHaveText('1-1 of 1')
  await context.close()
})
