import { expect, test } from '@playwright/test'
import { serviceClient, signedIn } from './support/backend.ts'
import { adminPage, signedInPage } from './support/session.ts'

test('an admin sees what the server recorded in System Errors and Warnings and dismisses it', async ({
  browser,
}) => {
  // Server code records one error and one warning, as the accounts function and the mailer do.
  const service = await serviceClient()
  for (const [kind, source, message] of [
    ['error', 'accounts', 'registerMember failed: the identity service timed out'],
    ['warning', 'e-mail', 'The e-mail "Welcome" to parent@demo.school was not accepted'],
  ] as const) {
    const { error } = await service.rpc('log_system_event', {
      kind,
      source,
      message,
      details: { action: 'registerMember' },
    })
    expect(error).toBeNull()
  }

  const { context, page } = await adminPage(browser)
  const pane = page.getByTestId('side-pane')
  await expect(pane.getByRole('link', { name: 'System Errors' })).toBeVisible()
  await pane.getByRole('link', { name: 'System Errors' }).click()
  await expect(page).toHaveURL(/\/admin\/dash\/errors$/)
  await expect(page.getByRole('heading', { name: 'System Errors' })).toBeVisible()
  const entry = page
    .getByTestId('log-entry')
    .filter({ hasText: 'registerMember failed: the identity service timed out' })
  await expect(entry).toContainText('accounts')
  await expect(entry).toContainText('action: registerMember')
  await entry.getByRole('button', { name: 'Dismiss' }).click()
  await expect(page.getByText('1 entry dismissed')).toBeVisible()
  await expect(entry).toHaveCount(0)
  // Dismissed entries stay on record.
  // From the keyboard: focus the switch and press Space.
  await page.getByRole('switch', { name: 'Show dismissed' }).focus()
  await page.keyboard.press('Space')
  await expect(page.getByRole('switch', { name: 'Show dismissed' })).toBeChecked()
  await expect(entry).toContainText('Dismissed')

  await pane.getByRole('link', { name: 'Warnings' }).click()
  await expect(page.getByRole('heading', { name: 'Warnings' })).toBeVisible()
  await expect(page.getByTestId('log-entry').first()).toContainText('was not accepted')
  await page.getByRole('button', { name: 'Dismiss all' }).click()
  await expect(page.getByRole('dialog')).toContainText('Every open entry is marked as handled')
  await page.getByRole('dialog').getByRole('button', { name: 'Dismiss all' }).click()
  await expect(page.getByTestId('log-empty')).toHaveText('No open warnings.')
  await context.close()
})

test('nobody but an admin reaches the system log', async ({ browser }) => {
  const { context, page } = await signedInPage(
    browser,
    'administration@demo.school',
    'demo-administration-1',
    '/admin/dash/errors',
  )
  await expect(page).toHaveURL(/\/administration\/dash/)
  // Recording needs the service role: a signed-in admin's own token cannot forge entries.
  const member = await signedIn('admin@demo.school', 'demo-admin-1')
  const { error } = await member.rpc('log_system_event', {
    kind: 'error',
    source: 'app',
    message: 'forged',
  })
  expect(error?.code).toBe('42501')
  await context.close()
})
