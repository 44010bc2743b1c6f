import { expect, test } from '@playwright/test'
import { signedIn } from './support/backend'
import { seriousViolations } from './support/axe'
import { signedInPage, untilServiceWorkerControls } from './support/session'

// Feedback per term (M01–M08): a facilitator writes about a child in the Feedback pane, also
// offline; it reaches the server when the connection returns; the family reads it once the
// office has released it, and not before.

interface PulledFeedback {
  id: string
  status: string
  student_id: string | null
  data: { title?: string }
}

async function feedbackSeenBy(email: string, password: string): Promise<PulledFeedback[]> {
  const client = await signedIn(email, password)
  const { data, error } = await client.rpc('sync_pull', {
    collection: 'feedback',
    checkpoint: null,
    batch_size: 1000,
  })
  if (error) throw error
  return (data as { documents: PulledFeedback[] }).documents
}

test('a facilitator writes feedback offline; the family reads it once released', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  const title = `Fractions ${Date.now().toString(36)}`

  const { context, page } = await signedInPage(
    browser,
    'facilitator@demo.school',
    'demo-facilitator-1',
    '/facilitators/dash?pane=feedback',
  )
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible({
    timeout: 30_000,
  })
  await page.getByLabel('Group').selectOption({ label: 'Jaul' })
  await expect(
    page.getByRole('button', { name: 'Write feedback for Tiago Fernandes' }),
  ).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // Offline: bad input is refused in words and nothing is written; then the entry is kept here.
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Write feedback for Tiago Fernandes' }).click()
  const dialog = page.getByRole('dialog', { name: 'Feedback for Tiago Fernandes' })
  await dialog.getByLabel('Subject').selectOption({ label: 'Mathematics' })
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('Enter a title')).toBeVisible()
  await expect(
    dialog.getByText('Write the feedback, or mark the student as not participating'),
  ).toBeVisible()
  await dialog.getByLabel('Title').fill(title)
  await dialog
    .getByRole('textbox', { name: 'Feedback' })
    .fill('Tiago adds fractions with unlike denominators.')
  await dialog.getByLabel('Needs support').check()
  await dialog.getByLabel('Ready for release to the family').check()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  const card = page.getByTestId('feedback-entry').filter({ hasText: title })
  await expect(card).toContainText('Tiago Fernandes · Mathematics')
  await expect(card).toContainText('Not yet sent')
  await expect(card).toContainText('Needs support')
  await expect(card).toContainText('Ready')

  await page.setViewportSize({ width: 360, height: 740 })
  await expect(card).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({
    path: testInfo.outputPath('facilitator-feedback-360.png'),
    fullPage: true,
  })

  // Back online, the entry reaches the server; the family's phone receives nothing yet.
  await context.setOffline(false)
  await expect(card).not.toContainText('Not yet sent', { timeout: 30_000 })
  const staff = await feedbackSeenBy('administration@demo.school', 'demo-administration-1')
  const written = staff.find((f) => f.data.title === title)!
  expect(written.status).toBe('ready')
  const before = await feedbackSeenBy('guardian@demo.school', 'demo-guardian-1')
  expect(before.map((f) => f.id)).not.toContain(written.id)

  // The office releases it (as the admin's Feedback pane does).
  const office = await signedIn('administration@demo.school', 'demo-administration-1')
  const { id, status, student_id, data, ...rest } = written
  const released = await office.rpc('sync_push', {
    collection: 'feedback',
    rows: [
      {
        newDocumentState: { id, student_id, data, ...rest, status: 'released' },
        assumedMasterState: written,
      },
    ],
  })
  expect(released.error).toBeNull()
  expect(released.data).toEqual({ conflicts: [], refused: [] })
  expect(status).toBe('ready')
  await context.close()

  const family = await signedInPage(
    browser,
    'guardian@demo.school',
    'demo-guardian-1',
    '/parents/dash?pane=feedback',
  )
  await family.page.setViewportSize({ width: 360, height: 740 })
  const pane = family.page.getByTestId('parents-feedback')
  await expect(pane.getByRole('heading', { level: 1 })).toHaveText('Feedback', { timeout: 30_000 })
  const tiago = pane.getByRole('region', { name: 'Tiago Fernandes' })
  const entry = tiago.getByTestId('feedback-entry').filter({ hasText: title })
  await expect(entry).toBeVisible({ timeout: 30_000 })
  await expect(entry).toContainText('Tiago adds fractions with unlike denominators.')
  await expect(entry).toContainText('Needs support')
  await expect(tiago.getByRole('heading', { level: 3, name: 'Mathematics' })).toBeVisible()
  expect(await seriousViolations(family.page)).toEqual([])
  await family.page.screenshot({ path: testInfo.outputPath('parents-feedback-360.png') })

  // Once seen, it reads offline (from the device's copy, the app from the service worker).
  await untilServiceWorkerControls(family.page)
  await expect(entry).toBeVisible({ timeout: 30_000 })
  await family.context.setOffline(true)
  await family.page.setViewportSize({ width: 1280, height: 800 })
  await family.page.reload()
  await expect(family.page.getByTestId('feedback-entry').filter({ hasText: title })).toBeVisible({
    timeout: 30_000,
  })
  expect(await seriousViolations(family.page)).toEqual([])
  await family.context.close()
})
