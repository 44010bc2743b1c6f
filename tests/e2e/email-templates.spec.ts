import { expect, test, type Page } from '@playwright/test'
import { seriousViolations } from './support/axe.ts'
import { signedIn } from './support/backend.ts'
import { adminPage } from './support/session.ts'

const DEFAULT_TRIAL_SUBJECT = 'Trial days for {{studentName}} at {{centreName}}'
const OWN_TRIAL_SUBJECT = 'Trial week for {{studentName}} at {{centreName}}'

async function chooseTemplate(page: Page, name: string) {
  await page.getByTestId('template-editor').getByRole('combobox', { name: 'Template' }).click()
  await page.getByRole('option', { name, exact: true }).click()
}

// Node Mailer is the admin's (the auth-admin guard); the office's administration accounts read
// and write the same templates through the functions, which any office member may call.
test('an admin changes the trial template, e-mails are written from it, and it goes back to the default', async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser)
  try {
    await page.getByTestId('side-pane').getByRole('link', { name: 'Node Mailer' }).click()
    await page.getByRole('tab', { name: 'Templates' }).click()
    const editor = page.getByTestId('template-editor')
    const subject = editor.getByRole('textbox', { name: 'Subject' })
    const version = editor.getByTestId('template-version')

    await chooseTemplate(page, 'Trial')
    await expect(subject).toHaveValue(DEFAULT_TRIAL_SUBJECT)
    await expect(version).toContainText('The app’s default')
    await expect(editor.getByRole('textbox', { name: 'Message (HTML)' })).toHaveValue(
      /9:30am to 3pm/,
    )
    // The placeholders it may use, by their labels.
    const placeholders = editor.getByRole('group', { name: 'Placeholders' })
    await expect(
      placeholders.getByRole('button', { name: '{{trialStart}} Trial starts' }),
    ).toBeVisible()

    // A placeholder the app does not know is refused at the field, and nothing is written.
    await subject.fill('Trial week for {{studentName}} at {{centre}}')
    await editor.getByRole('button', { name: 'Save' }).click()
    await expect(editor.getByText('Unknown placeholder {{centre}}')).toBeVisible()
    await expect(version).toContainText('The app’s default')

    // A placeholder chosen from the list goes where the cursor is.
    await subject.fill('Trial week for {{studentName}} at ')
    await subject.press('End')
    await placeholders.getByRole('button', { name: '{{centreName}} Centre' }).click()
    await expect(subject).toHaveValue(OWN_TRIAL_SUBJECT)
    await expect(editor.getByTestId('template-preview')).toContainText(
      'Subject: Trial week for [Student] at [Centre]',
    )
    await editor.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Template saved')).toBeVisible()
    await expect(version).toContainText(/Changed by Anita Admin on \d+ \w+ \d{4} at \d\d:\d\d/)
    await editor.getByRole('combobox', { name: 'Template' }).click()
    await expect(page.getByRole('option', { name: 'Trial Changed' })).toBeVisible()
    await page.keyboard.press('Escape')

    // Readable on a phone and on a desktop: nothing wider than the screen, no serious axe finding
    // (the preview's frame is the e-mail, not the app).
    for (const [width, height] of [
      [1280, 900],
      [360, 740],
    ] as const) {
      await page.setViewportSize({ width, height })
      expect(await seriousViolations(page, ['iframe[title="Preview of the message"]'])).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      )
      await page.screenshot({
        path: test.info().outputPath(`templates-${width}.png`),
        fullPage: true,
      })
    }
    // On the phone the preview is below the fields; the e-mail reads there too.
    await editor.getByTestId('template-preview').scrollIntoViewIfNeeded()
    await expect(
      editor.frameLocator('iframe[title="Preview of the message"]').getByText('Dear [Parents],'),
    ).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('templates-preview-360.png') })
    await page.setViewportSize({ width: 1280, height: 900 })

    // An e-mail written with the Trial template now has the centre's subject.
    await page.getByRole('button', { name: 'Write an e-mail' }).click()
    const dialog = page.getByRole('dialog', { name: 'Write an e-mail' })
    await dialog.getByRole('textbox', { name: 'To' }).fill('trial.family@example.com')
    await dialog.getByRole('combobox', { name: 'Template' }).click()
    await page.getByRole('option', { name: 'Trial', exact: true }).click()
    for (const [field, value] of [
      ['Parents', 'Asha and Ravi Naik'],
      ['Student', 'Mira Naik'],
      ['Group', 'Jaul'],
      ['Trial starts', '1 December 2026'],
      ['Trial ends', '5 December 2026'],
    ] as const)
      await dialog.getByRole('textbox', { name: field }).fill(value)
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'curriculum.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    })
    await dialog.getByRole('button', { name: 'Preview' }).click()
    await expect(dialog.getByTestId('email-preview')).toContainText(
      'Subject: Trial week for Mira Naik at Banyan Tree Learning Centre',
    )
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    // Closed: the focus is back on the button that opened it, and the page has stopped moving.
    await expect(page.getByRole('button', { name: 'Write an e-mail' })).toBeFocused()

    // Back to the default, once confirmed; from the keyboard. (A pointer click that must first
    // scroll the page lands in the preview's frame in headless Chromium.)
    await editor.getByRole('button', { name: 'Back to the default' }).press('Enter')
    const confirm = page.getByRole('dialog', { name: 'Back to the default' })
    await confirm.getByRole('button', { name: 'Back to the default' }).click()
    await expect(page.getByText('Template back to the default')).toBeVisible()
    await expect(subject).toHaveValue(DEFAULT_TRIAL_SUBJECT)
    await expect(version).toContainText('The app’s default')
    await expect(editor.getByRole('button', { name: 'Back to the default' })).toHaveCount(0)
  } finally {
    // The specs share one server: the next ones expect the default trial e-mail.
    const admin = await signedIn('admin@demo.school', 'demo-admin-1')
    await admin.rpc('reset_email_template', { name: 'trial' })
    await context.close()
  }
})
