import { expect, test } from '@playwright/test'
import { signedIn } from './support/backend.ts'
import { seriousViolations } from './support/axe.ts'
import { adminPage } from './support/session.ts'
import { demoAccounts } from '../../supabase/local/demo-accounts.ts'

// F28: in the member notifications dialog an admin sees a member's notifications, newest first,
// and clears them. Two payments the guardian reports tell the office, the admission member too.
const member = demoAccounts.find((a) => a.label === 'admission')!

async function reportPayment(amount: number, id: string) {
  const guardian = await signedIn('guardian@demo.school', 'demo-guardian-1')
  const { error } = await guardian.rpc('sync_push', {
    collection: 'payments',
    rows: [
      {
        newDocumentState: {
          id,
          family_id: 'demo-family-fernandes',
          student_id: 'st-tiago',
          kind: 'fee',
          status: 'reported',
          receipt_number: null,
          _deleted: false,
          data: {
            paymentType: 'Monthly Fee',
            paymentOption: 'UPI',
            period: {
              key: `2026-27/month/2026-11/${id}`,
              label: 'November 2026',
              months: 1,
              start: '2026-11-01',
              end: '2026-11-30',
            },
            feeYear: '2026-27',
            receivedFrom: 'Maria Fernandes',
            amount,
            paymentDate: '2026-11-20',
            studentsFee: amount,
            totalFee: amount,
          },
        },
        assumedMasterState: null,
      },
    ],
  })
  expect(error).toBeNull()
  return `The Fernandes family reported a payment of ₹${amount}`
}

for (const width of [360, 1280]) {
  test(`an admin sees and clears a member's notifications at ${width} px`, async ({
    browser,
  }, testInfo) => {
    const base = 3000 + width + Math.floor(Math.random() * 1000)
    const older = await reportPayment(base, `pay-e2e-mn-${width}-${Date.now()}-a`)
    const newer = await reportPayment(base + 1, `pay-e2e-mn-${width}-${Date.now()}-b`)

    const { context, page } = await adminPage(browser)
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 })
    await page.getByRole('searchbox', { name: 'Search' }).fill(member.email)
    const row = page.getByTestId('member-row').filter({ hasText: member.email })
    await row.getByRole('button', { name: `More for ${member.name}` }).click()
    await page.getByRole('menuitem', { name: 'Notifications' }).click()
    const dialog = page.getByRole('dialog', { name: `Notifications of ${member.name}` })
    const items = dialog.getByTestId('member-notification')
    const mine = items.filter({ hasText: /reported a payment of ₹/ })
    await expect(items.filter({ hasText: newer })).toContainText('New')
    await expect(items.filter({ hasText: older })).toBeVisible()
    // Newest first: the later payment is above the earlier one.
    const titles = await mine.allTextContents()
    expect(titles.findIndex((t) => t.includes(newer))).toBeLessThan(
      titles.findIndex((t) => t.includes(older)),
    )
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: testInfo.outputPath(`member-notifications-${width}.png`) })

    await dialog.getByRole('button', { name: 'Clear their notifications' }).click()
    await expect(page.getByText(/\d+ notifications? cleared/)).toBeVisible()
    await expect(items.filter({ hasText: newer })).toHaveCount(0)
    await expect(items.filter({ hasText: older })).toHaveCount(0)
    // Gone from the server too.
    const admin = await signedIn('admin@demo.school', 'demo-admin-1')
    const { data } = await admin.rpc('admin_member_notification_list', { member: member.id })
    const left = (data as { items: { title: string }[] }).items.map((n) => n.title)
    expect(left).not.toContain(newer)
    expect(left).not.toContain(older)
    await context.close()
  })
}
