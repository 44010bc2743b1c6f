import { expect, test, type Page } from '@playwright/test'
import { seriousViolations } from './support/axe.ts'
import { adminPage } from './support/session.ts'

// Meta's Cloud API is played by the stand-in the browser tests' backend starts on port+2.
const standIn = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173) + 2}`

async function standInPost(path: string, body: unknown): Promise<void> {
  const res = await fetch(`${standIn}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(200)
}

async function taken(): Promise<{ wamid: string; to: string; type: string }[]> {
  return (await (await fetch(`${standIn}/_standin/messages`)).json()) as {
    wamid: string
    to: string
    type: string
  }[]
}

const bubble = (page: Page, text: string) =>
  page.getByRole('dialog').getByTestId('chat-message').filter({ hasText: text })

test('an admin adds a WhatsApp number, writes to it, sees the delivery and the reply, and answers', async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser)
  await page.getByTestId('side-pane').getByRole('link', { name: 'WhatsApp' }).click()
  await expect(page.getByRole('heading', { name: 'WhatsApp', level: 1 })).toBeVisible()

  // Onboarding: ten digits are an Indian number.
  await page.getByRole('button', { name: 'Add number' }).click()
  await page.getByRole('textbox', { name: 'Name' }).fill('Asha Kamat')
  await page.getByRole('textbox', { name: 'WhatsApp number' }).fill('90000 00055')
  await page.getByRole('dialog').getByRole('button', { name: 'Add number' }).click()
  await expect(page.getByText('WhatsApp number initiated!')).toBeVisible()
  const row = page.getByTestId('whatsapp-row').filter({ hasText: 'Asha Kamat' })
  await expect(row).toContainText('+919000000055')

  // She has never written: the first message goes as the centre's template.
  await row.getByRole('button', { name: 'Chat with Asha Kamat' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByTestId('chat-mode')).toContainText('template')
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Welcome to the centre, Asha!')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByText('message sent')).toBeVisible()
  // Synced, sent through the Cloud API, and reported delivered through the webhook.
  await expect(bubble(page, 'Welcome to the centre').getByTestId('chat-status')).toHaveText(
    'Delivered',
    { timeout: 30_000 },
  )
  const first = (await taken()).find((t) => t.to === '919000000055')!
  expect(first.type).toBe('template')

  // She replies: the reply appears, and the window for free text opens.
  await standInPost('/_standin/reply', {
    from: '919000000055',
    text: 'Thank you, see you Monday',
    name: 'Asha',
  })
  await expect(bubble(page, 'Thank you, see you Monday').getByTestId('chat-status')).toHaveText(
    'Received',
    { timeout: 30_000 },
  )
  await expect(dialog.getByTestId('chat-mode')).toContainText('goes as you write it')
  // The chat is open, so her message is read: Meta gets a read receipt for it (O19).
  await expect(async () => {
    const read = (await (await fetch(`${standIn}/_standin/read`)).json()) as string[]
    expect(read).toHaveLength(1)
  }).toPass({ timeout: 30_000 })

  await dialog.getByRole('textbox', { name: 'Message' }).fill('See you on Monday at 9:30.')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(bubble(page, 'See you on Monday').getByTestId('chat-status')).toHaveText(
    'Delivered',
    {
      timeout: 30_000,
    },
  )
  const second = (await taken()).filter((t) => t.to === '919000000055')
  expect(second.map((t) => t.type)).toEqual(['template', 'text'])
  // She reads it.
  await standInPost('/_standin/status', { wamid: second[1]!.wamid, status: 'read' })
  await expect(bubble(page, 'See you on Monday').getByTestId('chat-status')).toHaveText('Read', {
    timeout: 30_000,
  })

  await page.setViewportSize({ width: 360, height: 740 })
  await page.screenshot({ path: test.info().outputPath('whatsapp-chat-360.png') })
  expect(await seriousViolations(page)).toEqual([])
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: test.info().outputPath('whatsapp-chat-1280.png') })
  expect(await seriousViolations(page)).toEqual([])
  await context.close()
})

test('a chat for a number the centre does not have says so', async ({ browser }) => {
  const { context, page } = await adminPage(browser)
  await page.goto('/admin/dash/whatsapp?chat=919999999999')
  await expect(page.getByTestId('whatsapp-not-found')).toContainText('WhatsApp number not found')
  await context.close()
})

test('a message written offline goes out once the connection is back, and only once', async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser)
  await page.getByTestId('side-pane').getByRole('link', { name: 'WhatsApp' }).click()
  await page.getByRole('button', { name: 'Add number' }).click()
  await page.getByRole('textbox', { name: 'Name' }).fill('Offline Parent')
  await page.getByRole('textbox', { name: 'WhatsApp number' }).fill('90000 00066')
  await page.getByRole('dialog').getByRole('button', { name: 'Add number' }).click()
  await expect(page.getByText('WhatsApp number initiated!')).toBeVisible()
  // Synced before the connection drops.
  await expect(page.getByText('Synced', { exact: true })).toBeVisible({ timeout: 30_000 })

  await context.setOffline(true)
  await page
    .getByTestId('whatsapp-row')
    .filter({ hasText: 'Offline Parent' })
    .getByRole('button', { name: 'Chat with Offline Parent' })
    .click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Message' }).fill('Written without a connection')
  await dialog.getByRole('button', { name: 'Send' }).click()
  await expect(bubble(page, 'Written without a connection').getByTestId('chat-status')).toHaveText(
    'Not synced yet',
  )

  await context.setOffline(false)
  await expect(bubble(page, 'Written without a connection').getByTestId('chat-status')).toHaveText(
    'Delivered',
    { timeout: 60_000 },
  )
  expect((await taken()).filter((t) => t.to === '919000000066')).toHaveLength(1)
  await context.close()
})
