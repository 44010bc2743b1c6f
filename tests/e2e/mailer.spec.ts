import { expect, test } from '@playwright/test'
import { adminPage } from './support/session.ts'

test('an admin finds the e-mail the centre sent in Node Mailer, by type, and reads it', async ({
  browser,
  page,
}) => {
  // On two busy cores the reset link, queued after the answer, can take a while to be sent.
  test.setTimeout(180_000)
  // A guardian asks for a password reset: the centre sends a Members e-mail.
  await page.goto('/signin')
  await page.getByLabel('E-mail').fill('guardian@demo.school')
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByRole('button', { name: 'Forgot your password?' }).click()
  await page.getByRole('button', { name: 'Send me a link' }).click()
  await expect(page.getByTestId('reset-message')).toBeVisible()

  const { context, page: admin } = await adminPage(browser)
  await admin.getByTestId('side-pane').getByRole('link', { name: 'Node Mailer' }).click()
  await expect(admin.getByRole('heading', { name: 'Node Mailer' })).toBeVisible()

  const mail = admin
    .getByTestId('mail-row')
    .filter({ hasText: 'To guardian@demo.school' })
    .filter({ hasText: 'Reset your password' })
  // The host's mailer delivers it to the SMTP server; the log says so after a reload.
  // Each try reloads, waits for the log to arrive (a reload on two busy cores can take seconds),
  // then looks for the sent row.
  await expect(async () => {
    await admin.reload()
    await expect(admin.getByTestId('mail-row').first()).toBeVisible({ timeout: 20_000 })
    await expect(mail.first()).toContainText('Sent', { timeout: 1000 })
  }).toPass({ timeout: 90_000 })
  await expect(mail.first()).toContainText('Members')

  // Each filter shows only its type.
  await admin.getByRole('combobox', { name: 'Type' }).click()
  // Student Feedback: the reset mail is gone, and whatever else the tests sent, every row left
  // (if any) is a Student Feedback e-mail.
  await admin.getByRole('option', { name: 'Student Feedback' }).click()
  await expect(mail).toHaveCount(0)
  const rows = admin.getByTestId('mail-row')
  await expect(rows.filter({ hasNotText: 'Student Feedback' })).toHaveCount(0)
  if ((await rows.count()) === 0) {
    await expect(admin.getByTestId('mail-empty')).toHaveText('No Student Feedback e-mails.')
  }
  await admin.getByRole('combobox', { name: 'Type' }).click()
  await admin.getByRole('option', { name: 'Members' }).click()
  await expect(mail.first()).toBeVisible()

  await mail.first().getByRole('button', { name: 'View' }).click()
  const dialog = admin.getByRole('dialog')
  await expect(dialog).toContainText('To guardian@demo.school')
  // The message as it went out, its one-time code hidden from the admin.
  const body = admin.frameLocator('iframe[title^="The e-mail"]')
  await expect(body.locator('a[href$="/reset-password?oobCode=(hidden)"]')).toHaveCount(1)
  await expect(body.locator('body')).not.toContainText(/oobCode=(?!\(hidden\))/)
  await context.close()
})
