import { expect, test } from '@playwright/test'
import { adminPage } from './support/session.ts'

// A PNG as the storage checks it: the signature and the start of the header, then pixels.
const png = (size: number) =>
  Buffer.concat([
    Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'),
    Buffer.alloc(size, 7),
  ])

test('an admin uploads an image with a progress bar, sees it listed and deletes it', async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser)
  await page.getByTestId('side-pane').getByRole('link', { name: 'Files' }).click()
  await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible()
  await expect(page.getByText(/^\d+ files?$/)).toBeVisible()

  // Bad input: not an image, and too big. Nothing is uploaded.
  const input = page.getByTestId('file-input')
  await input.setInputFiles({
    name: 'fees.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7'),
  })
  await expect(page.getByRole('alert')).toHaveText(
    'fees.pdf is not an image the app can show (PNG, JPEG, GIF or WebP).',
  )
  await input.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: png(6 * 1024 * 1024),
  })
  await expect(page.getByRole('alert')).toHaveText(
    'huge.png is 6.00 MB; files can be at most 5.00 MB.',
  )
  await expect(page.getByTestId('file-card')).toHaveCount(0)

  // A slow uplink, so the progress shows while the file goes up.
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  })
  await input.setInputFiles({
    name: 'Annual Day.png',
    mimeType: 'image/png',
    buffer: png(1024 * 1024),
  })
  await expect(page.getByTestId('upload-progress')).toContainText(/Uploading Annual Day\.png… \d+%/)
  await expect(page.getByText('Annual Day.png uploaded')).toBeVisible({ timeout: 30_000 })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  const card = page.getByTestId('file-card').filter({ hasText: /^annual-day-/ })
  await expect(card).toContainText('1.00 MB')
  const url = await card.getByRole('link').getAttribute('href')
  expect((await page.request.get(url!)).status()).toBe(200)

  await card.getByRole('button', { name: /^Delete annual-day-/ }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete file' })
  await expect(confirm).toContainText('Pages that show it will show nothing in its place.')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('File deleted')).toBeVisible()
  await expect(page.getByTestId('file-card')).toHaveCount(0)
  expect((await page.request.get(url!)).status()).not.toBe(200)
  await context.close()
})
