import { expect, test, type Page } from '@playwright/test'
import { signedInPage, untilServiceWorkerControls } from './support/session.ts'
import { seriousViolations } from './support/axe.ts'

// Trials (L07): a facilitator sees, at position 4 of the side pane, the families whose children
// come for trial days to a group they teach, newest submission first, with the days, the group's
// week and the office's note; on the phone too, offline. A group they do not teach stays hidden.

const asha = { email: 'facilitator@demo.school', password: 'demo-facilitator-1' }
const rahul = { email: 'facilitator-admin@demo.school', password: 'demo-facilitator-admin-1' }

async function axeClean(page: Page) {
  expect(await seriousViolations(page)).toEqual([])
}

const familyTitles = (page: Page) =>
  page.getByTestId('trial-family').getByRole('heading', { level: 2 }).allTextContents()

test("a facilitator reads the trials of the groups they teach, newest first, and opens the group's week", async ({
  browser,
}, testInfo) => {
  const { context, page } = await signedInPage(
    browser,
    asha.email,
    asha.password,
    '/facilitators/dash',
  )
  await page.setViewportSize({ width: 1280, height: 900 })
  const pane = page.getByTestId('side-pane')
  await expect(pane.getByRole('link', { name: 'Trials' })).toBeVisible({ timeout: 30_000 })
  const labels = await pane.getByRole('link').allTextContents()
  expect(labels.slice(0, 5)).toEqual(['Lessons', 'Groups', 'Students', 'Trials', 'Assignments'])
  await pane.getByRole('link', { name: 'Trials' }).click()
  await expect(page).toHaveURL(/pane=trials/)
  await expect(page.getByRole('heading', { name: 'Trials', level: 1 })).toBeVisible()
  // Kulkarni wrote four days ago, Gomes twelve; Fernandes' trial is in Jaul, which Asha does not teach.
  await expect.poll(() => familyTitles(page)).toEqual(['Kulkarni family', 'Gomes family'])
  const gomes = page.getByRole('region', { name: 'Gomes family' })
  await expect(gomes.getByText('Rafael Gomes')).toBeVisible()
  await expect(gomes.getByText('Trial days: Mon 7 Dec 2026 – Fri 11 Dec 2026')).toBeVisible()
  await expect(gomes.getByText('Speaks Konkani and English at home.')).toBeVisible()
  const kulkarni = page.getByRole('region', { name: 'Kulkarni family' })
  await expect(kulkarni.getByText('The office has shared no note.')).toBeVisible()
  await axeClean(page)
  await page.screenshot({ path: testInfo.outputPath('trials-1280.png'), fullPage: true })

  await gomes.getByRole('link', { name: "Paani's week of 7 Dec" }).click()
  await expect(page).toHaveURL(/groupDays\?group=rg-paani&week=2026_50/)
  await context.close()
})

test('on a phone, offline, the trials stay; another facilitator sees their own groups only', async ({
  browser,
}, testInfo) => {
  const { context, page } = await signedInPage(
    browser,
    asha.email,
    asha.password,
    '/facilitators/dash?pane=trials',
  )
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 30_000 })
  await untilServiceWorkerControls(page)
  await context.setOffline(true)
  await page.reload()
  await expect
    .poll(() => familyTitles(page), { timeout: 30_000 })
    .toEqual(['Kulkarni family', 'Gomes family'])
  await expect(page.getByText('Zoya Kulkarni')).toBeVisible()
  await axeClean(page)
  await page.screenshot({ path: testInfo.outputPath('trials-360.png'), fullPage: true })
  await context.close()

  // Rahul teaches Jaul and Tanni, not Paani.
  const other = await signedInPage(
    browser,
    rahul.email,
    rahul.password,
    '/facilitators/dash?pane=trials',
  )
  await other.page.setViewportSize({ width: 360, height: 740 })
  await expect
    .poll(() => familyTitles(other.page), { timeout: 30_000 })
    .toEqual(['Kulkarni family', 'Fernandes family'])
  await expect(
    other.page.getByText('Maya is shy at first; she loves drawing and animals.'),
  ).toBeVisible()
  await other.context.close()
})
