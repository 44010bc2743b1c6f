import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { pdfPages } from '../helpers/pdf-text'
import { signedIn } from './support/backend'
import { seriousViolations } from './support/axe'
import { signedInPage } from './support/session'

// The admin's Feedback pane (M08, F17): a term's feedback per group and child, what is missing,
// each child's colours by subject and week, and releasing a group's ready feedback after a
// confirmation; the family then reads it, with the same chart on their phone, and downloads the
// term's PDF (M09).

async function statusOnServer(id: string): Promise<string | undefined> {
  const client = await signedIn('administration@demo.school', 'demo-administration-1')
  const { data, error } = await client.rpc('sync_pull', {
    collection: 'feedback',
    checkpoint: null,
    batch_size: 1000,
  })
  if (error) throw error
  return (data as { documents: { id: string; status: string }[] }).documents.find(
    (d) => d.id === id,
  )?.status
}

async function idOnServer(title: string): Promise<string | undefined> {
  const client = await signedIn('administration@demo.school', 'demo-administration-1')
  const { data } = await client.rpc('sync_pull', {
    collection: 'feedback',
    checkpoint: null,
    batch_size: 1000,
  })
  return (data as { documents: { id: string; data: { title?: string } }[] }).documents.find(
    (d) => d.data.title === title,
  )?.id
}

async function writeReadyFeedback(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible({
    timeout: 30_000,
  })
  await page.getByLabel('Group').selectOption({ label: 'Jaul' })
  await page.getByRole('button', { name: 'Write feedback for Tiago Fernandes' }).click()
  const dialog = page.getByRole('dialog', { name: 'Feedback for Tiago Fernandes' })
  await dialog.getByLabel('Subject').selectOption({ label: 'Mathematics' })
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByRole('textbox', { name: 'Feedback' }).fill('Tiago reads a bar chart aloud.')
  await dialog.getByLabel('Needs support').check()
  await dialog.getByLabel('Ready for release to the family').check()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  const card = page.getByTestId('feedback-entry').filter({ hasText: title })
  await expect(card).toContainText('Ready')
  await expect(card).not.toContainText('Not yet sent', { timeout: 30_000 })
}

test("the admin sees a term's feedback per group and child and releases a group's", async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  const title = `Charts ${Date.now().toString(36)}`

  const facilitator = await signedInPage(
    browser,
    'facilitator@demo.school',
    'demo-facilitator-1',
    '/facilitators/dash?pane=feedback',
  )
  await writeReadyFeedback(facilitator.page, title)
  await facilitator.context.close()
  const id = await idOnServer(title)
  expect(id).toBeTruthy()

  const admin = await signedInPage(
    browser,
    'admin@demo.school',
    'demo-admin-1',
    '/admin/dash/feedback',
  )
  const { page } = admin
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(page.getByTestId('side-pane').getByRole('link', { name: 'Feedback' })).toBeVisible()
  const jaul = page.getByRole('region', { name: 'Jaul' })
  const tiago = jaul.getByRole('row').filter({ hasText: 'Tiago Fernandes' })
  await expect(tiago).toContainText(/Mathematics · .+ · Ready/, { timeout: 30_000 })
  await expect(page.getByTestId('term-counts')).toContainText(/[1-9]\d* ready/)
  expect(await seriousViolations(page)).toEqual([])

  // The child's term: the chart (letters in the cells, a table for screen readers) and entries.
  await tiago.getByRole('button', { name: "Open Tiago Fernandes's feedback" }).click()
  const child = page.getByRole('dialog', { name: /^Tiago Fernandes, Term \d/ })
  const chart = child.getByTestId('feedback-chart')
  await expect(chart.locator('[data-cell="N"]').first()).toBeVisible()
  await expect(chart.getByRole('table').getByRole('row', { name: /Mathematics/ })).toContainText(
    'Needs support',
  )
  await expect(child.getByTestId('feedback-entry').filter({ hasText: title })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('admin-feedback-child-1280.png') })
  await child.getByRole('button', { name: 'Close' }).click()
  await expect(child).toBeHidden()

  // Releasing asks first: Cancel changes nothing.
  await jaul.getByRole('button', { name: 'Release Jaul' }).click()
  const confirm = page.getByRole('dialog', { name: /^Release Jaul, Term \d/ })
  await expect(confirm).toContainText(/ready will be released to the families/)
  expect(await seriousViolations(page)).toEqual([])
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  expect(await statusOnServer(id!)).toBe('ready')

  await jaul.getByRole('button', { name: 'Release Jaul' }).click()
  await confirm.getByRole('button', { name: 'Release' }).click()
  await expect(confirm).toBeHidden()
  await expect(tiago).toContainText(/Mathematics · .+ · Released/)
  await expect.poll(() => statusOnServer(id!), { timeout: 30_000 }).toBe('released')
  await expect(jaul.getByRole('button', { name: 'Release Jaul' })).toBeDisabled()

  await page.setViewportSize({ width: 360, height: 740 })
  await expect(jaul).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('admin-feedback-360.png'), fullPage: true })
  await admin.context.close()

  // The family reads it, with the chart.
  const family = await signedInPage(
    browser,
    'guardian@demo.school',
    'demo-guardian-1',
    '/parents/dash?pane=feedback',
  )
  await family.page.setViewportSize({ width: 360, height: 740 })
  const pane = family.page.getByTestId('parents-feedback')
  const mine = pane.getByRole('region', { name: 'Tiago Fernandes' })
  await expect(mine.getByTestId('feedback-entry').filter({ hasText: title })).toBeVisible({
    timeout: 30_000,
  })
  const familyChart = mine.getByTestId('feedback-chart')
  await expect(familyChart.locator('[data-cell="N"]').first()).toBeVisible()
  await expect(
    familyChart.getByRole('table').getByRole('row', { name: /Mathematics/ }),
  ).toContainText('Needs support')
  expect(await seriousViolations(family.page)).toEqual([])
  await family.page.screenshot({ path: testInfo.outputPath('parents-feedback-chart-360.png') })

  // The term's PDF, made by the centre from what it released, downloads at 360 px.
  const pdfButton = mine.getByRole('button', {
    name: /^Download PDF of Tiago Fernandes's feedback/,
  })
  await expect(pdfButton).toBeEnabled()
  const downloading = family.page.waitForEvent('download', { timeout: 90_000 })
  await pdfButton.click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^feedback-tiago-fernandes-\d{4}-\d{4}-[1-3]\.pdf$/)
  const bytes = await readFile((await download.path())!)
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect((await pdfPages(new Uint8Array(bytes))).join('\n')).toContain(title)
  await expect(mine.getByRole('alert')).toHaveCount(0)
  expect(await seriousViolations(family.page)).toEqual([])

  // Offline the feedback stays readable; the PDF waits for a connection, and says so.
  await family.context.setOffline(true)
  await expect(pdfButton).toBeDisabled()
  await expect(mine).toContainText('Connect to download the PDF.')
  await expect(mine.getByTestId('feedback-entry').filter({ hasText: title })).toBeVisible()
  expect(await seriousViolations(family.page)).toEqual([])
  await family.page.screenshot({ path: testInfo.outputPath('parents-feedback-offline-360.png') })
  await family.context.setOffline(false)
  await expect(pdfButton).toBeEnabled()
  await family.page.setViewportSize({ width: 1280, height: 800 })
  expect(await seriousViolations(family.page)).toEqual([])
  await family.page.screenshot({ path: testInfo.outputPath('parents-feedback-1280.png') })
  await family.context.close()

  // The child reads their own released feedback on their page.
  const student = await signedInPage(
    browser,
    'student@demo.school',
    'demo-student-1',
    '/students/dash',
  )
  await student.page.setViewportSize({ width: 360, height: 740 })
  const own = student.page.getByRole('region', { name: 'My feedback' })
  await expect(own.getByTestId('feedback-entry').filter({ hasText: title })).toBeVisible({
    timeout: 30_000,
  })
  await expect(own.getByTestId('feedback-chart').locator('[data-cell="N"]').first()).toBeVisible()
  expect(await seriousViolations(student.page)).toEqual([])
  await student.page.setViewportSize({ width: 1280, height: 800 })
  expect(await seriousViolations(student.page)).toEqual([])
  await student.context.close()
})
