import { expect, test } from '@playwright/test'
import { signedInPage, untilServiceWorkerControls } from './support/session.ts'
import { seriousViolations } from './support/axe.ts'
import { signedIn } from './support/backend.ts'

// Notifications (P02-P07): a guardian reports a payment; the server tells the office, whose bell
// counts it; opening it marks it read and goes to the payments; the read ones clear, offline too.

const admin = { email: 'admin@demo.school', password: 'demo-admin-1' }

for (const width of [360, 1280]) {
  test(`the office's bell at ${width} px: count, open, mark read, clear, offline`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000)
    const amount = 1000 + width + Math.floor(Math.random() * 1000)
    const id = `pay-e2e-notif-${width}-${Date.now()}`
    const guardian = await signedIn('guardian@demo.school', 'demo-guardian-1')
    const pushed = await guardian.rpc('sync_push', {
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
    expect(pushed.error).toBeNull()
    const title = `The Fernandes family reported a payment of ₹${amount}`

    const { context, page } = await signedInPage(
      browser,
      admin.email,
      admin.password,
      '/admin/dash/members',
    )
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 })
    await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 30_000 })
    const bell = page.getByRole('button', { name: /^Notifications/ })
    // The seeded centre and the other tests leave the admin more than nine new ones.
    await expect(bell).toHaveAccessibleName('Notifications: 9+ new')
    await expect(page.getByTestId('notification-count')).toContainText('9+')
    await untilServiceWorkerControls(page)

    await bell.click()
    const dialog = page.getByRole('dialog', { name: 'Notifications' })
    const item = dialog.getByRole('button', { name: `New: ${title}` })
    await expect(item).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: testInfo.outputPath(`list-${width}.png`) })

    // Offline: opening it marks it read on this device and goes to the payments.
    await context.setOffline(true)
    await item.click()
    await expect(page).toHaveURL(/\/administration\/dash\?pane=payments/)
    await expect(page.getByTestId('sync-status')).toHaveText(/not synced/)
    await bell.click()
    await expect(dialog.getByRole('button', { name: title, exact: true })).toBeVisible()
    await dialog.getByRole('button', { name: 'Clear read notifications' }).click()
    await expect(dialog.getByRole('button', { name: title, exact: true })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await context.setOffline(false)
    await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 30_000 })

    // The server holds it cleared.
    const client = await signedIn(admin.email, admin.password)
    type Pulled = {
      documents: { kind: string; data: { title: string }; _deleted: boolean }[]
      checkpoint: unknown
    }
    const rows: Pulled['documents'] = []
    for (let checkpoint: unknown = null; ;) {
      const pulled = await client.rpc('sync_pull', {
        collection: 'reference',
        checkpoint,
        batch_size: 200,
      })
      expect(pulled.error).toBeNull()
      const page = pulled.data as Pulled
      rows.push(...page.documents)
      if (page.documents.length < 200) break
      checkpoint = page.checkpoint
    }
    const mine = rows.filter((r) => r.kind === 'notification' && r.data.title === title)
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.every((r) => r._deleted)).toBe(true)
    await context.close()
  })
}
