import { expect, test } from '@playwright/test'
import { adminPage } from './support/session.ts'

const mailbox = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 1}`

test('an admin writes an e-mail from Node Mailer and it arrives, logged as Webmail', async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser)
  await page.getByTestId('side-pane').getByRole('link', { name: 'Node Mailer' }).click()
  await page.getByRole('button', { name: 'Write an e-mail' }).click()
  const dialog = page.getByRole('dialog', { name: 'Write an e-mail' })

  // The admin's own account first, the five senders offered, the admissions office copied.
  const sender = dialog.getByRole('combobox', { name: 'Sender' })
  await expect(sender).toHaveValue('Anita Admin')
  await sender.click()
  for (const name of ['Anita Admin', 'Savio Pereira', 'Admissions', 'Team', 'Accounts'])
    await expect(page.getByRole('option', { name, exact: true })).toBeVisible()
  await page.getByRole('option', { name: 'Accounts', exact: true }).click()
  await expect(dialog.getByRole('textbox', { name: 'Cc' })).toHaveValue('admissions@demo.school')

  // Bad input is refused in words and nothing is sent.
  await dialog.getByRole('textbox', { name: 'To' }).fill('parent.webmail@example.com, nope')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(dialog.getByText('nope is not an e-mail address')).toBeVisible()

  await dialog.getByRole('textbox', { name: 'To' }).fill('parent.webmail@example.com')
  await dialog.getByRole('textbox', { name: 'Subject' }).fill('Fees for the second term')
  await dialog
    .getByRole('textbox', { name: 'Message' })
    .fill('Dear parent,\n\nThe fees are due <soon>.')
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'fees.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  })
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('Email sent to parent.webmail@example.com')).toBeVisible()

  // It reaches the mailbox, from the Accounts sender, the text escaped.
  let arrived: { from: string; subject: string; html: string }[] = []
  await expect(async () => {
    const res = await fetch(`${mailbox}/messages?to=parent.webmail@example.com`)
    arrived = (await res.json()) as typeof arrived
    expect(arrived).toHaveLength(1)
  }).toPass({ timeout: 20_000 })
  expect(arrived[0]!.subject).toBe('Fees for the second term')
  expect(arrived[0]!.from).toContain('accounts@demo.school')
  expect(arrived[0]!.html).toContain('The fees are due &lt;soon&gt;.')

  // The log lists it as Webmail.
  const row = page.getByTestId('mail-row').filter({ hasText: 'Fees for the second term' })
  await expect(row).toContainText('Webmail')
  await page.setViewportSize({ width: 360, height: 740 })
  await page.getByRole('button', { name: 'Write an e-mail' }).click()
  await page.screenshot({ path: test.info().outputPath('webmail-360.png') })
  await context.close()
})
