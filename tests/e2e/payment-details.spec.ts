import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { waitForMail } from './support/mailbox'
import { adminPage, signedInPage } from './support/session'

// How to pay (issue 40; J30, J31): the admin gives the centre's bank details in Centre settings (a wrong
// IFSC is refused and changes nothing); a fee reminder then carries them, with the UPI link and
// its QR code for the amount due as an inline image.

const CASES = [
  { width: 360, family: 'Dsouza', address: 'clara.dsouza@demo.school' },
  { width: 1280, family: 'Kamat', address: 'rekha.kamat@demo.school' },
] as const

for (const { width, family, address } of CASES) {
  test(`the admin sets the bank details and a reminder tells the ${family} family how to pay, at ${width} px`, async ({
    browser,
  }) => {
    const admin = await adminPage(browser)
    await admin.page.setViewportSize({ width, height: width === 360 ? 740 : 800 })
    await admin.page.goto('/admin/dash/settings')
    const form = admin.page.getByRole('region', { name: 'Bank details for families' })
    await expect(form.getByRole('button', { name: 'Save bank details' })).toBeEnabled()
    await form.getByLabel('Account name').fill('Banyan Tree Learning Trust')
    await form.getByLabel('Account number').fill('6012345678')
    await form.getByLabel('IFSC').fill('idib123')
    await form.getByLabel('Bank').fill('Indian Bank')
    await form.getByRole('button', { name: 'Save bank details' }).click()
    await expect(form).toContainText(
      'An IFSC is 11 characters: four letters, 0, then six letters or digits',
    )
    // Typed in lower case, kept in capitals.
    await form.getByLabel('IFSC').fill('idib000a123')
    await expect(form.getByLabel('IFSC')).toHaveValue('IDIB000A123')
    // Saved from the keyboard: Enter in a field submits the form.
    await form.getByLabel('Branch').fill('Mapusa')
    await form.getByLabel('Branch').press('Enter')
    await expect(admin.page.getByText('Bank details saved')).toBeVisible()
    expect(await seriousViolations(admin.page)).toEqual([])
    await admin.context.close()

    const { context, page } = await signedInPage(
      browser,
      'administration@demo.school',
      'demo-administration-1',
      '/administration/dash?pane=reminders',
    )
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 })
    const card = page.getByTestId('due-family').filter({ hasText: `${family} family` })
    const total = (await card.textContent())!.match(/Total due (₹[\d,]+\.\d\d)/)![1]!
    await card.getByRole('button', { name: `Send reminder to the ${family} family` }).click()
    const dialog = page.getByRole('dialog', { name: `Send a reminder to the ${family} family` })
    const preview = dialog.frameLocator('iframe[title="The reminder"]')
    await expect(preview.getByText(`pay ${total} by UPI`)).toBeVisible()
    await expect(preview.getByRole('img', { name: /^UPI QR code: / })).toBeVisible()
    await expect(preview.getByText('IDIB000A123')).toBeVisible()
    expect(await seriousViolations(page, ['iframe[title="The reminder"]'])).toEqual([])
    await dialog.getByRole('button', { name: 'Send' }).click()
    await expect(page.getByText(new RegExp(`E-mail queued for ${address}`))).toBeVisible()

    const mail = await waitForMail(address)
    expect(mail.html).toContain(`pay ${total} by UPI`)
    expect(mail.html).toContain('upi://pay?pa=banyantree%40indianbk')
    expect(mail.html).toContain('<img src="cid:upi-qr@payment"')
    expect(mail.html).toContain('<td>Account number</td><td><strong>6012345678</strong></td>')
    expect(mail.html).toContain('<td>Branch</td><td><strong>Mapusa</strong></td>')
    expect(mail.html).toContain(`Please write “${family} family” as the transfer’s reference.`)
    expect(mail.attachments).toEqual([
      expect.objectContaining({
        filename: 'upi-qr.gif',
        contentType: 'image/gif',
        cid: 'upi-qr@payment',
        head: 'GIF87',
      }),
    ])
    await context.close()
  })
}
