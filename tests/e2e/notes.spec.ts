import { expect, test, type Page } from '@playwright/test'
import { signedInPage, untilServiceWorkerControls } from './support/session.ts'
import { seriousViolations } from './support/axe.ts'

// Notes (L11): a facilitator writes notes about a student or a group, offline too; they are
// listed newest first and searched; a student's lessons link to that student's notes; a note
// shared with the family reaches the child's guardian on Home, a private one never does.

const asha = { email: 'facilitator@demo.school', password: 'demo-facilitator-1' }
const maria = { email: 'guardian@demo.school', password: 'demo-guardian-1' }
const run = Date.now().toString(36)

async function axeClean(page: Page) {
  expect(await seriousViolations(page)).toEqual([])
}

async function writeNote(page: Page, about: string, text: string, share = false) {
  const form = page.getByRole('form', { name: 'New note' })
  await form.getByRole('combobox', { name: 'About' }).click()
  await page.getByRole('option', { name: about, exact: true }).click()
  await form.getByRole('textbox', { name: 'Note' }).fill(text)
  if (share) await form.getByRole('checkbox', { name: "Share with the child's family" }).check()
  await form.getByRole('button', { name: 'Save note' }).click()
  await expect(form.getByRole('textbox', { name: 'Note' })).toHaveValue('')
}

test('a facilitator writes notes about a student and a group, finds them, and reaches them from the lessons', async ({
  browser,
}, testInfo) => {
  const { context, page } = await signedInPage(
    browser,
    asha.email,
    asha.password,
    '/facilitators/dash?pane=notes',
  )
  await page.setViewportSize({ width: 1280, height: 900 })
  await expect(page.getByRole('heading', { name: 'Notes', level: 1 })).toBeVisible({
    timeout: 30_000,
  })
  const notes = page.getByRole('region', { name: 'All notes' })

  // Bad input is refused with a clear message and writes nothing.
  const form = page.getByRole('form', { name: 'New note' })
  await form.getByRole('button', { name: 'Save note' }).click()
  await expect(form.getByText('Choose a student or a group')).toBeVisible()
  await expect(form.getByText('Write the note')).toBeVisible()

  await writeNote(page, 'Kabir Shetty (Jaul)', `Kabir counts to a hundred ${run}`)
  await writeNote(page, 'The whole group (Jaul)', `Jaul had a calm week ${run}`)
  // Newest first.
  const texts = notes.getByTestId('note')
  await expect(texts.nth(0)).toContainText(`Jaul had a calm week ${run}`)
  await expect(texts.nth(1)).toContainText(`Kabir counts to a hundred ${run}`)
  await expect(texts.nth(1)).toContainText('Kabir Shetty (Jaul)')
  await expect(texts.nth(1)).toContainText('Asha Gaonkar')

  await notes.getByRole('textbox', { name: 'Search notes' }).fill(`hundred ${run}`)
  await expect(texts).toHaveCount(1)
  await expect(texts.first()).toContainText('Kabir Shetty (Jaul)')
  await axeClean(page)
  await page.screenshot({ path: testInfo.outputPath('notes-1280.png'), fullPage: true })

  // From Kabir's lessons to his notes.
  await page.goto('/facilitators/dash/students?student=st-kabir')
  await page.getByRole('link', { name: 'Notes about Kabir Shetty' }).click()
  await expect(page.getByRole('heading', { name: 'Notes about this student' })).toBeVisible()
  const his = page.getByRole('region', { name: 'Notes about this student' }).getByTestId('note')
  await expect(his.first()).toContainText(`Kabir counts to a hundred ${run}`)
  await expect(page.getByText(`Jaul had a calm week ${run}`)).toHaveCount(0)
  await context.close()
})

test("on a phone, offline, a note shared with the family reaches the child's guardian; a private one does not", async ({
  browser,
}, testInfo) => {
  const { context, page } = await signedInPage(
    browser,
    asha.email,
    asha.password,
    '/facilitators/dash?pane=notes',
  )
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 30_000 })
  await untilServiceWorkerControls(page)
  await context.setOffline(true)
  await writeNote(page, 'Tiago Fernandes (Jaul)', `Tiago helped a friend today ${run}`, true)
  await writeNote(page, 'Tiago Fernandes (Jaul)', `Tiago seemed tired ${run}`)
  await expect(page.getByTestId('sync-status')).toHaveText(/^2 (changes )?not synced$/)
  await expect(page.getByTestId('note').first()).toContainText(`Tiago seemed tired ${run}`)
  await expect(page.getByTestId('note').nth(1)).toContainText('Shared with the family')
  await axeClean(page)
  await page.screenshot({ path: testInfo.outputPath('notes-360.png'), fullPage: true })
  await context.setOffline(false)
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 30_000 })
  await context.close()

  const family = await signedInPage(browser, maria.email, maria.password, '/parents/dash')
  await family.page.setViewportSize({ width: 360, height: 740 })
  const shared = family.page.getByRole('region', { name: 'Notes from the facilitators' })
  await expect(shared.getByText(`Tiago helped a friend today ${run}`)).toBeVisible({
    timeout: 30_000,
  })
  await expect(family.page.getByText(`Tiago seemed tired ${run}`)).toHaveCount(0)
  await axeClean(family.page)
  await family.context.close()
})
