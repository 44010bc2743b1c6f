import { expect, test, type Page } from '@playwright/test'
import { signedInPage, untilServiceWorkerControls } from './support/session.ts'
import { seriousViolations } from './support/axe.ts'

// Absences (L10): the facilitator's register from the week (offline), a lesson marked on its
// own, the Absences pane (missed lessons with what was covered, attendance), and a family's
// report ahead that reaches the facilitators.

const asha = { email: 'facilitator@demo.school', password: 'demo-facilitator-1' }
const maria = { email: 'guardian@demo.school', password: 'demo-guardian-1' }

/** The centre's date (Asia/Kolkata), `days` from today. */
function centreDay(days = 0): Date {
  const now = new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000)
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
}
const iso = (d: Date) => d.toISOString().slice(0, 10)
/** The ISO week key (YYYY_WW) of a date. */
function weekKey(d: Date): string {
  const thursday = new Date(d.getTime() + (3 - ((d.getUTCDay() + 6) % 7)) * 86_400_000)
  const year = thursday.getUTCFullYear()
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1
  return `${year}_${String(week).padStart(2, '0')}`
}
/** Monday of the week before this one: its days have been held. */
function lastMonday(): Date {
  const today = centreDay()
  return new Date(today.getTime() - (((today.getUTCDay() + 6) % 7) + 7) * 86_400_000)
}
/** The next school day from tomorrow on. */
function nextSchoolDay(): Date {
  for (let i = 1; ; i++) {
    const d = centreDay(i)
    if (d.getUTCDay() >= 1 && d.getUTCDay() <= 5) return d
  }
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** A day as the app writes it ('Mon 23 Nov 2026'). */
const dayText = (d: Date) =>
  `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`

async function axeClean(page: Page) {
  expect(await seriousViolations(page)).toEqual([])
}

test('a facilitator marks children away for a day offline and for one lesson, and reads what they missed', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  const monday = lastMonday()
  const dayLabel = `Mo ${monday.getUTCDate()}`
  const { context, page } = await signedInPage(
    browser,
    asha.email,
    asha.password,
    `/facilitators/dash/groupDays?group=rg-jaul&week=${weekKey(monday)}`,
  )
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 30_000 })
  await untilServiceWorkerControls(page)

  const register = page.getByRole('region', { name: 'Who is away' })
  await register.getByText(dayLabel).click()
  await context.setOffline(true)
  // One tap per child, kept on the phone while offline and counted as not synced.
  await register.getByText('Ira Naik').click()
  await expect(page.getByText('Saved on this device').first()).toBeVisible()
  await expect(register.getByRole('checkbox', { name: 'Ira Naik' })).toBeChecked()
  await expect(page.getByTestId('sync-status')).toHaveText(/^1 (change )?not synced$/)
  await register.getByText('Kabir Shetty').click()
  await register.getByText('Kabir Shetty').click()
  await expect(register.getByRole('checkbox', { name: 'Kabir Shetty' })).not.toBeChecked()
  await axeClean(page)
  await page.screenshot({ path: testInfo.outputPath('register-360.png'), fullPage: true })
  await context.setOffline(false)
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 30_000 })

  // One lesson: the first of that Monday, from its Students tab; Ira shows away all day.
  await page.setViewportSize({ width: 1280, height: 800 })
  const firstLesson = page.getByTestId('day').nth(0).getByTestId('session').first()
  await firstLesson.getByRole('button', { name: /^\d\d:\d\d - / }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('tab', { name: 'Students' }).click()
  await expect(dialog.getByRole('checkbox', { name: 'Ira Naik (away all day)' })).toBeDisabled()
  await dialog.getByText('Tiago Fernandes').click()
  await expect(dialog.getByRole('checkbox', { name: 'Tiago Fernandes' })).toBeChecked()
  await axeClean(page)
  await page.keyboard.press('Escape')
  await expect(
    register.getByRole('checkbox', { name: 'Tiago Fernandes (away 1 lesson)' }),
  ).not.toBeChecked()
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 30_000 })

  // The Absences pane: Ira's missed lessons are every lesson of that Monday, with the topic.
  await page.goto('/facilitators/dash?pane=absences')
  await expect(page.getByRole('heading', { level: 1, name: 'Absences' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Student' }).fill('Ira')
  await page.getByRole('option', { name: 'Ira Naik (Jaul)' }).click()
  const missed = page.getByTestId('missed-lesson')
  await expect(missed.first()).toContainText('Topic:')
  const lessons = await page.getByTestId('missed-lesson').count()
  expect(lessons).toBeGreaterThan(1)
  for (let i = 0; i < lessons; i++) await expect(missed.nth(i)).toContainText(dayText(monday))
  await page.getByRole('combobox', { name: 'Student' }).fill('Tiago')
  await page.getByRole('option', { name: 'Tiago Fernandes (Jaul)' }).click()
  await expect(missed).toHaveCount(1)

  // Attendance of Jaul this term: Ira missed a day, Tiago one lesson.
  await page.getByRole('combobox', { name: 'Group' }).click()
  await page.getByRole('option', { name: 'Jaul' }).click()
  const attendance = page.getByTestId('attendance')
  await expect(attendance.getByRole('row', { name: /^Ira Naik 1 0 / })).toBeVisible()
  await expect(attendance.getByRole('row', { name: /^Tiago Fernandes 0 1 100%/ })).toBeVisible()
  await axeClean(page)
  await page.screenshot({ path: testInfo.outputPath('absences-1280.png'), fullPage: true })
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(attendance).toBeVisible()
  await axeClean(page)
  await page.screenshot({ path: testInfo.outputPath('absences-360.png'), fullPage: true })
  await context.close()
})

test("a guardian reports a child away ahead, sees only their own children's absences, and the facilitators read it", async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  const day = nextSchoolDay()
  const reason = `Dentist at ${Date.now().toString(36)}`
  const { context, page } = await signedInPage(
    browser,
    maria.email,
    maria.password,
    '/parents/dash',
  )
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 30_000 })
  const section = page.getByRole('region', { name: 'Absences' })
  await section.getByRole('button', { name: 'Report an absence' }).click()
  const dialog = page.getByRole('dialog', { name: 'Report an absence' })
  await dialog.getByLabel('Child').selectOption({ label: 'Tiago Fernandes' })
  // A weekend is refused with a clear message, and nothing is stored.
  const saturday = new Date(day.getTime() + ((6 - day.getUTCDay() + 7) % 7) * 86_400_000)
  await dialog.getByLabel('Day away').fill(iso(saturday))
  await dialog.getByRole('button', { name: 'Report absence' }).click()
  await expect(dialog.getByText('Choose a school day (Monday to Friday)')).toBeVisible()
  await dialog.getByLabel('Day away').fill(iso(day))
  await dialog.getByLabel('Reason (optional)').fill(reason)
  await axeClean(page)
  await dialog.getByRole('button', { name: 'Report absence' }).click()
  await expect(dialog).toHaveCount(0)
  const coming = page.getByTestId('coming-absences')
  await expect(coming).toContainText(`Tiago Fernandes will be away on`)
  await expect(coming).toContainText(reason)
  // Another family's child (Ira Naik) never reaches this phone.
  await expect(section).not.toContainText('Ira Naik')
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 30_000 })
  await axeClean(page)
  await page.screenshot({ path: testInfo.outputPath('parents-absences-360.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await axeClean(page)

  const f = await signedInPage(
    browser,
    asha.email,
    asha.password,
    '/facilitators/dash?pane=absences',
  )
  await f.page.setViewportSize({ width: 360, height: 740 })
  const report = f.page.getByTestId('family-report').filter({ hasText: reason })
  await expect(report).toContainText('Tiago Fernandes', { timeout: 30_000 })
  await expect(report).toContainText('Jaul')
  await axeClean(f.page)

  // The family withdraws it; it leaves the facilitators' pane.
  await coming.getByRole('button', { name: /^Withdraw Tiago Fernandes's absence/ }).click()
  await expect(section).not.toContainText(reason)
  await expect(report).toHaveCount(0, { timeout: 30_000 })
  await f.context.close()
  await context.close()
})
