import { expect, test, type Locator, type Page } from '@playwright/test'
import { signedIn } from './support/backend'
import { seriousViolations } from './support/axe'
import { signedInPage } from './support/session'

// The office's pictures (issue 38): each chart's text (its rows, as a screen reader reads them)
// is read against the records it is drawn from, and against the list each bar opens; the charts
// are axe clean and fit a 360 px phone.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
// The centre's date (Goa, +05:30) and its fee (academic) year, June to May.
const centreDay = (at: string | number) =>
  new Date(new Date(at).getTime() + 330 * 60_000).toISOString().slice(0, 10)
const today = centreDay(Date.now())
const monthIndex = Number(today.slice(5, 7)) - 1
const startYear = monthIndex >= 5 ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1
const feeYear = `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`
/** The year's months, June first, as 'YYYY-MM' and as the charts label them. */
const yearMonths = [5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 4].map((m) => {
  const y = m >= 5 ? startYear : startYear + 1
  return { key: `${y}-${String(m + 1).padStart(2, '0')}`, label: `${MONTHS[m]} ${y}` }
})
const amountOf = (text: string) => Number(/₹([\d,]+\.\d\d)/.exec(text)?.[1]?.replace(/,/g, ''))

interface ChartRow {
  label: string
  /** Each bar's text, its series named: 'Paid: ₹14,500.00'. */
  bars: string[]
}

/** A chart's rows as its text alternative gives them. */
async function chartRows(chart: Locator): Promise<ChartRow[]> {
  return chart.getByTestId('chart-row').evaluateAll((rows) =>
    rows.map((row) => ({
      label: row.querySelector('[data-testid="chart-row-label"]')?.textContent ?? '',
      bars: [...row.querySelectorAll('[data-testid="chart-bar"]')].map(
        (bar) => bar.textContent ?? '',
      ),
    })),
  )
}

async function pull<T>(email: string, password: string, collection: string): Promise<T[]> {
  const client = await signedIn(email, password)
  const { data, error } = await client.rpc('sync_pull', {
    collection,
    checkpoint: null,
    batch_size: 1000,
  })
  if (error) throw error
  return (data as { documents: T[] }).documents
}

async function atBothWidths(page: Page, name: string, outputPath: (n: string) => string) {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.screenshot({ path: outputPath(`${name}-1280.png`), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])
  await page.setViewportSize({ width: 360, height: 780 })
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(360)
  await page.screenshot({ path: outputPath(`${name}-360.png`), fullPage: true })
  expect(await seriousViolations(page)).toEqual([])
}

interface ServerPayment {
  student_id: string | null
  kind: string
  status: string
  data: { amount: number; feeYear: string; period?: { key: string }; paymentType?: string }
}

test('Payments: paid against pending per month and pending by group, each bar opening its list', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const { context, page } = await signedInPage(
    browser,
    'administration@demo.school',
    'demo-administration-1',
    '/administration/dash?pane=payments',
  )
  await page.setViewportSize({ width: 1280, height: 900 })
  const pane = page.getByTestId('payments-pane')
  const months = pane.getByTestId('chart-fee-months')
  await expect(months.getByRole('heading', { name: 'Paid and pending by month' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(pane.getByRole('heading', { name: `Fee year ${feeYear} at a glance` })).toBeVisible()
  // Wait for the demo payments to be on the device (Tiago owes this month).
  await expect(
    pane
      .getByTestId('fees-pending')
      .getByTestId('student-fee')
      .filter({ hasText: 'Tiago Fernandes' }),
  ).toBeVisible({ timeout: 20_000 })

  // The months run June to May, each with a paid and a pending figure.
  const rows = await chartRows(months)
  expect(rows.map((r) => r.label)).toEqual(yearMonths.map((m) => m.label))
  for (const r of rows) expect(r.bars.map((b) => b.split(':')[0])).toEqual(['Paid', 'Pending'])
  // What the year's paid bars add up to is every recorded fee of the fee year for a period.
  const payments = await pull<ServerPayment>(
    'administration@demo.school',
    'demo-administration-1',
    'payments',
  )
  const recorded = payments
    .filter(
      (p) =>
        p.kind === 'fee' && p.status === 'recorded' && p.data.feeYear === feeYear && p.data.period,
    )
    .reduce((sum, p) => sum + p.data.amount, 0)
  expect(rows.reduce((sum, r) => sum + amountOf(r.bars[0]!), 0)).toBe(recorded)
  // Months to come are not pending yet.
  const current = yearMonths.findIndex((m) => m.key === today.slice(0, 7))
  for (const r of rows.slice(current + 1)) expect(amountOf(r.bars[1]!)).toBe(0)

  // This month's pending bar opens its students: Tiago owes his month, the total is the bar's.
  const thisMonth = rows[current]!
  await months
    .getByRole('button', {
      name: `${thisMonth.label}, Pending: ${thisMonth.bars[1]!.split(': ')[1]}. Open the list`,
    })
    .click()
  let dialog = page.getByRole('dialog', { name: `Pending for ${thisMonth.label}` })
  await expect(dialog.getByRole('row').filter({ hasText: 'Tiago Fernandes' })).toContainText(
    '₹16,700.00',
  )
  await expect(dialog.locator('tfoot')).toContainText(thisMonth.bars[1]!.split(': ')[1]!)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await months
    .getByRole('button', {
      name: `${thisMonth.label}, Paid: ${thisMonth.bars[0]!.split(': ')[1]}. Open the list`,
    })
    .click()
  dialog = page.getByRole('dialog', { name: `Paid for ${thisMonth.label}` })
  await expect(dialog.getByRole('row').filter({ hasText: 'Inês Fernandes' })).toContainText(
    '₹14,500.00',
  )
  await expect(dialog.locator('tfoot')).toContainText(thisMonth.bars[0]!.split(': ')[1]!)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // Pending by group: each group's bar is what its students' rows in the Pending list owe.
  const pendingList = await pane
    .getByTestId('fees-pending')
    .getByTestId('student-fee')
    .evaluateAll((items) => items.map((i) => i.textContent ?? ''))
  const groups = await chartRows(pane.getByTestId('chart-pending-groups'))
  expect(groups.length).toBeGreaterThan(0)
  let total = 0
  for (const g of groups) {
    const owed = pendingList
      .filter((text) => text.includes(` · ${g.label}`))
      .reduce((sum, text) => sum + amountOf(/Pending ₹[\d,]+\.\d\d/.exec(text)?.[0] ?? ''), 0)
    expect(amountOf(g.bars[0]!), g.label).toBe(owed)
    total += owed
  }
  // Behind first.
  const amounts = groups.map((g) => amountOf(g.bars[0]!))
  expect([...amounts].sort((a, b) => b - a)).toEqual(amounts)
  expect(amountOf((await pane.getByTestId('total-pending-amount').textContent()) ?? '')).toBe(total)
  const jaul = groups.find((g) => g.label === 'Jaul')!
  await pane
    .getByRole('button', { name: `Jaul, Pending: ${jaul.bars[0]!.split(': ')[1]}. Open the list` })
    .click()
  dialog = page.getByRole('dialog', { name: 'Pending in Jaul' })
  await expect(dialog.getByRole('row').filter({ hasText: 'Tiago Fernandes' })).toBeVisible()
  await expect(dialog.locator('tfoot')).toContainText(jaul.bars[0]!.split(': ')[1]!)
  await page.keyboard.press('Escape')

  await pane.getByTestId('chart-fee-months').scrollIntoViewIfNeeded()
  await atBothWidths(page, 'payments-charts', (n) => testInfo.outputPath(n))
  await context.close()
})

interface ServerInquiry {
  kind: string
  status: string
  archived: boolean
  submitted: string
}

test('Pre-Admission: the funnel, the waits and the applications per month of the academic year', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const { context, page } = await signedInPage(
    browser,
    'admission@demo.school',
    'demo-admission-1',
    '/administration/dash',
  )
  await page.setViewportSize({ width: 1280, height: 900 })
  const pane = page.getByTestId('pre-admission')
  await expect(pane.getByRole('heading', { level: 1, name: 'Pre-Admission' })).toBeVisible({
    timeout: 20_000,
  })
  const toggle = pane.getByRole('button', { name: 'Figures' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.click()
  const figures = pane.getByTestId('admission-figures')
  await expect(figures.getByLabel('Academic year')).toHaveValue(feeYear, { timeout: 20_000 })
  await expect(pane.getByRole('button', { name: 'Hide figures' })).toHaveAttribute(
    'aria-expanded',
    'true',
  )

  const inquiries = (
    await pull<ServerInquiry>('admission@demo.school', 'demo-admission-1', 'inquiries')
  ).filter((i) => i.kind === 'family' && !i.archived)
  const ofYear = inquiries.filter((i) => {
    const day = centreDay(i.submitted)
    return yearMonths[0]!.key <= day.slice(0, 7) && day.slice(0, 7) <= yearMonths[11]!.key
  })
  const count = (text: string) => Number(/(\d+) (famil|application)/.exec(text)?.[1])

  // The funnel: every inquiry of the year starts it, the enrolled end it, each stage no wider.
  const funnel = await chartRows(figures.getByTestId('chart-admission-funnel'))
  expect(funnel.map((r) => r.label)).toEqual([
    'Initial Inquiry',
    'Meeting',
    'Trial',
    'Admission',
    'Enrolled',
  ])
  const counts = funnel.map((r) => count(r.bars[0]!))
  expect(counts[0]).toBe(ofYear.length)
  expect(counts[4]).toBe(ofYear.filter((i) => i.status === 'enrolled').length)
  for (let i = 1; i < counts.length; i++) expect(counts[i]).toBeLessThanOrEqual(counts[i - 1]!)
  const stopped = (s: string) => ofYear.filter((i) => i.status === s).length
  await expect(figures.getByTestId('funnel-stopped')).toHaveText(
    new RegExp(
      `Now on hold: ${stopped('onHold')} famil.* Not proceeding: ${stopped('notProceeding')} famil`,
    ),
  )

  // Applications per month: the year's inquiries by the month they arrived, June first.
  const perMonth = await chartRows(figures.getByTestId('chart-applications'))
  expect(perMonth.map((r) => r.label)).toEqual(yearMonths.map((m) => m.label))
  yearMonths.forEach((m, i) => {
    const arrived = ofYear.filter((q) => centreDay(q.submitted).startsWith(m.key)).length
    expect(count(perMonth[i]!.bars[0]!), m.label).toBe(arrived)
  })

  // The waits: one row per status before enrolment, those still waiting among those measured.
  const waits = await chartRows(figures.getByTestId('chart-status-waits'))
  expect(waits.map((r) => r.label.split(' · ')[0])).toEqual([
    'Initial Inquiry',
    'Meeting',
    'Trial',
    'Admission',
  ])
  const stillInitial = ofYear.filter((i) => i.status === 'initialInquiry').length
  expect(waits[0]!.label).toContain(`${stillInitial} still waiting`)
  for (const w of waits) expect(w.bars[0]).toMatch(/^Middle wait: \d+ days?$/)

  await atBothWidths(page, 'admission-figures', (n) => testInfo.outputPath(n))
  await context.close()
})

test('Accounting: the fee year’s income per month by fee type, beside the year before', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const { context, page } = await signedInPage(
    browser,
    'administration@demo.school',
    'demo-administration-1',
    '/administration/dash?pane=accounting',
  )
  await page.setViewportSize({ width: 1280, height: 900 })
  const pane = page.getByTestId('accounting-pane')
  const chart = pane.getByTestId('chart-income')
  const before = `${startYear - 1}-${String(startYear % 100).padStart(2, '0')}`
  await expect(
    chart.getByRole('heading', { name: `Income by month, ${feeYear} beside ${before}` }),
  ).toBeVisible({ timeout: 20_000 })
  await expect(pane.getByTestId('year-total').first()).toBeVisible({ timeout: 20_000 })

  const rows = await chartRows(chart)
  expect(rows.map((r) => r.label).filter((l) => !l.startsWith('Paid '))).toEqual(
    yearMonths.map((m) => m.label),
  )
  const yearTotal = async (label: string) => {
    const card = pane
      .getByTestId('totals-fee-year')
      .getByTestId('year-total')
      .filter({ has: page.getByRole('heading', { name: label, exact: true }) })
    if ((await card.count()) === 0) return 0
    return amountOf((await card.getByText(/^₹/).last().textContent()) ?? '')
  }
  // Each bar's total is its parts; the year's bars add up to the year's total on the pane.
  const sums = [0, 0]
  for (const r of rows) {
    expect(r.bars).toHaveLength(2)
    r.bars.forEach((bar, i) => {
      const [head, parts = ''] = bar.split(/(?<=\.\d\d)(?=[A-Z])/)
      const total = amountOf(head!)
      const partSum = [...parts.matchAll(/₹([\d,]+\.\d\d)/g)].reduce(
        (s, m) => s + Number(m[1]!.replace(/,/g, '')),
        0,
      )
      expect(partSum, `${r.label} ${bar}`).toBe(total)
      sums[i]! += total
    })
    expect(r.bars[0]!.startsWith(feeYear)).toBe(true)
    expect(r.bars[1]!.startsWith(before)).toBe(true)
  }
  expect(sums[0]).toBe(await yearTotal(`Fee year ${feeYear}`))
  expect(sums[1]).toBe(await yearTotal(`Fee year ${before}`))
  // Fees paid this year show by their type.
  if (sums[0]! > 0) await expect(chart.getByTestId('chart-bar-parts').first()).toContainText('₹')

  await chart.scrollIntoViewIfNeeded()
  await atBothWidths(page, 'income-chart', (n) => testInfo.outputPath(n))
  await context.close()
})

test("Attendance: each group's bar in the Absences pane is what its children's rows add up to", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const { context, page } = await signedInPage(
    browser,
    'facilitator@demo.school',
    'demo-facilitator-1',
    '/facilitators/dash?pane=absences',
  )
  await page.setViewportSize({ width: 1280, height: 900 })
  const chart = page.getByTestId('chart-group-attendance')
  await expect(chart.getByRole('heading', { name: /^Attendance by group, Term \d/ })).toBeVisible({
    timeout: 30_000,
  })
  const held = Number(
    /(\d+) school days held/.exec(
      (await page.getByText(/school days held so far/).textContent()) ?? '',
    )?.[1],
  )
  expect(held).toBeGreaterThan(0)
  const rows = await chartRows(chart)
  expect(rows.length).toBeGreaterThan(0)
  for (const row of rows) {
    const [, name, children, away] =
      /^(.+) · (\d+) childr?e?n?, (\d+) days? away$/.exec(row.label) ?? []
    const percent = Number(/Present: (\d+)% present/.exec(row.bars[0]!)?.[1])
    // The bar opens the group's children in the table below.
    await chart.getByRole('button', { name: new RegExp(`^${name} · `) }).click()
    await expect(page.getByRole('combobox', { name: 'Group' })).toHaveValue(name!)
    const table = page.getByTestId('attendance')
    await expect(table.locator('tbody tr')).toHaveCount(Number(children))
    const daysAway = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => Number(tr.children[1]?.textContent)))
    expect(
      daysAway.reduce((a, b) => a + b, 0),
      name,
    ).toBe(Number(away))
    const possible = held * Number(children)
    expect(percent, name).toBe(Math.round(((possible - Number(away)) / possible) * 100))
  }
  await atBothWidths(page, 'attendance-chart', (n) => testInfo.outputPath(n))
  await context.close()
})

interface ServerAbsence {
  kind: string
  student_id: string | null
  lesson_id: string | null
  data: { date: string }
  _deleted?: boolean
  deleted?: boolean
}

/** The academic year and term of a day (Term 1 June–August, 2 September–December, 3 January–May). */
const termOfDay = (day: string) => {
  const m = Number(day.slice(5, 7))
  const y = Number(day.slice(0, 4))
  return `${m >= 6 ? y : y - 1}/${m >= 9 ? 2 : m >= 6 ? 1 : 3}`
}

test("Attendance on a family's Home: each child's days away and lessons missed this term", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const { context, page } = await signedInPage(
    browser,
    'guardian@demo.school',
    'demo-guardian-1',
    '/parents/dash',
  )
  await page.setViewportSize({ width: 1280, height: 900 })
  await expect(page.getByTestId('sync-status')).toHaveText('Synced', { timeout: 30_000 })
  const chart = page.getByTestId('chart-child-absences')
  await expect(
    chart.getByRole('heading', { name: /^This term \(Term \d, \d{4}-\d\d\)$/ }),
  ).toBeVisible({
    timeout: 20_000,
  })
  const students = await pull<{ id: string; name: string; status: string }>(
    'guardian@demo.school',
    'demo-guardian-1',
    'students',
  )
  const items = (
    await pull<ServerAbsence>('guardian@demo.school', 'demo-guardian-1', 'lesson_items')
  ).filter(
    (a) =>
      a.kind === 'absence' &&
      !a._deleted &&
      !a.deleted &&
      a.data.date <= today &&
      termOfDay(a.data.date) === termOfDay(today),
  )
  const rows = await chartRows(chart)
  const children = students.filter((s) => s.status !== 'terminated')
  expect(rows.map((r) => r.label).sort()).toEqual(children.map((s) => s.name).sort())
  for (const child of children) {
    const own = items.filter((a) => a.student_id === child.id)
    const days = new Set(own.filter((a) => a.lesson_id === null).map((a) => a.data.date))
    const lessons = own.filter((a) => a.lesson_id !== null && !days.has(a.data.date)).length
    const row = rows.find((r) => r.label === child.name)!
    expect(row.bars, child.name).toEqual([`Days away: ${days.size}`, `Lessons missed: ${lessons}`])
  }
  await chart.scrollIntoViewIfNeeded()
  await atBothWidths(page, 'parents-absences-chart', (n) => testInfo.outputPath(n))
  await context.close()
})
