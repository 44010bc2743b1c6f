import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { signedIn } from './support/backend'
import { signedInPage, untilServiceWorkerControls } from './support/session'

// A parent's next meeting on Home (N11, N19): the office's meeting reaches the guardian's phone
// with their own invitation; the guardian answers there, offline, and the office sees the answer
// once the phone is back online.

/** Tomorrow in the centre's time (Asia/Kolkata), so this is the family's next meeting. */
function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'Asia/Kolkata',
  })
}

test('a guardian sees the next meeting on Home and answers it offline', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  const title = `Home review ${Date.now().toString(36)}`
  const office = await signedIn('administration@demo.school', 'demo-administration-1')
  const { error } = await office.rpc('sync_push', {
    collection: 'gatherings',
    rows: [
      {
        newDocumentState: {
          id: `mt-e2e-${Date.now().toString(36)}`,
          kind: 'meeting',
          meeting_id: null,
          group_ids: ['rg-jaul'],
          status: 'pending',
          data: { title, date: tomorrow(), startTime: '07:00', endTime: '07:30' },
          _deleted: false,
        },
        assumedMasterState: null,
      },
    ],
  })
  expect(error).toBeNull()

  const { context, page } = await signedInPage(
    browser,
    'guardian@demo.school',
    'demo-guardian-1',
    '/parents/dash',
  )
  await page.setViewportSize({ width: 360, height: 740 })
  const card = page.getByRole('region', { name: `Parents’ meeting: ${title}` })
  await expect(card).toBeVisible({ timeout: 60_000 })
  await expect(card.getByTestId('my-answer')).toHaveText('Your answer: not given yet')
  await untilServiceWorkerControls(page)
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('home-meeting-360.png'), fullPage: true })

  // Offline, the answer is kept on the phone and shown at once.
  await context.setOffline(true)
  await card.getByRole('button', { name: 'I can’t come' }).click()
  await expect(card.getByTestId('my-answer')).toHaveText('Your answer: Not coming')
  await expect(card.getByRole('button', { name: 'I can’t come' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await card.getByRole('button', { name: 'I’ll come' }).click()
  await expect(card.getByTestId('my-answer')).toHaveText('Your answer: Coming')
  await page.setViewportSize({ width: 1280, height: 800 })
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('home-meeting-1280.png'), fullPage: true })
  await context.setOffline(false)

  // The office's device receives Maria's answer once the phone has synced.
  const desk = await signedInPage(
    browser,
    'administration@demo.school',
    'demo-administration-1',
    '/administration/dash?pane=meetings',
  )
  const officeCard = desk.page.getByRole('region', { name: title })
  await expect(
    officeCard.getByTestId('participant').filter({ hasText: 'Maria Fernandes' }),
  ).toContainText('(Coming)', { timeout: 60_000 })
  await desk.context.close()
  await context.close()
})
