import { expect, test } from '@playwright/test'
import { signedIn } from './support/backend.ts'
import { seriousViolations } from './support/axe.ts'
import { adminPage, signedInPage } from './support/session.ts'

test('an admin reads the scheduled tasks and runs one now, at 360 and 1280 px', async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser)
  const pane = page.getByTestId('side-pane')
  // Scheduled Tasks is third, so WhatsApp is at position 7 (B50).
  await expect(pane.getByRole('link', { name: 'Scheduled Tasks' })).toBeVisible()
  const labels = await pane.getByRole('link').allTextContents()
  expect(labels.indexOf('Scheduled Tasks')).toBe(2)
  expect(labels.indexOf('WhatsApp')).toBe(6)
  await pane.getByRole('link', { name: 'Scheduled Tasks' }).click()
  await expect(page).toHaveURL(/\/admin\/dash\/tasks$/)
  await expect(page.getByRole('heading', { name: 'Scheduled Tasks', level: 1 })).toBeVisible()

  const tasks = page.getByTestId('scheduled-task')
  await expect(tasks).toHaveCount(5)
  const prune = page.getByRole('region', { name: 'Prune what is past its keeping time' })
  await expect(prune).toContainText('Schedule: Daily at 03:30')
  await expect(prune).toContainText('Next run:')
  await prune.getByRole('button', { name: /Run now/ }).click()
  await expect(
    page.getByText(/^Prune what is past its keeping time: Deleted \d+ dismissed/),
  ).toBeVisible()
  await expect(prune.getByTestId('task-result')).toHaveText('Succeeded')
  await expect(prune.getByTestId('task-last-run')).toContainText('run by')
  await expect(prune.getByTestId('task-message')).toContainText('job history rows')

  // From the keyboard.
  const windows = page.getByRole('region', { name: 'WhatsApp 24-hour windows' })
  await expect(windows).toContainText('Schedule: Every 15 minutes')
  await windows.getByRole('button', { name: /Run now/ }).focus()
  await page.keyboard.press('Enter')
  await expect(windows.getByTestId('task-result')).toHaveText('Succeeded')
  await expect(windows.getByTestId('task-message')).toContainText('lost')

  // The backup keeps its backups for the days the admin sets.
  const backup = page.getByRole('region', { name: 'Database backup' })
  await expect(backup).toContainText('Schedule: Daily at 02:00')
  await backup.getByLabel('Keep backups for (days)').fill('30')
  await backup.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Backups are kept for 30 days.')).toBeVisible()
  await expect(backup.getByRole('button', { name: 'Save' })).toBeDisabled()

  // The admin's counts include the tasks (F17).
  await pane.getByRole('link', { name: 'Members' }).click()
  await expect(page.getByText('Scheduled tasks', { exact: true })).toBeVisible()
  await pane.getByRole('link', { name: 'Scheduled Tasks' }).click()
  await expect(tasks).toHaveCount(5)

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.screenshot({ path: test.info().outputPath(`scheduled-tasks-${width}.png`) })
    await backup.screenshot({ path: test.info().outputPath(`database-backup-${width}.png`) })
    expect(await seriousViolations(page)).toEqual([])
  }
  await context.close()
})

test('nobody but an admin reads or runs the scheduled tasks', async ({ browser }) => {
  const { context, page } = await signedInPage(
    browser,
    'administration@demo.school',
    'demo-administration-1',
    '/admin/dash/tasks',
  )
  await expect(page).toHaveURL(/\/administration\/dash/)
  const office = await signedIn('administration@demo.school', 'demo-administration-1')
  const run = await office.rpc('admin_run_scheduled_task', { task: 'prune' })
  expect(run.error?.code).toBe('42501')
  const read = await office.rpc('admin_scheduled_tasks')
  expect(read.error?.code).toBe('42501')
  await context.close()
})
