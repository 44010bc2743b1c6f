import { expect, test } from '@playwright/test'
import { adminPage } from './support/session.ts'

test('an admin adds a facilitator, who can then set up their account; offline edits sync later', async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser)
  await page.getByTestId('side-pane').getByRole('link', { name: 'Facilitators' }).click()
  await expect(page.getByRole('heading', { name: 'Facilitators' })).toBeVisible()
  const rows = page.getByTestId('facilitator-row')
  await expect(rows.first()).toBeVisible()
  // Ordered by name (F37).
  const names = await rows.getByTestId('facilitator-name').allTextContents()
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)))

  // Bad input is refused on the form and changes nothing.
  await page.getByRole('button', { name: 'Add facilitator' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Name').fill('Nisha Kamat')
  await dialog.getByLabel('E-mail').fill('facilitator@demo.school')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toContainText('Another facilitator already has this e-mail address.')
  await dialog.getByLabel('E-mail').fill('Nisha.Kamat@Demo.School')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Facilitator list updated')).toBeVisible()
  const nisha = rows.filter({ hasText: 'Nisha Kamat' })
  await expect(nisha).toContainText('nisha.kamat@demo.school')
  await expect(nisha).toContainText('Waiting for sign-up')
  await expect(page.getByTestId('sync-status')).toHaveText('Synced')

  // The new facilitator signs in with that address and is offered the sign-up.
  const visitor = await browser.newContext()
  const signup = await visitor.newPage()
  await signup.goto('/signin')
  await signup.getByLabel('E-mail').fill('nisha.kamat@demo.school')
  await signup.getByRole('button', { name: 'Continue' }).click()
  await expect(
    signup.getByText(
      'Welcome. The centre has added you as a facilitator: please set up your account.',
    ),
  ).toBeVisible()
  await visitor.close()

  // Offline, the admin corrects the name; it syncs when the connection returns.
  await context.setOffline(true)
  await nisha.getByRole('button', { name: 'Edit Nisha Kamat' }).click()
  await expect(dialog.getByLabel('E-mail')).toBeEnabled()
  await dialog.getByLabel('Name').fill('Nisha Kamath')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(rows.filter({ hasText: 'Nisha Kamath' })).toBeVisible()
  await expect(page.getByTestId('sync-status')).toHaveText('1 change not synced')
  await context.setOffline(false)
  await expect(page.getByTestId('sync-status')).toHaveText('Synced')

  // A facilitator with an account keeps their sign-in address and cannot be removed here.
  const asha = rows.filter({ hasText: 'Asha Gaonkar' })
  await expect(asha.getByRole('button', { name: /^Remove/ })).toHaveCount(0)
  await asha.getByRole('button', { name: /^Edit/ }).click()
  await expect(dialog.getByLabel('E-mail')).toBeDisabled()
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  // Removing one who never signed up asks first.
  await rows
    .filter({ hasText: 'Nisha Kamath' })
    .getByRole('button', { name: 'Remove Nisha Kamath' })
    .click()
  const confirm = page.getByRole('dialog', { name: 'Remove facilitator' })
  await expect(confirm).toContainText('They will no longer be able to sign up')
  await confirm.getByRole('button', { name: 'Remove' }).click()
  await expect(rows.filter({ hasText: 'Nisha Kamath' })).toHaveCount(0)
  await expect(page.getByTestId('sync-status')).toHaveText('Synced')
  await context.close()
})
