import { expect, test } from '@playwright/test'
import { centreDateOf } from '../../src/lib/time/calendar-date'
import { schoolDaysOf, stepWeek, weekKeyOf } from '../../src/lib/time/week'
import { addDays } from '../../src/lib/time/calendar-date'
import { seriousViolations } from './support/axe'
import { signedIn } from './support/backend'
import { signedInPage, untilServiceWorkerControls } from './support/session'

// Parents and students (issue 13): the family's home from the device, online and offline.

test("a parent's home shows the children, their groups' week, holidays and expiring documents, and opens offline", async ({
  browser,
}, testInfo) => {
  const { context, page } = await signedInPage(
    browser,
    'guardian@demo.school',
    'demo-guardian-1',
    '/parents/dash',
  )
  await page.setViewportSize({ width: 360, height: 740 })
  const home = page.getByTestId('parents-home')
  await expect(home.getByRole('heading', { level: 1 })).toHaveText('Fernandes family', {
    timeout: 20_000,
  })
  // The children (their names may also stand among the absences other screens recorded).
  const children = home.getByRole('region', { name: 'Children' })
  await expect(children.getByText('Tiago Fernandes', { exact: true })).toBeVisible()
  await expect(children.getByText('Inês Fernandes', { exact: true })).toBeVisible()
  await home.getByRole('tab', { name: /^Friday/ }).click()
  await expect(home.getByRole('region', { name: 'Tanni on Friday' })).toBeVisible()
  await home.getByRole('tab', { name: /^Monday/ }).click()
  await expect(home.getByRole('region', { name: 'Jaul on Monday' })).toContainText('09:30 - 10:15')
  await expect(home.getByText('João Fernandes: Passport')).toBeVisible()
  await expect(home.getByTestId('last-sync')).toContainText('Last synced today')
  await expect(page.getByTestId('dashboard-welcome')).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('parents-home-360.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(home.getByRole('region', { name: 'Tanni on Monday' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('parents-home-1280.png'), fullPage: true })
  // Another family's children never reach this device.
  await expect(home.getByText('Ira Naik')).toHaveCount(0)

  // Offline, a reload opens the home from the device.
  await untilServiceWorkerControls(page)
  await context.setOffline(true)
  await page.reload()
  await expect(home.getByRole('heading', { level: 1 })).toHaveText('Fernandes family', {
    timeout: 20_000,
  })
  await home.getByRole('tab', { name: /^Monday/ }).click()
  await expect(home.getByRole('region', { name: 'Jaul on Monday' })).toContainText('09:30 - 10:15')
  await expect(home.getByText('João Fernandes: Passport')).toBeVisible()
  await context.close()
})

test("a student sees their group's week and its resources, and nothing of their siblings'", async ({
  browser,
}, testInfo) => {
  // A facilitator adds a resource to Jaul's week, and a comment only facilitators read.
  const stamp = Date.now().toString(36)
  const facilitator = await signedIn('facilitator@demo.school', 'demo-facilitator-1')
  const item = (id: string, kind: string, data: Record<string, unknown>) => ({
    newDocumentState: {
      id,
      kind,
      lesson_id: kind === 'comment' ? 'rg-jaul_mo_1' : null,
      group_id: 'rg-jaul',
      week_key: weekKeyOf(centreDateOf(new Date())),
      facilitator_id: 'f0000000-0000-4000-a000-000000000001',
      data,
      created_at: new Date().toISOString(),
    },
    assumedMasterState: null,
  })
  const pushed = await facilitator.rpc('sync_push', {
    collection: 'lesson_items',
    rows: [
      item(`li-e2e-r-${stamp}`, 'resource', {
        type: 'link',
        link: 'https://example.com/fractions',
        description: `Fractions video ${stamp}`,
      }),
      item(`li-e2e-c-${stamp}`, 'comment', { text: `Only for facilitators ${stamp}` }),
    ],
  })
  expect(pushed.error).toBeNull()
  expect(pushed.data).toEqual({ conflicts: [], refused: [] })
  const { context, page } = await signedInPage(
    browser,
    'student@demo.school',
    'demo-student-1',
    '/students/dash',
  )
  await page.setViewportSize({ width: 360, height: 740 })
  const home = page.getByTestId('student-home')
  await expect(home.getByRole('tab', { name: /^Monday/ })).toBeVisible({ timeout: 20_000 })
  await home.getByRole('tab', { name: /^Monday/ }).click()
  await expect(home.getByRole('region', { name: 'Jaul on Monday' })).toBeVisible()
  await expect(home.getByRole('region', { name: 'Tanni on Monday' })).toHaveCount(0)
  await expect(home.getByText('Next holidays')).toBeVisible()
  const resource = home.getByRole('link', { name: `Fractions video ${stamp}` })
  await expect(resource).toHaveAttribute('href', 'https://example.com/fractions')
  await expect(home.getByText(`Only for facilitators ${stamp}`)).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('student-home-360.png'), fullPage: true })
  await untilServiceWorkerControls(page)
  await context.setOffline(true)
  await page.reload()
  await expect(home.getByRole('tab', { name: /^Monday/ })).toBeVisible({ timeout: 20_000 })
  await home.getByRole('tab', { name: /^Monday/ }).click()
  await expect(home.getByRole('region', { name: 'Jaul on Monday' })).toBeVisible()
  await context.close()
})

/** Lesson items a facilitator writes through sync, as the app does. */
async function facilitatorAdds(
  rows: { id: string; kind: string; lesson: string | null; weekKey: string; data: object }[],
) {
  const facilitator = await signedIn('facilitator@demo.school', 'demo-facilitator-1')
  const pushed = await facilitator.rpc('sync_push', {
    collection: 'lesson_items',
    rows: rows.map((row) => ({
      newDocumentState: {
        id: row.id,
        kind: row.kind,
        lesson_id: row.lesson ? `${row.weekKey}:${row.lesson}` : null,
        group_id: 'rg-jaul',
        week_key: row.weekKey,
        facilitator_id: 'f0000000-0000-4000-a000-000000000001',
        data: row.data,
        created_at: new Date().toISOString(),
      },
      assumedMasterState: null,
    })),
  })
  expect(pushed.error).toBeNull()
  expect(pushed.data).toEqual({ conflicts: [], refused: [] })
}

const top = async (locator: import('@playwright/test').Locator) => (await locator.boundingBox())!.y

test("on a phone a parent's Home puts what needs her first, shows one day at a time with its topics, opens a lesson's work, and steps between weeks", async ({
  browser,
}, testInfo) => {
  const stamp = Date.now().toString(36)
  const today = centreDateOf(new Date())
  const thisWeek = weekKeyOf(today)
  await facilitatorAdds([
    {
      id: `li-e2e-home-a-${stamp}`,
      kind: 'assignment',
      lesson: 'rg-jaul_mo_2',
      weekKey: thisWeek,
      data: { title: `Fraction wall ${stamp}`, description: 'Cut a paper strip into eighths' },
    },
    {
      id: `li-e2e-home-r-${stamp}`,
      kind: 'resource',
      lesson: 'rg-jaul_mo_2',
      weekKey: thisWeek,
      data: { type: 'link', link: 'https://example.org/eighths', description: `Eighths ${stamp}` },
    },
  ])
  const { context, page } = await signedInPage(
    browser,
    'guardian@demo.school',
    'demo-guardian-1',
    '/parents/dash',
  )
  await page.setViewportSize({ width: 360, height: 740 })
  const home = page.getByTestId('parents-home')
  const week = home.getByRole('region', { name: /^This week/ })
  await expect(week).toBeVisible({ timeout: 20_000 })
  // What asks something of the parent comes before the week.
  const documents = home.getByRole('region', { name: 'Documents that expire soon' })
  const holidays = home.getByRole('region', { name: 'Next holidays' })
  expect(await top(documents)).toBeLessThan(await top(week))
  expect(await top(holidays)).toBeLessThan(await top(week))
  await expect(documents).toBeInViewport()

  // One day at a time, today's first (Monday's at a weekend).
  const days = schoolDaysOf(thisWeek)
  const first = days.find((d) => d.date === today) ?? days[0]!
  const name = first.name
  await expect(week.getByRole('tab', { name: new RegExp(`^${name}`) })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(week.getByRole('tabpanel')).toHaveCount(1)
  await week.getByRole('tab', { name: /^Monday/ }).click()
  const jaul = week.getByRole('region', { name: 'Jaul on Monday' })
  const lesson = jaul.getByTestId('home-lesson').filter({ hasText: '2 items' })
  await expect(lesson).toHaveCount(1)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('parents-home-day-360.png'), fullPage: true })
  await lesson.click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(`Fraction wall ${stamp}`)
  await expect(dialog).toContainText('Cut a paper strip into eighths')
  await expect(dialog.getByRole('link', { name: `Eighths ${stamp}` })).toHaveAttribute(
    'href',
    'https://example.org/eighths',
  )
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)

  // Last week and next week are a button away.
  await home.getByRole('button', { name: 'Previous week' }).click()
  await expect(home.getByRole('region', { name: /^Last week/ })).toBeVisible()
  const lastMonday = addDays(days[0]!.date, -7)
  await expect(home.getByRole('tab', { name: /^Monday/ })).toHaveAccessibleName(
    new RegExp(`^Monday ${Number(lastMonday.slice(8))} `),
  )
  await home.getByRole('button', { name: 'Next week' }).click()
  await home.getByRole('button', { name: 'Next week' }).click()
  await expect(home.getByRole('region', { name: /^Next week/ })).toBeVisible()
  await home.getByRole('button', { name: 'This week' }).click()
  await expect(home.getByRole('region', { name: /^This week/ })).toBeVisible()

  // The expiring documents lead to the Documents step of the family's profile.
  await documents.getByRole('link', { name: 'Upload a new document' }).click()
  await expect(page).toHaveURL(/pane=profile/)
  await expect(page.getByTestId('wizard-step')).toHaveText('Documents')
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/parents/dash')
  await expect(home.getByRole('region', { name: /^This week/ })).toBeVisible({ timeout: 20_000 })
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('parents-home-day-1280.png'), fullPage: true })
  await context.close()
})

test('on a phone a student sees first what is due this week, each with its lesson, day and due date, and can look at last week', async ({
  browser,
}, testInfo) => {
  const stamp = Date.now().toString(36)
  const thisWeek = weekKeyOf(centreDateOf(new Date()))
  const lastWeek = stepWeek(thisWeek, -1)
  const friday = schoolDaysOf(thisWeek)[4]!.date
  await facilitatorAdds([
    // Given in last Monday's lesson with no date: due at the lesson's next occurrence, this Monday.
    {
      id: `li-e2e-due-1-${stamp}`,
      kind: 'assignment',
      lesson: 'rg-jaul_mo_2',
      weekKey: lastWeek,
      data: { title: `Fraction wall ${stamp}` },
    },
    {
      id: `li-e2e-due-2-${stamp}`,
      kind: 'assignment',
      lesson: 'rg-jaul_tu_3',
      weekKey: thisWeek,
      data: { title: `Rain diary ${stamp}`, dueDate: friday },
    },
    // Due next week: not listed.
    {
      id: `li-e2e-due-3-${stamp}`,
      kind: 'assignment',
      lesson: 'rg-jaul_we_2',
      weekKey: thisWeek,
      data: { title: `Poem ${stamp}` },
    },
  ])
  const { context, page } = await signedInPage(
    browser,
    'student@demo.school',
    'demo-student-1',
    '/students/dash',
  )
  await page.setViewportSize({ width: 360, height: 740 })
  const home = page.getByTestId('student-home')
  const due = home.getByRole('region', { name: 'Due this week' })
  await expect(due).toBeVisible({ timeout: 20_000 })
  expect(await top(due)).toBeLessThan(await top(home.getByRole('region', { name: /^This week/ })))
  const mine = due.getByTestId('due-assignment').filter({ hasText: stamp })
  await expect(mine).toHaveCount(2)
  await expect(mine.nth(0)).toContainText(`Fraction wall ${stamp}`)
  await expect(mine.nth(0)).toContainText(
    `lesson of Monday ${Number(schoolDaysOf(lastWeek)[0]!.date.slice(8))}`,
  )
  await expect(mine.nth(0)).toContainText(`Due ${Number(schoolDaysOf(thisWeek)[0]!.date.slice(8))}`)
  await expect(mine.nth(1)).toContainText(`Rain diary ${stamp}`)
  await expect(mine.nth(1)).toContainText('lesson of Tuesday')
  await expect(mine.nth(1)).toContainText(`Due ${Number(friday.slice(8))}`)
  await expect(due).not.toContainText(`Poem ${stamp}`)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('student-due-360.png'), fullPage: true })

  await home.getByRole('button', { name: 'Previous week' }).click()
  await home.getByRole('tab', { name: /^Monday/ }).click()
  await home
    .getByRole('region', { name: 'Jaul on Monday' })
    .getByTestId('home-lesson')
    .filter({ hasText: '1 item' })
    .click()
  await expect(page.getByRole('dialog')).toContainText(`Fraction wall ${stamp}`)
  await context.close()
})
