// What a parent trips over on a 360 px phone: one date format on the profile's documents, an
// upload dialog that claims no expiry date on its own, document names without print sizes, labels
// shown whole (not "WAITING FOR A CONNECTI…" or "Paren…" in the header offline), and messages
// that leave the header's online and sync badges in view.
import { expect, test, type Locator, type Page } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { signedIn } from './support/backend'
import { signInContext } from './support/session'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** A day as the centre writes it: '9 Jan 2027'. */
const centreDay = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number)
  return `${d} ${MONTHS[m! - 1]} ${y}`
}
/** Today in the centre (Asia/Kolkata), 'YYYY-MM-DD', plus some days. */
const centreIso = (plusDays = 0) =>
  new Date(Date.now() + 5.5 * 3600_000 + plusDays * 86_400_000).toISOString().slice(0, 10)

/**
 * Whether an element's text is cut (an ellipsis, or hidden overflow): the width its text needs on
 * one line, measured on a copy, is more than the width it is given.
 */
const isCut = (locator: Locator) =>
  locator.evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement
    Object.assign(copy.style, {
      position: 'absolute',
      visibility: 'hidden',
      width: 'max-content',
      maxWidth: 'none',
      whiteSpace: 'nowrap',
    })
    el.parentElement!.appendChild(copy)
    const needed = copy.getBoundingClientRect().width
    copy.remove()
    return needed > el.getBoundingClientRect().width + 1
  })

/** João's passport's expiry date as the guardian's devices pull the family's record. */
async function joaoPassportExpiry(): Promise<string> {
  const guardian = await signedIn('guardian@demo.school', 'demo-guardian-1')
  const { data, error } = await guardian.rpc('sync_pull', {
    collection: 'families',
    checkpoint: null,
    batch_size: 100,
  })
  if (error) throw error
  // The document sits in the guardian's entry of the family's record; found wherever it is.
  const find = (value: unknown): string | undefined => {
    if (Array.isArray(value)) return value.map(find).find(Boolean)
    if (!value || typeof value !== 'object') return undefined
    const record = value as Record<string, unknown>
    if (record.fileName === 'joao-passport.pdf' && typeof record.expiryDate === 'string')
      return record.expiryDate
    return Object.values(record).map(find).find(Boolean)
  }
  const expiry = find((data as { documents: unknown[] }).documents)
  if (!expiry) throw new Error("no expiry date on João's passport in the family's record")
  return expiry
}

const pdf = {
  name: 'maria-pan.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
}

async function profileDocuments(page: Page) {
  // The wizard opens at the step kept on the device (I27): the documents.
  await page.addInitScript(() => localStorage.setItem('app.profile.step', '3'))
  await page.goto('/parents/dash?pane=profile')
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 20_000 })
  const wizard = page.getByTestId('profile-wizard')
  await expect(wizard.getByTestId('wizard-step')).toHaveText('Documents')
  return wizard
}

test('the profile’s documents at 360 px: one date format, no expiry date unless given, no print sizes in names, nothing cut offline', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } })
  await signInContext(context, 'guardian@demo.school', 'demo-guardian-1')
  const page = await context.newPage()
  const wizard = await profileDocuments(page)

  // João's passport expires in 42 days from the day the demo centre was seeded (the server's
  // record says which): written as the centre writes dates, never 'YYYY-MM-DD'.
  const expiry = await joaoPassportExpiry()
  expect([centreIso(41), centreIso(42)]).toContain(expiry)
  const joao = wizard.getByRole('region', { name: 'João Fernandes' })
  await expect(joao).toContainText(`expires ${centreDay(expiry)}`)
  await expect(wizard).not.toContainText(/\d{4}-\d{2}-\d{2}/)

  await wizard
    .getByRole('region', { name: 'Maria Fernandes' })
    .getByRole('button', { name: 'Upload a document' })
    .click()
  const dialog = page.getByRole('dialog', { name: 'An identity document of Maria Fernandes' })
  // Nothing is claimed for the parent: no expiry date until they say there is one.
  const hasExpiry = dialog.getByLabel('This document has an expiry date')
  await expect(hasExpiry).not.toBeChecked()
  await expect(dialog.getByLabel('Expiry date', { exact: true })).toHaveCount(0)
  const documents = await dialog
    .getByLabel('Document', { exact: true })
    .locator('option')
    .allTextContents()
  expect(documents).toContain('Passport')
  expect(documents.filter((d) => /print|\din/.test(d))).toEqual([])
  // The print size is said beside the choice (E17, E18).
  await expect(dialog.getByText('Print it at 6in × 4in')).toBeVisible()
  await dialog.getByLabel('Document', { exact: true }).selectOption('PAN Card')
  await expect(dialog.getByText('Print it at 3.37in × 2.125in')).toBeVisible()
  await hasExpiry.check()
  await expect(dialog.getByLabel('Expiry date', { exact: true })).toHaveValue('')
  await dialog.locator('input[type="file"]').setInputFiles(pdf)
  await dialog.getByRole('button', { name: 'Upload' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Enter the expiry date.')
  await hasExpiry.uncheck()
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByRole('button', { name: 'Upload' }).click()
  // The message that it is done leaves the header's online and sync badges in view.
  const toast = page
    .locator('.mantine-Notification-root')
    .filter({ hasText: 'Success! File uploaded' })
  await expect(toast).toBeVisible({ timeout: 30_000 })
  await expect(dialog).toHaveCount(0)
  // Where the toast comes to rest (it slides in): clear of both badges.
  const covered = async () => {
    const t = (await toast.boundingBox())!
    const out: string[] = []
    for (const id of ['online-status', 'sync-status']) {
      const b = (await page.getByTestId(id).boundingBox())!
      if (
        t.x < b.x + b.width &&
        b.x < t.x + t.width &&
        t.y < b.y + b.height &&
        b.y < t.y + t.height
      )
        out.push(id)
    }
    return out
  }
  await expect.poll(covered, { message: 'badges the toast covers' }).toEqual([])

  // Offline, an upload waits on the device, its label whole, and the header's title whole.
  await context.setOffline(true)
  await expect(page.getByTestId('online-status')).toHaveText('Offline')
  await wizard
    .getByRole('region', { name: 'Maria Fernandes' })
    .getByRole('button', { name: 'Upload a document' })
    .click()
  await dialog.locator('input[type="file"]').setInputFiles({ ...pdf, name: 'maria-voter-id.pdf' })
  await dialog.getByRole('button', { name: 'Upload' }).click()
  await expect(dialog).toHaveCount(0)
  const waiting = wizard.getByTestId('waiting-upload')
  await expect(waiting).toContainText('maria-voter-id.pdf')
  await expect(waiting.getByText('Waiting for a connection')).toBeVisible()
  expect(await isCut(waiting.getByText('Waiting for a connection'))).toBe(false)
  await page.screenshot({ path: test.info().outputPath('documents-offline-360.png') })
  const header = page.locator('header')
  await expect(header.getByRole('heading', { level: 2 })).toContainText('Parents')
  expect(await isCut(header.getByRole('heading', { level: 2 }))).toBe(false)
  expect(await isCut(page.getByTestId('online-status'))).toBe(false)
  expect(await isCut(page.getByTestId('sync-status'))).toBe(false)

  await context.setOffline(false)
  await expect(waiting).toHaveCount(0, { timeout: 30_000 })
  await context.close()
})
