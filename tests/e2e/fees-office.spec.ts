import { expect, test, type Page } from '@playwright/test'
import { signedIn } from './support/backend'
import { seriousViolations } from './support/axe'
import { mailsTo, type Mail } from './support/mailbox'
import { signedInPage, untilServiceWorkerControls } from './support/session'
import { awayFromCentreMidnight, centreDate } from './support/centre-day'

// The office's fee screens (issue 14): the Payments pane shows this month's fees from the demo
// payments (Inês has paid, Tiago owes); the office records Tiago's fee with its receipt e-mailed,
// the server numbers the receipt and the e-mail arrives with the PDF; Tiago moves to Paid, the
// Accounting pane counts the payment, and a family that still owes gets a reminder.

interface ServerPayment {
  id: string
  student_id: string | null
  kind: string
  status: string
  receipt_number: string | null
  data: { amount: number; feeYear: string; period?: { key: string }; sendEmail: boolean }
}

/** The payments as the office's devices pull them from the server. */
async function serverPayments(): Promise<ServerPayment[]> {
  const office = await signedIn('administration@demo.school', 'demo-administration-1')
  const { data, error } = await office.rpc('sync_pull', {
    collection: 'payments',
    checkpoint: null,
    batch_size: 1000,
  })
  if (error) throw error
  return (data as { documents: ServerPayment[] }).documents
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
// The centre's date (Goa, +05:30), its month, fee year (June to May) and the term's months, read
// as each test starts (away from the centre's midnight).
let today = ''
let year = 0
let monthIndex = 0
let feeYear = ''
let monthKey = ''
let termMonths = 0
test.beforeAll(async () => awayFromCentreMidnight())
test.beforeEach(() => {
  today = centreDate()
  year = Number(today.slice(0, 4))
  monthIndex = Number(today.slice(5, 7)) - 1
  const feeYearStart = monthIndex >= 5 ? year : year - 1
  feeYear = `${feeYearStart}-${String((feeYearStart + 1) % 100).padStart(2, '0')}`
  monthKey = `${feeYear}/month/${today.slice(0, 7)}`
  termMonths = monthIndex < 3 ? 3 : monthIndex < 5 ? 2 : monthIndex < 8 ? 3 : 4
})
const rupees = (n: number) =>
  new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)

async function figure(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).locator('p').nth(1).textContent()) ?? ''
}

test('the office records a fee with its receipt e-mailed, sees it paid and counted, and reminds a family that owes', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  const { context, page } = await signedInPage(
    browser,
    'administration@demo.school',
    'demo-administration-1',
    '/administration/dash?pane=payments',
  )
  await page.setViewportSize({ width: 1280, height: 900 })
  const pane = page.getByTestId('payments-pane')
  await expect(pane.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible({
    timeout: 20_000,
  })
  // The menu offers the three fee panes.
  const menu = page.getByTestId('side-pane')
  for (const name of ['Reminders', 'Payments', 'Accounting'])
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()

  // This month's overview (J12): its periods, and Tiago pending, Inês paid (J05).
  await expect(
    pane.getByRole('heading', { level: 2, name: `${MONTHS[monthIndex]} ${year}` }),
  ).toBeVisible()
  await expect(pane.getByTestId('current-periods')).toContainText(`Fee year ${feeYear}`)
  const pendingTiago = pane
    .getByTestId('fees-pending')
    .getByTestId('student-fee')
    .filter({ hasText: 'Tiago Fernandes' })
  await expect(pendingTiago).toContainText('Fernandes family · Jaul', { timeout: 20_000 })
  await expect(pendingTiago).toContainText(`Monthly Fee · ${MONTHS[monthIndex]} ${year}`)
  await expect(pendingTiago).toContainText('Total ₹16,700.00 · Paid ₹0.00 · Pending ₹16,700.00')
  await expect(
    pane.getByTestId('fees-paid').getByTestId('student-fee').filter({ hasText: 'Inês Fernandes' }),
  ).toContainText('Paid ₹14,500.00 · Pending ₹0.00')
  const paidBefore = Number(await figure(page, 'total-paid'))
  const pendingBefore = Number(await figure(page, 'total-pending'))
  expect(pendingBefore).toBeGreaterThan(0)
  await page.screenshot({ path: testInfo.outputPath('payments-pane-1280.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])
  await page.setViewportSize({ width: 360, height: 780 })
  // Nothing is wider than the phone once the layout has settled.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(360)
  await page.screenshot({ path: testInfo.outputPath('payments-pane-360.png'), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])

  // The fee payment dialog (J03, J04, J06–J08), begun from Tiago's row.
  await pendingTiago.getByRole('button', { name: 'Record payment for Tiago Fernandes' }).click()
  const dialog = page.getByRole('dialog', { name: 'Record a payment for Tiago Fernandes' })
  const type = dialog.getByLabel('Fee type')
  const period = dialog.getByLabel('Payment period')
  const option = dialog.getByLabel('Payment option')
  const amount = dialog.getByLabel('Amount (₹)')
  await expect(type.locator('option')).toHaveText([
    'Session Fee',
    'Term Fee',
    'Monthly Fee',
    'Yearly Fee',
  ])
  await expect(type).toHaveValue('Monthly Fee')
  // No way of payment is chosen for the office (issue 40): the person says how it came.
  await expect(option.locator('option')).toHaveText([
    'Choose how it was paid',
    'Cash',
    'UPI',
    'Indian Bank Transfer',
    'Federal Bank Transfer',
  ])
  await expect(option).toHaveValue('')
  await expect(period).toHaveValue(monthKey)
  await expect(dialog.getByLabel('Received from')).toHaveValue('Maria Fernandes')
  await expect(amount).toHaveValue('16,700')
  await expect(dialog.getByLabel('Payment date')).toHaveValue(today)
  const facts = dialog.getByRole('group', { name: "This student's fees" })
  await expect(facts).toContainText("Student's monthly fee₹16,700.00")
  await expect(facts).toContainText(/Paid this fee year, with this payment₹[\d,]+\.00/)
  await expect(dialog.getByLabel('E-mail the receipt to the family')).toBeChecked()
  await expect(dialog).toContainText('To guardian@demo.school, joao.fernandes@demo.school')
  // Another fee type offers its own periods and what it costs (J08, J16).
  await type.selectOption('Term Fee')
  await expect(period.locator('option')).toHaveCount(4)
  await expect(amount).toHaveValue(rupees(16700 * termMonths).replace('.00', ''))
  await type.selectOption('Yearly Fee')
  await expect(period.locator('option')).toHaveCount(1)
  await expect(amount).toHaveValue('2,00,400')
  await type.selectOption('Monthly Fee')
  await expect(period.locator('option')).toHaveCount(12)
  await expect(period).toHaveValue(monthKey)
  await expect(amount).toHaveValue('16,700')

  // Bad input is refused in words and nothing is written.
  await amount.fill('')
  await dialog.getByLabel('Received from').fill('  ')
  await dialog.getByRole('button', { name: 'Save payment' }).click()
  await expect(dialog.getByText('Enter the amount')).toBeVisible()
  await expect(dialog.getByText('Enter who paid')).toBeVisible()
  await expect(option).toHaveAttribute('aria-invalid', 'true')
  await amount.fill('16700')
  await dialog.getByLabel('Received from').fill('Maria Fernandes')
  await option.selectOption('Indian Bank Transfer')
  await dialog.getByLabel('UPI or bank reference').fill('NEFT IDIB000123')
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('fee-dialog-360.png'), fullPage: true })
  const before = (await serverPayments()).filter((p) => p.student_id === 'st-tiago').length

  await dialog.getByRole('button', { name: 'Save payment' }).click()
  await expect(
    page.getByText(
      'Payment receipt generated and e-mail queued; it goes out when the mail server takes it',
    ),
  ).toBeVisible()
  await expect(dialog).toHaveCount(0)

  // The row reaches the server, recorded with a receipt number of the fee year.
  let recorded: ServerPayment | undefined
  await expect
    .poll(
      async () => {
        const rows = (await serverPayments()).filter((p) => p.student_id === 'st-tiago')
        recorded = rows.find((p) => p.data.period?.key === monthKey && p.status === 'recorded')
        return [rows.length, recorded?.receipt_number ?? null]
      },
      { timeout: 30_000 },
    )
    .toEqual([before + 1, expect.stringMatching(new RegExp(`^${feeYear}/\\d{4}$`))])
  expect(recorded!.data).toMatchObject({
    amount: 16700,
    feeYear,
    sendEmail: true,
    paymentOption: 'Indian Bank Transfer',
    reference: 'NEFT IDIB000123',
  })
  const receipt = recorded!.receipt_number!

  // Its e-mail arrives at both guardians, numbered, with the receipt as a PDF.
  let mail: Mail | undefined
  await expect
    .poll(
      async () => {
        mail = (await mailsTo('joao.fernandes@demo.school')).find((m) =>
          m.subject.endsWith(`Receipt ${receipt}`),
        )
        return mail?.subject ?? null
      },
      { timeout: 30_000 },
    )
    .toBe(
      `Receipt for Tiago Fernandes: Monthly Fee ${MONTHS[monthIndex]} ${year} · Receipt ${receipt}`,
    )
  expect(mail!.to).toEqual(['guardian@demo.school', 'joao.fernandes@demo.school'])
  expect(mail!.html).toContain('Dear Maria Fernandes,')
  expect(mail!.html).toContain('₹16,700.00 by Indian Bank Transfer')
  expect(mail!.attachments).toEqual([
    expect.objectContaining({
      contentType: 'application/pdf',
      head: '%PDF-',
      filename: `receipt-${receipt.replace('/', '-')}.pdf`,
    }),
  ])
  expect(mail!.attachments[0]!.size).toBeGreaterThan(500)

  // Tiago is paid now; the totals follow.
  await page.setViewportSize({ width: 1280, height: 900 })
  const paidTiago = pane
    .getByTestId('fees-paid')
    .getByTestId('student-fee')
    .filter({ hasText: 'Tiago Fernandes' })
  await expect(paidTiago).toContainText('Paid ₹16,700.00 · Pending ₹0.00')
  await expect(pendingTiago).toHaveCount(0)
  await expect.poll(() => figure(page, 'total-paid')).toBe(String(paidBefore + 1))
  await expect.poll(() => figure(page, 'total-pending')).toBe(String(pendingBefore - 1))

  // His payment list (J29), newest first, with the receipt number the server gave.
  await paidTiago.getByRole('button', { name: 'Payments of Tiago Fernandes' }).click()
  const list = page.getByRole('dialog', { name: 'Payments of Tiago Fernandes' })
  const first = list.getByTestId('payment-entry').first()
  await expect(first).toContainText(`${today} · Monthly Fee`)
  await expect(first).toContainText('Amount: ₹16,700.00')
  await expect(first).toContainText(`Receipt: ${receipt}`)
  await expect(list.getByTestId('payment-entry')).toHaveCount(before + 1)

  // The receipt e-mailed again (J28, J29): asked first, at 360 and 1280 px, then queued to the
  // guardians with the same PDF.
  const again = first.getByRole('button', { name: `E-mail receipt ${receipt} again` })
  await again.click()
  const question = first.getByRole('group', { name: `E-mail receipt ${receipt} again` })
  await expect(question).toContainText(`E-mail receipt ${receipt} again to the family's guardians?`)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('receipt-again-1280.png') })
  await question.getByRole('button', { name: 'Cancel' }).click()
  await expect(question).toHaveCount(0)
  await page.setViewportSize({ width: 360, height: 780 })
  await again.click()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('receipt-again-360.png') })
  await question.getByRole('button', { name: 'Yes, e-mail it again' }).click()
  await expect(
    page.getByText(
      `Receipt ${receipt} queued again for guardian@demo.school, joao.fernandes@demo.school; it goes out when the mail server takes it`,
    ),
  ).toBeVisible()
  await expect(question).toHaveCount(0)
  await expect
    .poll(
      async () =>
        (await mailsTo('joao.fernandes@demo.school')).filter((m) =>
          m.subject.endsWith(`Receipt ${receipt}`),
        ).length,
      { timeout: 30_000 },
    )
    .toBe(2)
  const copy = (await mailsTo('joao.fernandes@demo.school'))
    .filter((m) => m.subject.endsWith(`Receipt ${receipt}`))
    .at(-1)!
  expect(copy.to).toEqual(['guardian@demo.school', 'joao.fernandes@demo.school'])
  expect(copy.attachments).toEqual([
    expect.objectContaining({
      contentType: 'application/pdf',
      head: '%PDF-',
      filename: `receipt-${receipt.replace('/', '-')}.pdf`,
    }),
  ])
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.keyboard.press('Escape')

  // Accounting (J13): the fee year's and the calendar year's totals include it.
  await menu.getByRole('link', { name: 'Accounting', exact: true }).click()
  const accounting = page.getByTestId('accounting-pane')
  await expect(accounting.getByRole('heading', { level: 1, name: 'Accounting' })).toBeVisible()
  const recordedRows = (await serverPayments()).filter((p) => p.status === 'recorded')
  const ofYear = recordedRows.filter((p) => p.data.feeYear === feeYear)
  const yearCard = accounting
    .getByTestId('totals-fee-year')
    .getByTestId('year-total')
    .filter({ hasText: `Fee year ${feeYear}` })
  await expect(yearCard).toContainText(
    `Total₹${rupees(ofYear.reduce((sum, p) => sum + p.data.amount, 0))}`,
  )
  await expect(yearCard).toContainText(`Payments${ofYear.length}`)
  // Each payment says who and what (issue 40), not only its amount.
  await yearCard.getByRole('button', { name: /^Show the \d+ payments$/ }).click()
  await expect(
    yearCard.getByTestId('ledger-entry').filter({ hasText: `Receipt ${receipt}` }),
  ).toContainText('Tiago Fernandes · Monthly Fee')
  await expect(
    accounting
      .getByTestId('totals-calendar-year')
      .getByTestId('year-total')
      .filter({ hasText: `Calendar year ${today.slice(0, 4)}` }),
  ).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // Reminders (J30): the Naik family owes for Ira; the Fernandes family owes nothing now.
  await menu.getByRole('link', { name: 'Reminders', exact: true }).click()
  const reminders = page.getByTestId('reminders-pane')
  const naik = reminders.getByTestId('due-family').filter({ hasText: 'Naik family' })
  await expect(naik).toContainText('Ira Naik · Monthly Fee')
  await expect(naik).toContainText('Total due ₹16,700.00')
  await expect(
    reminders.getByTestId('due-family').filter({ hasText: 'Fernandes family' }),
  ).toHaveCount(0)
  // A family without an e-mail address cannot be reminded, and says why.
  await expect(
    reminders.getByTestId('due-family').filter({ hasText: 'Shetty family' }),
  ).toContainText('No guardian of this family has an e-mail address.')
  await naik.getByRole('button', { name: 'Send reminder to the Naik family' }).click()
  const confirm = page.getByRole('dialog', { name: 'Send a reminder to the Naik family' })
  await expect(confirm.getByTestId('reminder-preview')).toContainText(
    'To: parent-facilitator@demo.school, daniel.naik@demo.school',
  )
  await expect(
    confirm
      .frameLocator('iframe[title="The reminder"]')
      .getByText('Dear Priya Naik and Daniel Naik,'),
  ).toBeVisible()
  expect(await seriousViolations(page, ['iframe[title="The reminder"]'])).toEqual([])
  await confirm.getByRole('button', { name: 'Send' }).click()
  await expect(
    page.getByText(
      'E-mail queued for parent-facilitator@demo.school, daniel.naik@demo.school; it goes out when the mail server takes it',
    ),
  ).toBeVisible()
  let reminder: Mail | undefined
  await expect
    .poll(
      async () => {
        reminder = (await mailsTo('daniel.naik@demo.school')).find((m) =>
          m.subject.startsWith('Fee reminder'),
        )
        return reminder?.subject ?? null
      },
      { timeout: 30_000 },
    )
    .toBe('Fee reminder from Banyan Tree Learning Centre: ₹16,700.00 due')
  expect(reminder!.html).toContain('<td>Ira Naik</td><td>Monthly Fee</td>')
  await context.close()
})

test('offline, a fee is saved on the device and numbered once it syncs; a reminder waits for the connection', async ({
  browser,
}) => {
  const { context, page } = await signedInPage(
    browser,
    'administration@demo.school',
    'demo-administration-1',
    '/administration/dash?pane=payments',
  )
  // The app's files come from the service worker while the connection is down.
  await untilServiceWorkerControls(page)
  const pane = page.getByTestId('payments-pane')
  const ira = pane.getByTestId('student-fee').filter({ hasText: 'Ira Naik' })
  await expect(ira).toBeVisible({ timeout: 20_000 })
  await context.setOffline(true)
  await ira.getByRole('button', { name: 'Record payment for Ira Naik' }).click()
  const dialog = page.getByRole('dialog', { name: 'Record a payment for Ira Naik' })
  await dialog.getByLabel('Payment option').selectOption('Cash')
  await dialog.getByLabel('E-mail the receipt to the family').uncheck()
  await dialog.getByRole('button', { name: 'Save payment' }).click()
  await expect(
    page.getByText('Payment saved on this device. Its receipt is numbered when it syncs.'),
  ).toBeVisible()
  await ira.getByRole('button', { name: 'Payments of Ira Naik' }).click()
  const list = page.getByRole('dialog', { name: 'Payments of Ira Naik' })
  await expect(list.getByTestId('payment-entry').first()).toContainText(
    'Receipt: numbered when this device syncs',
  )
  await page.keyboard.press('Escape')

  await page.getByTestId('side-pane').getByRole('link', { name: 'Reminders', exact: true }).click()
  await expect(page.getByTestId('reminders-pane').getByRole('heading', { level: 1 })).toBeVisible()
  const shetty = page.getByTestId('due-family').filter({ hasText: 'Shetty family' })
  await expect(shetty).toContainText('Reminders are e-mailed: they need a connection.')
  await expect(shetty.getByRole('button', { name: /Send reminder/ })).toBeDisabled()

  await context.setOffline(false)
  await expect
    .poll(
      async () =>
        (await serverPayments()).find(
          (p) => p.student_id === 'st-ira' && p.data.period?.key === monthKey,
        )?.receipt_number ?? null,
      { timeout: 30_000 },
    )
    .toMatch(new RegExp(`^${feeYear}/\\d{4}$`))
  await context.close()
})

test('the office confirms a payment a family reported and sets another aside', async ({
  browser,
}) => {
  // Maria reports next month's fee for Inês (by UPI) and a contribution, from her own device.
  const next = new Date(Date.UTC(year, monthIndex + 1, 1))
  const nextYear = next.getUTCFullYear()
  const nextMonth = next.getUTCMonth()
  const nextFeeYearStart = nextMonth >= 5 ? nextYear : nextYear - 1
  const nextFeeYear = `${nextFeeYearStart}-${String((nextFeeYearStart + 1) % 100).padStart(2, '0')}`
  const ym = `${nextYear}-${String(nextMonth + 1).padStart(2, '0')}`
  const lastDay = new Date(Date.UTC(nextYear, nextMonth + 1, 0)).getUTCDate()
  const label = `${MONTHS[nextMonth]} ${nextYear}`
  const stamp = Date.now().toString(36)
  const common = {
    family_id: 'demo-family-fernandes',
    status: 'reported',
    receipt_number: null,
  }
  const fee = {
    ...common,
    id: `e2e-report-fee-${stamp}`,
    student_id: 'st-ines',
    kind: 'fee',
    data: {
      paymentType: 'Monthly Fee',
      paymentOption: 'UPI',
      period: {
        key: `${nextFeeYear}/month/${ym}`,
        label,
        months: 1,
        start: `${ym}-01`,
        end: `${ym}-${lastDay}`,
      },
      feeYear: nextFeeYear,
      receivedFrom: 'Maria Fernandes',
      amount: 14500,
      paymentDate: today,
      studentName: 'Inês Fernandes',
      familyName: 'Fernandes',
      sendEmail: false,
      reference: `UPI-${stamp}`,
    },
  }
  const contribution = {
    ...common,
    id: `e2e-report-contribution-${stamp}`,
    student_id: null,
    kind: 'contribution',
    data: {
      contributionType: 'Annual',
      paymentOption: 'Federal Bank Transfer',
      feeYear,
      receivedFrom: 'João Fernandes',
      amount: 3333,
      paymentDate: today,
      familyName: 'Fernandes',
      sendEmail: false,
    },
  }
  const guardian = await signedIn('guardian@demo.school', 'demo-guardian-1')
  const pushed = await guardian.rpc('sync_push', {
    collection: 'payments',
    rows: [fee, contribution].map((row) => ({ newDocumentState: row, assumedMasterState: null })),
  })
  expect(pushed.error).toBeNull()
  expect(pushed.data).toEqual({ conflicts: [], refused: [] })

  const { context, page } = await signedInPage(
    browser,
    'administration@demo.school',
    'demo-administration-1',
    '/administration/dash?pane=payments',
  )
  const reported = page.getByTestId('reported-payment')
  const feeReport = reported.filter({ hasText: `reference UPI-${stamp}` })
  await expect(feeReport).toContainText(
    `Fernandes family · Inês Fernandes: Monthly Fee, ${label} · ₹14,500.00 on ${today}`,
    { timeout: 20_000 },
  )
  await feeReport.getByRole('button', { name: 'Confirm' }).click()
  const dialog = page.getByRole('dialog', { name: 'Confirm the payment for Inês Fernandes' })
  await expect(dialog.getByLabel('Payment period')).toHaveValue(fee.data.period.key)
  await expect(dialog.getByLabel('Payment option')).toHaveValue('UPI')
  await expect(dialog.getByLabel('Amount (₹)')).toHaveValue('14,500')
  await expect(dialog.getByLabel('Received from')).toHaveValue('Maria Fernandes')
  await dialog.getByLabel('E-mail the receipt to the family').uncheck()
  await dialog.getByRole('button', { name: 'Confirm payment' }).click()
  await expect(page.getByText('Payment recorded', { exact: true })).toBeVisible()
  await expect(feeReport).toHaveCount(0)

  // A report set aside needs its reason, and keeps it.
  const contributionReport = reported.filter({ hasText: '₹3,333.00' })
  await contributionReport.getByRole('button', { name: 'Set aside' }).click()
  const aside = page.getByRole('dialog', { name: 'Set this payment aside?' })
  await aside.getByRole('button', { name: 'Set aside' }).click()
  await expect(aside.getByText('Say why the payment is set aside')).toBeVisible()
  await aside.getByLabel('Why is it set aside?').fill('Not in the bank statement')
  await aside.getByRole('button', { name: 'Set aside' }).click()
  await expect(page.getByText('Payment set aside')).toBeVisible()
  await expect(contributionReport).toHaveCount(0)

  // The same rows on the server: the fee recorded with its number and the family's reference,
  // the contribution set aside with the reason.
  await expect
    .poll(
      async () => {
        const rows = await serverPayments()
        const f = rows.find((p) => p.id === fee.id)
        const c = rows.find((p) => p.id === contribution.id)
        return [f?.status, f?.receipt_number, c?.status, (c?.data as { note?: string })?.note]
      },
      { timeout: 30_000 },
    )
    .toEqual([
      'recorded',
      expect.stringMatching(new RegExp(`^${nextFeeYear}/\\d{4}$`)),
      'void',
      'Not in the bank statement',
    ])
  const confirmed = (await serverPayments()).find((p) => p.id === fee.id)!
  expect(confirmed.data).toMatchObject({ amount: 14500, sendEmail: false })
  expect((confirmed.data as { reference?: string }).reference).toBe(`UPI-${stamp}`)
  await context.close()
})
