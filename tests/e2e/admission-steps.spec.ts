// The path from application to enrolled family (issue 16, H21–H42), as the office walks it in the
// browser: the meeting e-mail with its calendar invite, the trial e-mail with the curriculum, the
// admission e-mail that makes the family record, then, offline, the admission payment and the
// enrolment, which reach the server once the connection is back. Every e-mail is read from the
// test SMTP server.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { seriousViolations } from './support/axe.ts'
import { applyAsFamily } from './support/applications.ts'
import { inquiriesNamed, signedIn } from './support/backend.ts'
import { mailsTo } from './support/mailbox.ts'
import { signedInPage } from './support/session.ts'
import { awayFromCentreMidnight, centreDate } from './support/centre-day.ts'

const stamp = Date.now().toString(36).slice(-5)
const family = `Sequeira${stamp}`
const guardianEmail = `lina.sequeira.${stamp}@example.in`
/** Today at the centre (Asia/Kolkata, UTC + 5:30), read as each test starts. */
let today = ''
test.beforeAll(async () => awayFromCentreMidnight())
test.beforeEach(() => {
  today = centreDate()
})

/** Waits for the e-mail to the family whose subject starts so. */
async function mailTitled(start: string) {
  let found: Awaited<ReturnType<typeof mailsTo>> = []
  await expect
    .poll(
      async () =>
        (found = (await mailsTo(guardianEmail)).filter((m) => m.subject.startsWith(start))).length,
      { message: `e-mail "${start}"`, timeout: 30_000 },
    )
    .toBe(1)
  return found[0]!
}

/** The family's e-mails of the admission steps (the application's acknowledgement aside). */
const stepMails = async () =>
  (await mailsTo(guardianEmail)).filter((m) => !m.subject.startsWith('We have received'))

async function pulled(collection: string) {
  const office = await signedIn('admission@demo.school', 'demo-admission-1')
  const { data, error } = await office.rpc('sync_pull', {
    collection,
    checkpoint: null,
    batch_size: 1000,
  })
  if (error) throw error
  return (data as { documents: Record<string, unknown>[] }).documents
}

/** Opens a step's dialog from the inquiry's detail. */
async function openStep(dialog: Locator, action: string) {
  await dialog.getByRole('button', { name: action, exact: true }).click()
  await expect(dialog.getByTestId('step-dialog')).toBeVisible()
  return dialog.getByTestId('step-dialog')
}

async function previewAndSend(page: Page, step: Locator, message: string) {
  await step.getByRole('button', { name: 'Preview' }).click()
  await expect(step.getByTestId('step-preview')).toBeVisible()
  await step.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText(message)).toBeVisible()
}

test('the office takes a family from meeting to enrolment, the last two steps offline', async ({
  browser,
}) => {
  test.setTimeout(420_000)
  await applyAsFamily(`inq-steps-${stamp}`, family, {
    child: 'Tara',
    guardian: 'Lina',
    email: guardianEmail,
  })
  const { context, page } = await signedInPage(
    browser,
    'admission@demo.school',
    'demo-admission-1',
    '/administration/dash',
  )
  await page.getByRole('tab', { name: /^Initial Inquiry/ }).click()
  await page.getByRole('button', { name: `Open the ${family} inquiry` }).click({ timeout: 20_000 })
  const dialog = page.getByRole('dialog', { name: `${family} inquiry` })
  await expect(dialog.getByTestId('admission-steps')).toContainText('No steps taken yet.')

  // Meeting (H21–H24): 15:30 to 17:00 to begin with; an end before the start is refused.
  let step = await openStep(dialog, 'Meeting e-mail')
  await expect(step.getByLabel('Starts')).toHaveValue('15:30')
  await expect(step.getByLabel('Ends')).toHaveValue('17:00')
  await expect(step.getByRole('textbox', { name: 'To' })).toHaveValue(guardianEmail)
  await expect(step.getByRole('textbox', { name: 'Cc' })).toHaveValue('admissions@demo.school')
  await step.getByLabel('Meeting date').fill('2026-12-10')
  await step.getByLabel('Who welcomes them').fill('Meera Kamat')
  await step.getByLabel('Starts').fill('17:30')
  await step.getByRole('button', { name: 'Preview' }).click()
  await expect(step.getByText('The meeting ends after it starts')).toBeVisible()
  await step.getByLabel('Starts').fill('15:30')
  await step.getByRole('button', { name: 'Preview' }).click()
  const preview = step.getByTestId('step-preview')
  await expect(preview).toContainText('invite.ics')
  await expect(preview).toContainText(
    'Meeting at Banyan Tree Learning Centre on Thursday 10 December 2026',
  )
  await page.setViewportSize({ width: 360, height: 740 })
  await page.screenshot({ path: test.info().outputPath('meeting-preview-360.png'), fullPage: true })
  expect(await seriousViolations(page, ['iframe'])).toEqual([])
  await page.setViewportSize({ width: 1280, height: 800 })
  await step.getByRole('button', { name: 'Send' }).click()
  await expect(
    page.getByText('Success! Meeting e-mail queued; it goes out when the mail server takes it'),
  ).toBeVisible()
  const meeting = await mailTitled('Meeting at')
  expect(meeting.subject).toBe(
    'Meeting at Banyan Tree Learning Centre on Thursday 10 December 2026',
  )
  const invite = meeting.attachments.find((a) => a.filename === 'invite.ics')!
  expect(invite.contentType).toMatch(/^text\/calendar/)
  expect(invite.head).toBe('BEGIN')
  const steps = dialog.getByTestId('admission-step')
  await expect(steps.first()).toContainText('Meeting')
  await expect(steps.first().getByTestId('admission-step-status')).toContainText('Sent', {
    timeout: 40_000,
  })

  // Trial (H25–H30): the curriculum goes with it, the hours are stated.
  step = await openStep(dialog, 'Trial e-mail')
  await step.getByLabel('Trial group').selectOption({ label: 'Paani' })
  await step.getByLabel('First trial day').fill('2026-12-14')
  await step.getByLabel('Last trial day').fill('2026-12-11')
  await step.getByRole('button', { name: 'Preview' }).click()
  await expect(step.getByText('Error: Start date must be before end date')).toBeVisible()
  await step.getByLabel('Last trial day').fill('2026-12-18')
  await step.getByRole('button', { name: 'Preview' }).click()
  await expect(step.getByTestId('step-preview')).toContainText('Curriculum.pdf')
  const message = step.frameLocator('iframe')
  await expect(message.locator('body')).toContainText('9:30am to 3pm')
  await expect(message.locator('body')).toContainText('snack break at 11am')
  await step.getByRole('button', { name: 'Send' }).click()
  await expect(
    page.getByText('Success! Trial e-mail queued; it goes out when the mail server takes it'),
  ).toBeVisible()
  const trial = await mailTitled('Trial days')
  const pdf = trial.attachments.find((a) => a.filename === 'Curriculum.pdf')!
  expect(pdf.head).toBe('%PDF-')

  // Admission (H31–H35): the family record is made, with the group's tariff and the deposit.
  step = await openStep(dialog, 'Admission e-mail')
  await step.getByRole('combobox', { name: 'Group', exact: true }).selectOption({ label: 'Tanni' })
  await expect(step.getByLabel('Fee tariff')).not.toHaveValue('')
  await expect(step.getByLabel('Deposit (₹)')).toHaveValue('45,000')
  await step.getByRole('button', { name: 'Preview' }).click()
  await expect(step.getByText('Enter the admission fee (0 if there is none)')).toBeVisible()
  await step.getByLabel('Admission fee (₹)').fill('10000')
  await page.screenshot({ path: test.info().outputPath('admission-1280.png'), fullPage: true })
  expect(await seriousViolations(page, ['iframe'])).toEqual([])
  await previewAndSend(
    page,
    step,
    'Success! Family record created and admission e-mail queued; it goes out when the mail server takes it',
  )
  // It tells the family how to pay the admission fee and the deposit (issue 40): the UPI link
  // and its QR code for ₹55,000, sent inline.
  const admissionMail = await mailTitled('Admission of')
  expect(admissionMail.html).toContain('How to pay')
  expect(admissionMail.html).toContain('upi://pay?pa=banyantree%40indianbk')
  expect(admissionMail.html).toContain('am=55000.00')
  expect(admissionMail.html).toContain('<img src="cid:upi-qr@payment"')
  expect(admissionMail.attachments).toEqual([
    expect.objectContaining({
      filename: 'upi-qr.gif',
      contentType: 'image/gif',
      cid: 'upi-qr@payment',
      head: 'GIF87',
    }),
  ])
  await expect
    .poll(async () => (await pulled('families')).filter((f) => f.name === family).length, {
      timeout: 30_000,
    })
    .toBe(1)

  // Offline: the payment and the enrolment are kept on the device and wait to sync.
  await expect(steps.first().getByTestId('admission-step-status')).not.toContainText(
    'Waiting to sync',
    { timeout: 40_000 },
  )
  await context.setOffline(true)
  // The admission payment (H37, issue 40): the amounts from the admission, today, and no way of
  // payment chosen for the office; each amount becomes a payment with its receipt.
  step = await openStep(dialog, 'Admission payment received')
  await expect(step.getByLabel('Admission fee received (₹)')).toHaveValue('10,000')
  await expect(step.getByLabel('Deposit received (₹)')).toHaveValue('45,000')
  await expect(step.getByLabel('Received from')).toHaveValue(`Lina ${family}`)
  await expect(step.getByLabel('Payment option')).toHaveValue('')
  await step.getByLabel('Admission fee received (₹)').fill('0')
  await step.getByLabel('Deposit received (₹)').fill('0')
  await step.getByRole('button', { name: 'Preview' }).click()
  await expect(step.locator('p', { hasText: 'Choose how it was paid' })).toBeVisible()
  await step.getByLabel('Payment option').selectOption('UPI')
  await step.getByRole('button', { name: 'Preview' }).click()
  await expect(step.getByText('Enter the amount received')).toBeVisible()
  await step.getByLabel('Received on').fill('2999-01-01')
  await step.getByRole('button', { name: 'Preview' }).click()
  await expect(step.getByText('The payment cannot arrive after today')).toBeVisible()
  expect(await seriousViolations(page, ['iframe'])).toEqual([])
  await page.screenshot({ path: test.info().outputPath('admission-payment-1280.png') })
  await page.setViewportSize({ width: 360, height: 740 })
  expect(await seriousViolations(page, ['iframe'])).toEqual([])
  await page.screenshot({
    path: test.info().outputPath('admission-payment-360.png'),
    fullPage: true,
  })
  await page.setViewportSize({ width: 1280, height: 800 })
  await step.getByLabel('Admission fee received (₹)').fill('10000')
  await step.getByLabel('Deposit received (₹)').fill('45000')
  await step.getByLabel('Received on').fill(today)
  await step.getByLabel('Payment option').selectOption('UPI')
  await step.getByLabel('UPI or bank reference').fill(`UPI-${stamp}`)
  await step.getByRole('button', { name: 'Preview' }).click()
  await expect(step.getByTestId('step-preview')).toContainText(
    'A receipt (PDF) for each amount, numbered when the step syncs',
  )
  await step.getByRole('button', { name: 'Send' }).click()
  await expect(
    page.getByText(
      'Payment receipt generated and e-mail queued; it goes out when the mail server takes it',
    ),
  ).toBeVisible()
  step = await openStep(dialog, 'Enrol')
  await step.getByLabel('Start date').fill('2027-01-04')
  await previewAndSend(page, step, 'Success! Student enrolled')
  await expect(steps.first()).toContainText('Enrolment')
  await expect(steps.first().getByTestId('admission-step-status')).toContainText('Waiting to sync')
  await page.setViewportSize({ width: 360, height: 740 })
  await page.screenshot({ path: test.info().outputPath('steps-offline-360.png'), fullPage: true })
  expect(await stepMails()).toHaveLength(3)

  await context.setOffline(false)
  await expect.poll(async () => (await stepMails()).length, { timeout: 30_000 }).toBe(5)
  await expect
    .poll(
      async () => {
        const [inquiry] = await inquiriesNamed(family)
        const child = (inquiry?.data.children as Record<string, unknown>[] | undefined)?.[0]
        return [inquiry?.status, child?.enrolled, child?.paymentPending]
      },
      { timeout: 30_000 },
    )
    .toEqual(['enrolled', true, false])
  const [inquiry] = await inquiriesNamed(family)
  const studentId = (inquiry!.data.children as Record<string, unknown>[])[0]!.studentUUID
  const students = (await pulled('students')).filter((s) => s.id === studentId)
  expect(students).toHaveLength(1)
  expect(students[0]).toMatchObject({
    group_id: 'rg-tanni',
    status: 'active',
    name: `Tara ${family}`,
  })
  await expect(steps.first().getByTestId('admission-step-status')).toContainText('Sent', {
    timeout: 40_000,
  })
  // The admission fee and the deposit are the family's payments now, numbered, the student's
  // once enrolled; the deposit is held.
  const payments = (await pulled('payments')).filter(
    (p) => (p as { family_id?: string }).family_id === `fam-inq-steps-${stamp}`,
  ) as unknown as {
    student_id: string | null
    receipt_number: string | null
    data: Record<string, unknown>
  }[]
  expect(
    payments
      .map((p) => [p.data.paymentType, p.data.amount, p.data.paymentOption, p.student_id])
      .sort(),
  ).toEqual([
    ['Admission Fee', 10000, 'UPI', studentId],
    ['Deposit', 45000, 'UPI', studentId],
  ])
  expect(payments.find((p) => p.data.paymentType === 'Deposit')!.data.deposit).toEqual({
    status: 'held',
  })
  const numbers = payments.map((p) => p.receipt_number!).sort()
  for (const n of numbers) expect(n).toMatch(/^\d{4}-\d{2}\/\d{4}$/)
  // Its e-mail carries both receipts.
  const paymentMail = await mailTitled('Admission payment received')
  expect(paymentMail.attachments.map((a) => a.filename).sort()).toEqual(
    numbers.map((n) => `receipt-${n.replace('/', '-')}.pdf`),
  )
  // The office finds them among the student's payments and returns the deposit, at 360 px.
  await page.goto('/administration/dash?pane=payments')
  const tara = page
    .getByTestId('payments-pane')
    .getByTestId('student-fee')
    .filter({ hasText: `Tara ${family}` })
  await tara.getByRole('button', { name: `Payments of Tara ${family}` }).click({ timeout: 30_000 })
  const list = page.getByRole('dialog', { name: `Payments of Tara ${family}` })
  const depositEntry = list.getByTestId('payment-entry').filter({ hasText: 'Deposit' })
  await expect(depositEntry.getByTestId('deposit-state')).toHaveText(
    'Deposit: Refundable: held by the centre',
  )
  await expect(
    list.getByTestId('payment-entry').filter({ hasText: 'Admission Fee' }),
  ).toContainText('Amount: ₹10,000.00')
  await depositEntry.getByRole('button', { name: 'Keep deposit' }).click()
  const keep = depositEntry.getByRole('group', { name: 'Keep the deposit' })
  await keep.getByRole('button', { name: 'Save' }).click()
  await expect(keep.getByRole('alert')).toHaveText('Write why the centre keeps the deposit')
  await keep.getByRole('button', { name: 'Cancel' }).click()
  await depositEntry.getByRole('button', { name: 'Return deposit' }).click()
  const giveBack = depositEntry.getByRole('group', { name: 'Return the deposit to the family' })
  await expect(giveBack.getByLabel('Returned on')).toHaveValue(today)
  await giveBack.getByLabel('How it went back (optional)').fill('Bank transfer')
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: test.info().outputPath('deposit-return-360.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  expect(await seriousViolations(page)).toEqual([])
  await giveBack.getByRole('button', { name: 'Save' }).click()
  await expect(depositEntry.getByTestId('deposit-state')).toContainText(
    'Deposit: Returned to the family on',
  )
  await expect(depositEntry.getByRole('button', { name: 'Return deposit' })).toHaveCount(0)
  await expect
    .poll(
      async () =>
        (
          (await pulled('payments')).find(
            (p) =>
              (p as { family_id?: string }).family_id === `fam-inq-steps-${stamp}` &&
              (p as { data: Record<string, unknown> }).data.paymentType === 'Deposit',
          ) as { data: Record<string, unknown> } | undefined
        )?.data.deposit,
      { timeout: 30_000 },
    )
    .toEqual({ status: 'returned', date: today, note: 'Bank transfer' })
  await page.keyboard.press('Escape')
  await page.setViewportSize({ width: 360, height: 740 })

  // Each step's e-mail went once.
  const subjects = (await stepMails()).map((m) => m.subject)
  expect(subjects).toHaveLength(5)
  expect(new Set(subjects).size).toBe(5)
  await page.screenshot({ path: test.info().outputPath('steps-done-360.png'), fullPage: true })
  await context.close()
})

test('the admissions office reads the steps’ e-mail templates from Pre-Admission', async ({
  browser,
}) => {
  const { context, page } = await signedInPage(
    browser,
    'admission@demo.school',
    'demo-admission-1',
    '/administration/dash',
  )
  await page.getByRole('button', { name: 'E-mail templates' }).click()
  const dialog = page.getByRole('dialog', { name: 'E-mail templates' })
  const editor = dialog.getByTestId('template-editor')
  await expect(editor.getByRole('textbox', { name: 'Subject' })).toHaveValue(
    'Meeting at {{centreName}} on {{meetingDate}}',
  )
  await editor.getByRole('combobox', { name: 'Template' }).click()
  await page.getByRole('option', { name: 'Trial', exact: true }).click()
  await expect(editor.getByRole('textbox', { name: 'Message (HTML)' })).toHaveValue(
    /9:30am to 3pm, with a snack break at 11am and lunch from 12:30 to\s+1:30/,
  )
  await page.setViewportSize({ width: 360, height: 740 })
  await page.screenshot({ path: test.info().outputPath('templates-360.png'), fullPage: true })
  expect(await seriousViolations(page, ['iframe'])).toEqual([])
  await context.close()
})
