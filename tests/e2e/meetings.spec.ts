import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { signedInPage, untilServiceWorkerControls } from './support/session'

// Parents' meetings (N01–N11, N19): the office sets one up offline; once it reaches the server
// the invitations go out on WhatsApp (played by the Cloud API stand-in on port+2); a guardian
// presses "I can't come" on WhatsApp and the counts change live; the office archives it.
const standIn = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 2}`

interface Taken {
  wamid: string
  to: string
  body: { template?: { name?: string; components?: { parameters?: { text?: string }[] }[] } }
}

async function invitationTo(number: string, title: string): Promise<Taken | undefined> {
  const taken = (await (await fetch(`${standIn}/_standin/messages`)).json()) as Taken[]
  return taken.find(
    (t) =>
      t.to === number &&
      t.body.template?.name === 'meeting_invitation' &&
      JSON.stringify(t.body.template.components).includes(title),
  )
}

test('the office invites a group offline; a WhatsApp button answers it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000)
  const title = `Term review ${Date.now().toString(36)}`
  const { context, page } = await signedInPage(
    browser,
    'administration@demo.school',
    'demo-administration-1',
    '/administration/dash?pane=meetings',
  )
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.getByRole('heading', { level: 1, name: 'Meetings' })).toBeVisible({
    timeout: 30_000,
  })
  await untilServiceWorkerControls(page)

  // Offline: bad input is refused in words; then the meeting is kept on the device.
  await context.setOffline(true)
  await page.getByRole('button', { name: 'New meeting' }).click()
  const dialog = page.getByRole('dialog', { name: 'New parents’ meeting' })
  // The dialog fades in as it slides down; a click while it still moves could land beside the
  // button. Opaque means it is in place.
  await expect(dialog).toHaveCSS('opacity', '1')
  await dialog.getByRole('button', { name: 'Send invitations' }).click()
  await expect(dialog.getByText('Enter a title')).toBeVisible()
  await expect(dialog.getByText('Choose at least one group')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByLabel('Date').fill('2026-12-19')
  await dialog.getByLabel('Start').fill('10:00')
  await dialog.getByLabel('End').fill('11:30')
  await dialog.getByLabel('Jaul').check()
  await dialog.getByRole('button', { name: 'Send invitations' }).click()
  await expect(dialog).toBeHidden()
  const card = page.getByRole('region', { name: title })
  await expect(card).toContainText('Pending')
  await expect(card).toContainText('The invitations go out once this meeting reaches the server.')

  // Online: the server invites Jaul's guardians, each once; the meeting is sent.
  await context.setOffline(false)
  await expect(card.getByTestId('participant')).toHaveCount(5, { timeout: 30_000 })
  await expect(card.getByTestId('attendance')).toHaveText('Accepted 0 · Declined 0 · Pending 5')
  await expect(card).toContainText('Kavita Shetty')
  await expect(card).toContainText('No WhatsApp number or e-mail: call them')
  await expect(card.getByText('Sent', { exact: true })).toBeVisible({ timeout: 60_000 })

  // Maria presses "I can't come" on WhatsApp: the office's counts change by themselves.
  let invitation: Taken | undefined
  await expect
    .poll(async () => (invitation = await invitationTo('919000000001', title)), { timeout: 30_000 })
    .toBeDefined()
  const pressed = await fetch(`${standIn}/_standin/press`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ wamid: invitation!.wamid, button: 1 }),
  })
  expect(pressed.status).toBe(200)
  await expect(card.getByTestId('attendance')).toHaveText('Accepted 0 · Declined 1 · Pending 4', {
    timeout: 30_000,
  })
  await page.setViewportSize({ width: 360, height: 740 })
  await expect(card).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('meetings-360.png'), fullPage: true })

  // The office archives it.
  await page.setViewportSize({ width: 1280, height: 800 })
  await card.getByRole('button', { name: 'Archive' }).click()
  await expect(card.getByText('Archived', { exact: true })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await context.close()
})
