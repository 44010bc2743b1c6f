import { randomInt } from 'node:crypto'
import { deflateSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import { makeKeys } from '../../supabase/local/keys.ts'
import { seriousViolations } from './support/axe'
import { signedIn } from './support/backend'
import { signedInPage } from './support/session'

// The office keeps files with an inquiry (H12, I35–I40): a scan of a report card uploads with a
// progress bar under the family's name, its thumbnail is made on the device and stored beside
// it, a file that is not what it claims is refused, and deleting the image removes both.
const base = () => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173)}`
const stamp = Date.now().toString(36)
const familyName = `Pereira${stamp}`

async function apply(id: string) {
  const keys = await makeKeys(process.env.JWT_SECRET || undefined)
  const res = await fetch(`${base()}/functions/v1/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: keys.anonKey },
    body: JSON.stringify({
      kind: 'student',
      application: {
        id,
        maritalStatus: 'Married',
        children: [
          {
            firstName: 'Noah',
            lastName: familyName,
            dob: '2009-05-05',
            gender: 'Male',
            nationality: 'Indian',
          },
        ],
        guardians: [
          {
            firstName: 'Clara',
            lastName: familyName,
            dob: '1980-02-02',
            gender: 'Female',
            nationality: 'Indian',
            mobile: '9822066666',
            email: `clara.${stamp}@example.com`,
          },
        ],
      },
    }),
  })
  expect(res.status).toBe(200)
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid RGB PNG of random pixels. */
function noisePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = Buffer.alloc((width * 3 + 1) * height)
  for (let i = 0; i < rows.length; i++) rows[i] = i % (width * 3 + 1) === 0 ? 0 : randomInt(256)
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

async function stored(folder: string): Promise<string[]> {
  const office = await signedIn('admission@demo.school', 'demo-admission-1')
  const { data, error } = await office.storage.from('documents').list(folder)
  if (error) throw error
  return data.filter((entry) => entry.id !== null).map((entry) => entry.name)
}

test('the office uploads a file to an inquiry with a progress bar, under the family name, and deletes it with its thumbnail', async ({
  browser,
}, testInfo) => {
  const id = `app-files-${stamp}`
  await apply(id)
  const { context, page } = await signedInPage(
    browser,
    'admission@demo.school',
    'demo-admission-1',
    '/administration/dash',
  )
  await page.setViewportSize({ width: 360, height: 780 })
  await page.getByRole('tab', { name: /^Initial Inquiry/ }).click()
  await page
    .getByRole('button', { name: `Open the ${familyName} inquiry` })
    .click({ timeout: 20_000 })
  const files = page.getByTestId('inquiry-files')
  await expect(files).toContainText('No files yet.')

  // A program renamed to .pdf is refused, and nothing is stored.
  const input = page.getByTestId('inquiry-file-input')
  await input.setInputFiles({
    name: 'report.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('MZ\x90\x00 not a pdf'),
  })
  await expect(files.getByRole('alert')).toContainText('report.pdf is not the PDF it claims to be.')
  await expect(files).toContainText('No files yet.')

  // A real image: a 400×300 photograph-like PNG (noise does not compress).
  const image = noisePng(400, 300)
  // A slow upload, so the progress bar shows.
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 200,
    downloadThroughput: -1,
    uploadThroughput: 64 * 1024,
  })
  expect(image.length).toBeGreaterThan(100_000)
  await input.setInputFiles({ name: 'Report Card.png', mimeType: 'image/png', buffer: image })
  await expect(page.getByRole('progressbar', { name: 'Uploading Report Card.png' })).toBeVisible()
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await expect(page.getByText('Success! File uploaded')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('progressbar')).toHaveCount(0)
  const list = files.getByRole('list', { name: 'Files of the inquiry' })
  await expect(list).toContainText('Report Card.png')
  await expect(list).toContainText('Meera Kamat')
  // The thumbnail shows, 200×200.
  const thumbnail = list.locator('img')
  await expect(thumbnail).toHaveCount(1)
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200)

  // Under the family's name, with the thumbnail beside it (I36, I37).
  const folder = `inquiries/${familyName}/${id}`
  await expect.poll(() => stored(folder)).toEqual([expect.stringMatching(/^report-card-\w+\.png$/)])
  const [name] = await stored(folder)
  expect(await stored(`${folder}/thumbnails`)).toEqual([name!.replace(/\.png$/, '_200x200.webp')])
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('inquiry-files-360.png'), fullPage: true })

  // Delete, after a confirm: the file and its thumbnail leave storage (I39).
  await files.getByRole('button', { name: 'Delete Report Card.png' }).click()
  await page
    .getByRole('dialog', { name: 'Delete this file?' })
    .getByRole('button', { name: 'Delete' })
    .click()
  await expect(page.getByText('File removed')).toBeVisible()
  await expect(files).toContainText('No files yet.')
  expect(await stored(folder)).toEqual([])
  expect(await stored(`${folder}/thumbnails`)).toEqual([])
  await context.close()
})
