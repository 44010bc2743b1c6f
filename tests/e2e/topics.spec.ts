import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { signInContext } from './support/session'

const asha = { email: 'facilitator@demo.school', password: 'demo-facilitator-1' }

// K18: a facilitator writes their own topics and subtopics from the lesson's topic picker, on a
// phone and offline; the picker offers "My topics" and "Default topics"; a topic retired after a
// lesson used it stays on that lesson; the topics reach the server when the connection is back.
test('a facilitator adds a topic and a subtopic of their own offline at 360 px, uses them, retires the topic, and the lesson keeps it', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } })
  await signInContext(context, asha.email, asha.password)
  const page = await context.newPage()
  await page.goto('/facilitators/dash/groupDays?group=rg-jaul&week=2026_49')
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 20_000 })
  await context.setOffline(true)

  const konkani = page.getByTestId('session').filter({ hasText: 'Konkani' }).first()
  await konkani.getByRole('button', { name: /^\d\d:\d\d - / }).click()
  const dialog = page.getByRole('dialog')
  const topic = dialog.getByRole('combobox', { name: 'Topic', exact: true })
  await expect(topic).toHaveAttribute('placeholder', 'No topics for Konkani yet')
  await dialog.getByRole('button', { name: 'Add or change topics of Konkani' }).click()
  const mine = dialog.getByRole('region', { name: 'My topics' })
  const defaults = dialog.getByRole('region', { name: 'Default topics' })
  // Only facilitator admins add to the default list.
  await expect(defaults.getByLabel('New default topic')).toHaveCount(0)
  await mine.getByRole('button', { name: 'Add topic' }).click()
  await expect(mine.getByText('Enter a name')).toBeVisible()
  await mine.getByLabel('New topic of my own').fill('Mandó songs')
  await mine.getByRole('button', { name: 'Add topic' }).click()
  await expect(mine.getByTestId('topic')).toContainText('Mandó songs')
  await mine.getByRole('button', { name: 'Add a subtopic to Mandó songs' }).click()
  await mine.getByLabel('New subtopic of Mandó songs').fill('Dulpod rhythm')
  await mine.getByRole('button', { name: 'Add subtopic' }).click()
  await expect(mine.getByTestId('subtopic')).toContainText('Dulpod rhythm')
  expect(await seriousViolations(page)).toEqual([])

  await topic.click()
  await expect(page.getByRole('listbox').getByText('My topics')).toBeVisible()
  await page.getByRole('option', { name: 'Mandó songs', exact: true }).click()
  await dialog.getByRole('combobox', { name: 'Subtopic' }).click()
  await page.getByRole('option', { name: 'Dulpod rhythm', exact: true }).click()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(konkani.getByTestId('session-topic')).toHaveText('Mandó songs — Dulpod rhythm')

  // Retired, the topic is no longer offered, and the lesson that used it still reads it.
  await konkani.getByRole('button', { name: /^\d\d:\d\d - / }).click()
  await dialog.getByRole('button', { name: 'Add or change topics of Konkani' }).click()
  await mine.getByRole('button', { name: 'Retire Mandó songs' }).click()
  await expect(mine.getByTestId('topic')).toContainText('Retired')
  await expect(topic).toHaveValue('Mandó songs (retired)')
  await page.keyboard.press('Escape')
  await expect(konkani.getByTestId('session-topic')).toHaveText('Mandó songs — Dulpod rhythm')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  await context.setOffline(false)
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 30_000 })
  await context.close()
})
