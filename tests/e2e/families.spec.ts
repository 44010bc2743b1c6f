import { expect, test } from '@playwright/test'
import { centreDateOf } from '../../src/lib/time/calendar-date'
import { weekKeyOf } from '../../src/lib/time/week'
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
  await expect(home.getByText('Tiago Fernandes', { exact: true })).toBeVisible()
  await expect(home.getByText('Inês Fernandes', { exact: true })).toBeVisible()
  await expect(home.getByRole('region', { name: 'Jaul this week' })).toContainText('Monday')
  await expect(home.getByRole('region', { name: 'Tanni this week' })).toContainText('Friday')
  await expect(home.getByRole('region', { name: 'Jaul this week' })).toContainText('09:30 - 10:15')
  await expect(home.getByText('João Fernandes: Passport')).toBeVisible()
  await expect(home.getByTestId('last-sync')).toContainText('Last synced today')
  await expect(page.getByTestId('dashboard-welcome')).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('parents-home-360.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(home.getByRole('region', { name: 'Tanni this week' })).toBeVisible()
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
  await expect(home.getByRole('region', { name: 'Jaul this week' })).toContainText('Monday')
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
  await expect(home.getByRole('region', { name: 'Jaul this week' })).toContainText('Monday', {
    timeout: 20_000,
  })
  await expect(home.getByRole('region', { name: 'Tanni this week' })).toHaveCount(0)
  await expect(home.getByText('Next holidays')).toBeVisible()
  const resource = home.getByRole('link', { name: `Fractions video ${stamp}` })
  await expect(resource).toHaveAttribute('href', 'https://example.com/fractions')
  await expect(home.getByText(`Only for facilitators ${stamp}`)).toHaveCount(0)
  await page.screenshot({ path: testInfo.outputPath('student-home-360.png'), fullPage: true })
  await untilServiceWorkerControls(page)
  await context.setOffline(true)
  await page.reload()
  await expect(home.getByRole('region', { name: 'Jaul this week' })).toContainText('Monday', {
    timeout: 20_000,
  })
  await context.close()
})
