import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/axe.ts'
import { adminPage, signedInPage } from './support/session.ts'

const mailbox = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 1}`

type Mail = { from: string; subject: string; html: string }
async function arrivedAt(address: string): Promise<Mail[]> {
  let arrived: Mail[] = []
  await expect(async () => {
    const res = await fetch(`${mailbox}/messages?to=${address}`)
    arrived = (await res.json()) as Mail[]
    expect(arrived).toHaveLength(1)
  }).toPass({ timeout: 20_000 })
  return arrived
}

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

  // The six templates are offered (O11); a trial e-mail needs its curriculum attached.
  await dialog.getByRole('combobox', { name: 'Template' }).click()
  for (const name of [
    'Meeting',
    'Trial',
    'Admission',
    'Enrolment',
    'Fee receipt',
    'Contribution receipt',
  ])
    await expect(page.getByRole('option', { name, exact: true })).toBeVisible()
  await page.getByRole('option', { name: 'Trial', exact: true }).click()
  await dialog.getByRole('button', { name: 'Preview' }).click()
  await expect(dialog.getByText('Attach the curriculum before the preview')).toBeVisible()
  await expect(dialog.getByText('Fill in trial starts')).toBeVisible()
  await dialog.getByRole('combobox', { name: 'Template' }).click()
  await page.getByRole('option', { name: 'None: write the message' }).click()

  // Bad input is refused in words and nothing is sent.
  await dialog.getByRole('textbox', { name: 'To' }).fill('parent.webmail@example.com, nope')
  await dialog.getByRole('button', { name: 'Preview' }).click()
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
  // The preview shows the e-mail as it will go out (O01); nothing is sent until Send.
  await dialog.getByRole('button', { name: 'Preview' }).click()
  const preview = dialog.getByTestId('email-preview')
  await expect(preview).toContainText('From: Accounts <accounts@demo.school>')
  await expect(preview).toContainText('Subject: Fees for the second term')
  await expect(preview).toContainText('Attachments: fees.pdf')
  await expect(
    dialog.frameLocator('iframe[title="The message"]').getByText('The fees are due <soon>.'),
  ).toBeVisible()
  expect(await (await fetch(`${mailbox}/messages?to=parent.webmail@example.com`)).json()).toEqual(
    [],
  )
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(
    page.getByText(
      'E-mail queued for parent.webmail@example.com; it goes out when the mail server takes it',
    ),
  ).toBeVisible()

  // It reaches the mailbox, from the Accounts sender, the text escaped.
  const arrived = await arrivedAt('parent.webmail@example.com')
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

test('the office writes to an inquiry’s family with the step’s template, previews it filled in, and it arrives', async ({
  browser,
}) => {
  const { context, page } = await signedInPage(
    browser,
    'administration@demo.school',
    'demo-administration-1',
    '/administration/dash',
  )
  await page.getByRole('tab', { name: /^Meeting \(/ }).click()
  await page.getByRole('button', { name: 'Open the Keller inquiry' }).click()
  const dialog = page.getByRole('dialog', { name: 'Keller inquiry' })
  await dialog.getByRole('button', { name: 'Write an e-mail' }).click()

  // Begun from the inquiry: its guardian, the person's own sender, the Meeting template with
  // what the inquiry knows filled in (O01, O07, O11).
  await expect(dialog.getByRole('textbox', { name: 'To' })).toHaveValue('jonas.keller@demo.school')
  await expect(dialog.getByRole('combobox', { name: 'Sender' })).toHaveValue('Savio Pereira')
  await expect(dialog.getByRole('combobox', { name: 'Template' })).toHaveValue('Meeting')
  await expect(dialog.getByRole('textbox', { name: 'Meeting date' })).toHaveValue(
    'Thursday 3 December 2026',
  )
  await expect(dialog.getByRole('textbox', { name: 'Parents' })).toHaveValue('Jonas Keller')
  await expect(dialog.getByRole('textbox', { name: 'Student' })).toHaveValue('Lena Keller')

  // What the inquiry does not know is asked for; nothing is previewed without it.
  await dialog.getByRole('button', { name: 'Preview' }).click()
  await expect(dialog.getByText('Fill in who welcomes them')).toBeVisible()
  await dialog.getByRole('textbox', { name: 'Who welcomes them' }).fill('Meera <Kamat>')
  await page.setViewportSize({ width: 360, height: 740 })
  await page.screenshot({ path: test.info().outputPath('inquiry-email-360.png'), fullPage: true })
  expect(await seriousViolations(page, ['iframe[title="The message"]'])).toEqual([])
  await dialog.getByRole('button', { name: 'Preview' }).click()

  const subject = 'Meeting at Banyan Tree Learning Centre on Thursday 3 December 2026'
  const preview = dialog.getByTestId('email-preview')
  await expect(preview).toContainText(`Subject: ${subject}`)
  const message = dialog.frameLocator('iframe[title="The message"]')
  await expect(message.getByText('Dear Jonas Keller,')).toBeVisible()
  await expect(message.getByText('Meera <Kamat> will welcome you', { exact: false })).toBeVisible()
  await expect(message.locator('body')).not.toContainText('{{')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: test.info().outputPath('inquiry-email-preview-1280.png') })
  expect(await seriousViolations(page, ['iframe[title="The message"]'])).toEqual([])

  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(
    page.getByText(
      'E-mail queued for jonas.keller@demo.school; it goes out when the mail server takes it',
    ),
  ).toBeVisible()
  // Back on the inquiry once sent.
  await expect(dialog.getByTestId('inquiry-detail')).toBeVisible()
  const [mail] = await arrivedAt('jonas.keller@demo.school')
  expect(mail!.subject).toBe(subject)
  expect(mail!.from).toContain('savio@demo.school')
  expect(mail!.html).toContain('Meera &lt;Kamat&gt; will welcome you.')
  await context.close()
})

test('an admin turns e-mail sending off and on; the two accounts that always send cannot be turned off', async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser)
  const row = (name: string) => page.getByTestId('member-row').filter({ hasText: name })
  // The office staff, on one page whatever else the list holds.
  const showOffice = () =>
    page
      .getByRole('radiogroup', { name: 'Filter members' })
      .getByText('Administration', { exact: true })
      .click()
  await showOffice()
  await row('Savio Pereira').getByRole('button', { name: 'More for Savio Pereira' }).click()
  await expect(page.getByRole('menuitem', { name: 'E-mail sending is always on' })).toBeDisabled()
  await page.keyboard.press('Escape')

  await row('Anita Admin').getByRole('button', { name: 'More for Anita Admin' }).click()
  await page.getByRole('menuitem', { name: 'Turn e-mail sending off' }).click()
  await page
    .getByRole('dialog', { name: 'Turn e-mail sending off' })
    .getByRole('button', { name: 'Turn off' })
    .click()
  await expect(page.getByText('E-mail sending turned off for Anita Admin')).toBeVisible()
  await expect(row('Anita Admin')).toContainText('E-mail sending off')
  try {
    await page.getByTestId('side-pane').getByRole('link', { name: 'Node Mailer' }).click()
    await page.getByRole('button', { name: 'Write an e-mail' }).click()
    await expect(
      page
        .getByRole('dialog', { name: 'Write an e-mail' })
        .getByText(
          'E-mail sending is turned off for your account. An admin can turn it on in Members.',
        ),
    ).toBeVisible()
    await page.keyboard.press('Escape')
    await page.getByTestId('side-pane').getByRole('link', { name: 'Members' }).click()
    await showOffice()
  } finally {
    await row('Anita Admin').getByRole('button', { name: 'More for Anita Admin' }).click()
    await page.getByRole('menuitem', { name: 'Turn e-mail sending on' }).click()
    await page
      .getByRole('dialog', { name: 'Turn e-mail sending on' })
      .getByRole('button', { name: 'Turn on' })
      .click()
  }
  await expect(page.getByText('E-mail sending turned on for Anita Admin')).toBeVisible()
  await expect(row('Anita Admin')).not.toContainText('E-mail sending off')
  await context.close()
})
