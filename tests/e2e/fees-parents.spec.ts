import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { defaultPeriod, feeYearOf } from '@sync/rules/fees/rules'
import { centreDateOf } from '../../src/lib/time/calendar-date'
import { signedIn } from './support/backend'
import { signedInPage, untilServiceWorkerControls } from './support/session'

// The parents' Payments pane (issue 14, J05, J20, J32): what the family owes now, paying it by
// UPI, telling the centre, and the family's receipts; never another family's payments.

interface PulledPayment {
  id: string
  family_id: string
  student_id: string | null
  status: string
  receipt_number: string | null
  data: Record<string, unknown>
}

async function paymentsSeenBy(email: string, password: string): Promise<PulledPayment[]> {
  const client = await signedIn(email, password)
  const { data, error } = await client.rpc('sync_pull', {
    collection: 'payments',
    checkpoint: null,
    batch_size: 1000,
  })
  if (error) throw error
  return (data as { documents: PulledPayment[] }).documents
}

/** A recorded payment of the Naik family, which the Fernandes must never see. */
async function naikPayment(stamp: string): Promise<string> {
  const office = await signedIn('administration@demo.school', 'demo-administration-1')
  const today = centreDateOf(new Date())
  const id = `pay-e2e-naik-${stamp}`
  const { data, error } = await office.rpc('sync_push', {
    collection: 'payments',
    rows: [
      {
        newDocumentState: {
          id,
          family_id: 'demo-family-naik',
          student_id: null,
          kind: 'contribution',
          status: 'recorded',
          data: {
            contributionType: 'Annual',
            paymentOption: 'Cash',
            feeYear: feeYearOf(today),
            receivedFrom: 'Priya Naik',
            amount: 7777,
            paymentDate: today,
            familyName: 'Naik',
            sendEmail: false,
          },
        },
        assumedMasterState: null,
      },
    ],
  })
  expect(error).toBeNull()
  expect(data).toEqual({ conflicts: [], refused: [] })
  return id
}

/**
 * Tiago owes this month's fee when the family opens the pane: the office sets aside any fee of his
 * for this month that another test recorded (as it would one recorded twice), so this file does
 * not depend on which ran first.
 */
async function tiagoOwesThisMonth(): Promise<void> {
  const office = await signedIn('administration@demo.school', 'demo-administration-1')
  const month = defaultPeriod('Monthly Fee', centreDateOf(new Date()))
  const { data, error } = await office.rpc('sync_pull', {
    collection: 'payments',
    checkpoint: null,
    batch_size: 1000,
  })
  if (error) throw error
  const paid = (data as { documents: (PulledPayment & { _deleted: boolean })[] }).documents.filter(
    (p) =>
      p.student_id === 'st-tiago' &&
      p.status === 'recorded' &&
      (p.data.period as { key?: string } | undefined)?.key === month.key,
  )
  if (paid.length === 0) return
  const pushed = await office.rpc('sync_push', {
    collection: 'payments',
    rows: paid.map((p) => ({
      newDocumentState: { ...p, status: 'void', data: { ...p.data, note: 'Recorded twice' } },
      assumedMasterState: p,
    })),
  })
  expect(pushed.error).toBeNull()
  expect(pushed.data).toEqual({ conflicts: [], refused: [] })
}

test.beforeEach(async () => {
  await tiagoOwesThisMonth()
})

const item = (page: Page, text: string) => page.getByTestId('paid-item').filter({ hasText: text })

test('a parent sees what is due, pays it by UPI, downloads a receipt and reports a payment', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const stamp = Date.now().toString(36)
  const naikId = await naikPayment(stamp)
  const month = defaultPeriod('Monthly Fee', centreDateOf(new Date())).label

  const { context, page } = await signedInPage(
    browser,
    'guardian@demo.school',
    'demo-guardian-1',
    '/parents/dash?pane=payments',
  )
  await page.setViewportSize({ width: 360, height: 740 })
  const pane = page.getByTestId('parents-payments')
  await expect(pane.getByRole('heading', { level: 1 })).toHaveText('Payments', { timeout: 20_000 })

  // Due now: Tiago owes this month, Inês has paid it (J05: the four values; J20: ₹ 16,700.00).
  const tiago = pane.getByRole('region', { name: `Tiago Fernandes: ${month}` })
  await expect(tiago).toContainText('Monthly fee₹16,700.00')
  await expect(tiago).toContainText(`Fee for ${month}₹16,700.00`)
  await expect(tiago).toContainText('Paid₹0.00')
  await expect(tiago).toContainText('Due₹16,700.00')
  const ines = pane.getByRole('region', { name: `Inês Fernandes: ${month}` })
  await expect(ines).toContainText('Paid₹14,500.00')
  await expect(ines).toContainText('Due₹0.00')
  await expect(ines.getByText('Paid', { exact: true }).first()).toBeVisible()
  await expect(pane.getByTestId('due-total')).toHaveText('Total due: ₹16,700.00')

  // Pay by UPI: the link carries the centre's VPA, the amount and a note naming family and month.
  const link = pane.getByRole('link', { name: 'Pay ₹16,700.00 with a UPI app' })
  const href = new URL((await link.getAttribute('href'))!)
  expect(href.protocol).toBe('upi:')
  expect(href.searchParams.get('pa')).toBe('banyantree@indianbk')
  expect(href.searchParams.get('am')).toBe('16700.00')
  expect(href.searchParams.get('tn')).toBe(`Fee Fernandes family ${month}`)
  expect(href.searchParams.get('cu')).toBe('INR')
  await expect(pane.getByRole('img', { name: /QR code to pay ₹16,700\.00/ })).toBeVisible()
  await expect(pane.getByTestId('upi-vpa')).toHaveText('banyantree@indianbk')

  // Paid: the family's payments, newest first; another family's never reach this phone.
  await expect(
    item(page, 'Inês Fernandes').filter({ hasText: `Monthly Fee · ${month}` }),
  ).toContainText('Received')
  await expect(item(page, 'Monthly contribution')).toContainText('₹2,000.00')
  await expect(pane.getByText('₹7,777.00')).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('parents-payments-360.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(pane.getByTestId('upi-qr')).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('parents-payments-1280.png'), fullPage: true })

  const seen = await paymentsSeenBy('guardian@demo.school', 'demo-guardian-1')
  expect(seen.map((p) => p.family_id)).not.toContain('demo-family-naik')
  expect(seen.map((p) => p.id)).not.toContain(naikId)
  // Nor its receipt, asked for by its id.
  const guardian = await signedIn('guardian@demo.school', 'demo-guardian-1')
  const refused = await guardian.functions.invoke('receipts', { body: { payment: naikId } })
  expect((refused.error as { context?: Response } | null)?.context?.status).toBe(404)

  // Inês's receipt downloads as the PDF the centre numbered.
  const inesPayment = seen.find((p) => p.id === 'pay-demo-ines-this-month')!
  const expectedName = `receipt-${inesPayment.receipt_number!.replace(/[^0-9A-Za-z-]+/g, '-')}.pdf`
  const downloading = page.waitForEvent('download')
  await item(page, 'Inês Fernandes')
    .filter({ hasText: `Monthly Fee · ${month}` })
    .getByRole('button', { name: /Download receipt/ })
    .click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(expectedName)
  const bytes = await readFile((await download.path())!)
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')

  // Offline, the button explains that a receipt needs a connection.
  await context.setOffline(true)
  await expect(
    item(page, 'Inês Fernandes').filter({ hasText: `Monthly Fee · ${month}` }),
  ).toContainText('Receipts download when you are online.')
  await item(page, 'Inês Fernandes')
    .filter({ hasText: `Monthly Fee · ${month}` })
    .getByRole('button', { name: /Download receipt/ })
    .click()
  await expect(
    item(page, 'Inês Fernandes')
      .filter({ hasText: `Monthly Fee · ${month}` })
      .getByRole('alert'),
  ).toHaveText('Downloading a receipt needs a connection. You are offline.')

  // "I have paid", still offline: bad input is refused in words, then the report waits here.
  await page.setViewportSize({ width: 360, height: 740 })
  await pane.getByRole('button', { name: 'I have paid' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tell the centre you have paid' })
  await expect(dialog.getByLabel('Payment for')).toHaveValue('st-tiago')
  await expect(dialog.getByLabel('Amount paid (₹)')).toHaveValue('16700')
  await dialog.getByRole('button', { name: 'Report payment' }).click()
  await expect(
    dialog.getByText('Enter the transaction reference from your payment app or bank'),
  ).toBeVisible()
  const reference = `UTR${Date.now()}`
  await dialog.getByLabel('Transaction reference').fill(reference)
  await expect(
    dialog.getByText('Enter the transaction reference from your payment app or bank'),
  ).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('parents-report-360.png') })
  await dialog.getByRole('button', { name: 'Report payment' }).click()
  await expect(dialog).toHaveCount(0)
  const reported = item(page, `Ref. ${reference}`)
  await expect(reported).toContainText('Waiting for the centre to confirm')
  await expect(reported).toContainText('Tiago Fernandes')
  await expect(tiago).toContainText('₹16,700.00 reported, waiting for the centre to confirm')
  await expect(pane.getByTestId('upi-link')).toHaveCount(0)

  // Back online, it reaches the centre as a report from Maria, for Tiago's month.
  await context.setOffline(false)
  await expect
    .poll(
      async () =>
        (await paymentsSeenBy('administration@demo.school', 'demo-administration-1')).find(
          (p) => p.data.reference === reference,
        ),
      { timeout: 30_000 },
    )
    .toMatchObject({
      family_id: 'demo-family-fernandes',
      student_id: 'st-tiago',
      status: 'reported',
      receipt_number: null,
      data: {
        amount: 16700,
        paymentOption: 'UPI',
        receivedFrom: 'Maria Fernandes',
        sendEmail: false,
        period: { label: month },
      },
    })
  await context.close()
})

test('the Payments pane opens offline with the fees kept on the phone', async ({ browser }) => {
  const { context, page } = await signedInPage(
    browser,
    'guardian@demo.school',
    'demo-guardian-1',
    '/parents/dash?pane=payments',
  )
  const pane = page.getByTestId('parents-payments')
  await expect(pane.getByTestId('due-total')).toContainText('₹', { timeout: 20_000 })
  await expect(pane.getByTestId('fees-as-of')).toHaveCount(0)
  await untilServiceWorkerControls(page)
  await context.setOffline(true)
  await page.reload()
  await expect(pane.getByRole('region', { name: /^Tiago Fernandes: / })).toContainText(
    'Monthly fee₹16,700.00',
    { timeout: 20_000 },
  )
  await expect(pane.getByTestId('fees-as-of')).toContainText('Fees as of')
  await context.close()
})
