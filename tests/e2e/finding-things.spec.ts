import { readFile } from 'node:fs/promises'
import { expect, test, type Page } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { adminPage, signedInPage } from './support/session'

// Finding things (issue 40; H02, F15, J13): the office searches Pre-Admission on the device's copy (offline
// too), the admin searches Members, the Families pane tells two families of one name apart by
// their guardians, and Accounting says who paid what and exports a year as a CSV file.

const WIDTHS = [360, 1280] as const

const office = (browser: Parameters<typeof signedInPage>[0], path: string) =>
  signedInPage(browser, 'administration@demo.school', 'demo-administration-1', path)

const cards = (page: Page) => page.getByTestId('inquiry-card')

for (const width of WIDTHS) {
  test(`Pre-Admission finds an inquiry by guardian, e-mail or phone, offline too, at ${width} px`, async ({
    browser,
  }) => {
    const { context, page } = await office(browser, '/administration/dash')
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 })
    const search = page.getByRole('searchbox', { name: 'Search' })
    await expect(search).toBeVisible()
    await page.getByRole('tab', { name: /^All \(\d+\)$/ }).click()
    await expect(cards(page).first()).toBeVisible()
    await context.setOffline(true)
    // Keyboard only: type into the search, the list follows.
    await search.focus()
    await page.keyboard.type('jonas.keller@')
    await expect(cards(page)).toHaveCount(1)
    await expect(cards(page)).toContainText('Keller')
    await search.fill('+49 151 1234 5678')
    await expect(cards(page)).toHaveCount(1)
    await expect(cards(page)).toContainText('Keller')
    await search.fill('Priya Mehta')
    await expect(cards(page)).toContainText('Mehta')
    await expect(page.getByRole('tab', { name: 'Initial Inquiry (1)' })).toBeVisible()
    await search.fill('Nobody Here')
    await expect(page.getByTestId('no-inquiries')).toHaveText('No inquiry matches “Nobody Here”.')
    expect(await seriousViolations(page)).toEqual([])
    await context.setOffline(false)
    await context.close()
  })

  test(`the admin finds a member by name or e-mail at ${width} px`, async ({ browser }) => {
    const { context, page } = await adminPage(browser)
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 })
    await expect(page.getByTestId('member-row').first()).toBeVisible()
    const search = page.getByRole('searchbox', { name: 'Search' })
    await search.fill('maria fern')
    await expect(page.getByTestId('member-row')).toHaveCount(1)
    await expect(page.getByTestId('member-row')).toContainText('guardian@demo.school')
    await expect(page.getByTestId('page-label')).toHaveText('1-1 of 1')
    await search.fill('nobody-at-all')
    await expect(page.getByTestId('no-members')).toHaveText('No member matches “nobody-at-all”.')
    expect(await seriousViolations(page)).toEqual([])
    await context.close()
  })

  test(`Accounting lists who paid what and exports a year as a CSV at ${width} px`, async ({
    browser,
  }) => {
    const { context, page } = await office(browser, '/administration/dash?pane=accounting')
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 })
    const card = page.getByTestId('totals-fee-year').getByTestId('year-total').first()
    await expect(card).toBeVisible()
    const count = Number(
      (await card.getByRole('button', { name: /^Show the \d+ payments$/ }).textContent())!.match(
        /\d+/,
      )![0],
    )
    await card.getByRole('button', { name: /^Show the \d+ payments$/ }).click()
    const ines = card.getByTestId('ledger-entry').filter({ hasText: 'Inês Fernandes' }).first()
    await expect(ines).toContainText('Inês Fernandes · Monthly Fee')
    await expect(ines).toContainText('UPI · paid by Maria Fernandes · Receipt')
    await expect(card.getByTestId('ledger-entry')).toHaveCount(count)
    expect(await seriousViolations(page)).toEqual([])

    const download = page.waitForEvent('download')
    await card.getByRole('button', { name: /^Download CSV/ }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/^payments-fee-year-\d{4}-\d{2}\.csv$/)
    const bytes = await readFile((await file.path())!)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.toString('utf8').slice(1).split('\r\n')
    expect(lines.at(-1)).toBe('')
    expect(lines[0]).toBe(
      'Date,Receipt,Family,Student,Paid by,For,Period,Fee year,Method,Reference,Amount (INR)',
    )
    // The demo's names and references hold no comma or quote: a plain split reads every cell.
    const rows = lines.slice(1, -1).map((l) => l.split(','))
    expect(rows).toHaveLength(count)
    const row = rows.find((r) => r[3] === 'Inês Fernandes' && r[5] === 'Monthly Fee')
    expect(row).toBeTruthy()
    expect(row![0]).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(row![8]).toBe('UPI')
    expect(row![10]).toBe('14500.00')
    const total = rows.reduce((sum, r) => sum + Number(r[10]), 0)
    await expect(card).toContainText(
      `Total₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(total)}`,
    )
    await context.close()
  })
}

test('two families of one name are told apart by their guardians', async ({ browser }) => {
  const { context, page } = await office(browser, '/administration/dash/families')
  await page.getByRole('textbox', { name: 'Search' }).fill('Kamat')
  const kamat = page.getByTestId('family-card').filter({ hasText: 'Vivaan Kamat' })
  await expect(kamat).toContainText('Rekha Kamat')
  expect(await seriousViolations(page)).toEqual([])
  await context.close()
})
