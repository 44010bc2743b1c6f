import { expect, test } from '@playwright/test'
import { signInContext, untilServiceWorkerControls } from './support/session.ts'
import { seriousViolations } from './support/axe.ts'

const asha = { email: 'facilitator@demo.school', password: 'demo-facilitator-1' }
const rahul = { email: 'facilitator-admin@demo.school', password: 'demo-facilitator-admin-1' }
const week = (group: string, key: string) =>
  `/facilitators/dash/groupDays?group=${group}&week=${key}`

async function open(browser: import('@playwright/test').Browser, who: typeof asha, path: string) {
  const context = await browser.newContext()
  await signInContext(context, who.email, who.password)
  const page = await context.newPage()
  await page.goto(path)
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 20_000 })
  return { context, page }
}

test('a facilitator edits two topics, adds a comment and a resource, saves, and another facilitator sees them', async ({
  browser,
}) => {
  const a = await open(browser, asha, week('rg-tanni', '2026_47'))
  await a.page.getByRole('button', { name: 'Edit lessons' }).click()
  // Tuesday's first lesson is Morning Circle, which has no topics; use Mathematics lessons.
  const mathsMonday = a.page
    .getByTestId('day')
    .nth(0)
    .getByTestId('session')
    .filter({ hasText: 'Mathematics' })
    .first()
  await mathsMonday.getByRole('combobox', { name: /^Topic for/ }).click()
  await a.page.getByRole('option', { name: 'Fractions', exact: true }).click()
  const scienceLesson = a.page.getByTestId('session').filter({ hasText: 'Science' }).first()
  await scienceLesson.getByRole('combobox', { name: /^Topic for/ }).click()
  await a.page.getByRole('option', { name: 'The water cycle', exact: true }).click()
  await expect(a.page.getByTestId('pending-edits')).toHaveText('2 unsaved changes')

  await mathsMonday.getByRole('button', { name: /^\d\d:\d\d - / }).click()
  const dialog = a.page.getByRole('dialog')
  await dialog.getByRole('tab', { name: /Comments/ }).click()
  await dialog.getByLabel('Add a comment').fill('They halved a chapati and a cake')
  await dialog.getByRole('button', { name: 'Add comment' }).click()
  await expect(dialog.getByTestId('comment')).toContainText('They halved a chapati and a cake')
  await expect(dialog.getByTestId('comment')).toContainText('Asha Gaonkar · Today')
  await dialog.getByRole('tab', { name: /Resources/ }).click()
  await dialog.getByLabel('Link').fill('https://example.org/fractions-worksheet.pdf')
  await dialog.getByLabel('Description').fill('Fractions worksheet')
  await dialog.getByRole('button', { name: 'Add resource' }).click()
  await expect(dialog.getByTestId('resource')).toContainText('Fractions worksheet (.pdf)')
  await a.page.keyboard.press('Escape')

  await a.page.getByRole('button', { name: 'Save' }).click()
  await expect(a.page.getByText('Success! Calendar updated')).toBeVisible()
  await expect(a.page.getByRole('button', { name: 'Edit lessons' })).toBeVisible()
  await expect(a.page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 20_000 })

  const r = await open(browser, rahul, week('rg-tanni', '2026_47'))
  const rMaths = r.page
    .getByTestId('day')
    .nth(0)
    .getByTestId('session')
    .filter({ hasText: 'Mathematics' })
    .first()
  await expect(rMaths.getByTestId('session-topic')).toHaveText('Fractions')
  await expect(
    r.page
      .getByTestId('session')
      .filter({ hasText: 'Science' })
      .first()
      .getByTestId('session-topic'),
  ).toHaveText('The water cycle')
  await expect(rMaths.getByLabel('1 comments')).toBeVisible()
  await expect(rMaths.getByLabel('1 resources')).toBeVisible()
  await a.context.close()
  await r.context.close()
})

test('edits made offline survive a reload and sync when the network returns', async ({
  browser,
}) => {
  const a = await open(browser, asha, week('rg-paani', '2026_47'))
  await untilServiceWorkerControls(a.page)
  await expect(a.page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 20_000 })
  await a.context.setOffline(true)
  await a.page.getByRole('button', { name: 'Edit lessons' }).click()
  const maths = a.page.getByTestId('session').filter({ hasText: 'Mathematics' }).first()
  await maths.getByRole('combobox', { name: /^Topic for/ }).click()
  await a.page.getByRole('option', { name: 'Fractions', exact: true }).click()
  await expect(a.page.getByTestId('pending-edits')).toHaveText('1 unsaved change')

  await a.page.reload()
  await expect(a.page.getByTestId('pending-edits')).toHaveText('1 unsaved change')
  await a.page.getByRole('button', { name: 'Save' }).click()
  // Offline the change is only on this device, and the banner says so.
  await expect(a.page.getByText('Saved on this device')).toBeVisible()
  await expect(a.page.getByText('It will sync when you are back online.')).toBeVisible()
  await expect(a.page.getByText('Success! Calendar updated')).toHaveCount(0)
  // One topic edited: one change, though the week and its change log are two records.
  await expect(a.page.getByTestId('sync-status')).toHaveText('1 change not synced')
  await a.page.reload()
  await expect(
    a.page
      .getByTestId('session')
      .filter({ hasText: 'Mathematics' })
      .first()
      .getByTestId('session-topic'),
  ).toHaveText('Fractions')
  await expect(a.page.getByTestId('sync-status')).toHaveText('1 change not synced')

  await a.context.setOffline(false)
  await expect(a.page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 20_000 })
  const r = await open(browser, rahul, week('rg-paani', '2026_47'))
  await expect(
    r.page
      .getByTestId('session')
      .filter({ hasText: 'Mathematics' })
      .first()
      .getByTestId('session-topic'),
  ).toHaveText('Fractions')
  await a.context.close()
  await r.context.close()
})

test('when both facilitators change the same lesson offline, the one whose edit lost is told', async ({
  browser,
}) => {
  const path = week('rg-vaaro', '2026_47')
  const a = await open(browser, asha, path)
  const r = await open(browser, rahul, path)
  await a.context.setOffline(true)
  await r.context.setOffline(true)
  for (const [side, topic] of [
    [a, 'Fractions'],
    [r, 'Shapes and patterns'],
  ] as const) {
    await side.page.getByRole('button', { name: 'Edit lessons' }).click()
    await expect(side.page.getByTestId('pending-edits')).toHaveText('No unsaved changes')
    const maths = side.page.getByTestId('session').filter({ hasText: 'Mathematics' }).first()
    await maths.getByRole('combobox', { name: /^Topic for/ }).click()
    await side.page.getByRole('option', { name: topic, exact: true }).click()
    await side.page.getByRole('button', { name: 'Save' }).click()
    await expect(side.page.getByText('Saved on this device')).toBeVisible()
    // The week and its change-log entry wait on this device until the network returns: one
    // edit, counted once.
    await expect(side.page.getByTestId('sync-status')).toHaveText('1 change not synced')
  }
  await r.context.setOffline(false)
  await expect(r.page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 20_000 })
  await a.context.setOffline(false)
  await expect(a.page.getByTestId('sync-status')).toHaveText('1 change needs attention', {
    timeout: 20_000,
  })
  await a.page.getByTestId('sync-status').click()
  await expect(a.page.getByTestId('sync-notice')).toContainText('Vaaro')
  await expect(a.page.getByTestId('sync-notice')).toContainText(
    'your topic “Fractions” was replaced by “Shapes and patterns”',
  )
  await expect(
    a.page
      .getByTestId('session')
      .filter({ hasText: 'Mathematics' })
      .first()
      .getByTestId('session-topic'),
  ).toHaveText('Shapes and patterns')
  await a.context.close()
  await r.context.close()
})

test('holidays and weekends are not school days, and weeks step across the year end', async ({
  browser,
}) => {
  const a = await open(browser, asha, week('rg-jaul', '2026_40'))
  const friday = a.page.getByTestId('day').nth(4)
  await expect(friday).toHaveAttribute('data-date', '2026-10-02')
  await expect(friday.getByTestId('non-school-day')).toHaveText(/Holiday: Gandhi Jayanti/)
  await expect(friday.getByTestId('session')).toHaveCount(0)
  await expect(a.page.getByTestId('day')).toHaveCount(5)

  // A Saturday opens the coming week.
  await a.page.getByLabel('Go to date').fill('2026-12-26')
  await expect(a.page.getByTestId('week-label')).toHaveText('Week 53 · 28 Dec – 1 Jan 2027')
  await expect(a.page.getByTestId('day').nth(4).getByTestId('non-school-day')).toHaveText(
    /Winter break/,
  )
  await a.page.getByRole('button', { name: 'Next week' }).click()
  await expect(a.page.getByTestId('week-label')).toHaveText('Week 1 · 4 Jan – 8 Jan 2027')
  await expect(a.page).toHaveURL(/week=2027_01/)
  await a.page.getByRole('button', { name: 'Previous week' }).click()
  await a.page.getByRole('button', { name: 'Previous week' }).click()
  await expect(a.page.getByTestId('week-label')).toHaveText('Week 52 · 21 Dec – 25 Dec 2026')
  await a.context.close()
})

test('on a phone, Save and the unsaved count stay in view, the lesson tabs are whole, and the page and the header count different things', async ({
  browser,
}, testInfo) => {
  // Two widths, an edit, a sync and screenshots: more than a minute on a busy machine.
  test.setTimeout(150_000)
  const a = await open(browser, asha, week('rg-jaul', '2026_48'))
  await a.page.setViewportSize({ width: 360, height: 740 })
  await a.page.getByRole('button', { name: 'Edit lessons' }).click()
  const bar = a.page.getByTestId('edit-bar')
  await expect(bar.getByTestId('pending-edits')).toHaveText('No unsaved changes')
  await a.context.setOffline(true)
  const maths = a.page.getByTestId('session').filter({ hasText: 'Mathematics' }).first()
  await maths.getByRole('combobox', { name: /^Topic for/ }).click()
  await a.page.getByRole('option', { name: 'Fractions', exact: true }).click()
  await expect(bar.getByTestId('pending-edits')).toHaveText('1 unsaved change')

  // Save and the count are in view at the top and at the bottom of the week.
  const save = bar.getByRole('button', { name: 'Save' })
  for (const y of [0, 100_000]) {
    await a.page.evaluate((top) => window.scrollTo(0, top), y)
    await expect(save).toBeInViewport({ ratio: 1 })
    await expect(bar.getByTestId('pending-edits')).toBeInViewport({ ratio: 1 })
  }

  // The lesson's tabs are each shown whole, inside the dialog, at 360 px.
  await maths.getByRole('button', { name: /^\d\d:\d\d - / }).click()
  const dialog = a.page.getByRole('dialog')
  const box = (await dialog.boundingBox())!
  for (const tab of await dialog.getByRole('tab').all()) {
    const t = (await tab.boundingBox())!
    expect(t.x).toBeGreaterThanOrEqual(box.x)
    expect(t.x + t.width).toBeLessThanOrEqual(box.x + box.width + 0.5)
    expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  }
  await expect(dialog.getByRole('tab', { name: /^Assignments/ })).toBeInViewport({ ratio: 1 })

  // A comment and a resource are kept at once: the header counts them as not synced, while the
  // page's count stays with the one edit waiting for Save.
  await dialog.getByRole('tab', { name: /Comments/ }).click()
  await dialog.getByLabel('Add a comment').fill('Halves and quarters with a chapati')
  await dialog.getByRole('button', { name: 'Add comment' }).click()
  await dialog.getByRole('tab', { name: /Resources/ }).click()
  await dialog.getByLabel('Link').fill('https://example.org/quarters.pdf')
  await dialog.getByLabel('Description').fill('Quarters worksheet')
  await dialog.getByRole('button', { name: 'Add resource' }).click()
  expect(await seriousViolations(a.page)).toEqual([])
  await a.page.keyboard.press('Escape')
  await expect(a.page.getByTestId('sync-status')).toHaveText('2 not synced')
  await expect(bar.getByTestId('pending-edits')).toHaveText('1 unsaved change')
  await expect(bar).toContainText('Comments and resources are kept as you add them')
  expect(await seriousViolations(a.page)).toEqual([])
  await a.page.screenshot({ path: testInfo.outputPath('week-edit-360.png') })

  await save.click()
  await expect(a.page.getByText('Saved on this device')).toBeVisible()
  await a.context.setOffline(false)
  await expect(a.page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 20_000 })
  await a.context.close()
})

test("on a phone a facilitator gives an assignment in a lesson, due at the lesson's next occurrence unless she sets another date", async ({
  browser,
}) => {
  const stamp = Date.now().toString(36)
  const a = await open(browser, asha, week('rg-jaul', '2026_48'))
  await a.page.setViewportSize({ width: 360, height: 740 })
  // Monday 23 Nov: its next occurrence is Monday 30 Nov.
  const monday = a.page.getByTestId('day').nth(0).getByTestId('session').nth(1)
  await monday.getByRole('button', { name: /^\d\d:\d\d - / }).click()
  const dialog = a.page.getByRole('dialog')
  await dialog.getByRole('tab', { name: /^Assignments/ }).click()
  const due = dialog.getByLabel('Due date')
  await expect(due).toHaveValue('2026-11-30')
  await dialog.getByLabel('Title').fill(`Fraction wall ${stamp}`)
  await dialog.getByRole('button', { name: 'Add assignment' }).click()
  await expect(dialog.getByTestId('assignment').filter({ hasText: stamp })).toContainText(
    'due 30 Nov 2026',
  )
  await due.fill('')
  await dialog.getByLabel('Title').fill(`Rain diary ${stamp}`)
  await dialog.getByRole('button', { name: 'Add assignment' }).click()
  await expect(dialog.getByText('Enter the date it is due')).toBeVisible()
  await due.fill('2026-11-27')
  await dialog.getByRole('button', { name: 'Add assignment' }).click()
  await expect(
    dialog.getByTestId('assignment').filter({ hasText: `Rain diary ${stamp}` }),
  ).toContainText('due 27 Nov 2026')
  expect(await seriousViolations(a.page)).toEqual([])
  await a.context.close()
})
