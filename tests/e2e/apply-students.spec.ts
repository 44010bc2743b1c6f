import { expect, test } from '@playwright/test'
import { inquiriesNamed } from './support/backend'
import { waitForMail } from './support/mailbox'
import { seriousViolations } from './support/axe'

// A single mother applies for her son from her phone: she enters the child in the child
// sub-form (kept through a reload), Send says what is still missing until she confirms she is
// the only legal guardian, and the office receives one inquiry with the child and his school.
const stamp = Date.now().toString(36)
const email = `e2e.family.${stamp}@example.com`
const lastName = `Naik${stamp}`

test('a single parent applies for her child through the child sub-form', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } })
  const page = await context.newPage()
  await page.goto('/apply-students')
  await expect(page.getByRole('heading', { level: 1, name: 'Apply for your child' })).toBeVisible()
  const send = page.getByRole('button', { name: 'Send application' })
  await expect(send).toBeDisabled()
  const blocks = page.getByRole('list', { name: 'Before you can send' })
  await expect(blocks).toContainText('Choose the marital status of the parents')
  await expect(blocks).toContainText('Add at least one child')

  const guardian = page.getByRole('group', { name: 'Parent or guardian 1' })
  await guardian.getByLabel('First name').fill('Sunita')
  await guardian.getByLabel('Last name').fill(lastName)
  await guardian.getByLabel('Date of birth').fill('1985-06-01')
  await guardian.getByLabel('Gender').selectOption('Female')
  await guardian.getByLabel('E-mail').fill(email)
  await guardian.getByLabel('Mobile').fill('9822055555')
  await guardian.getByLabel('How did you hear about the centre?').fill('A friend in Assagao')

  await page.getByRole('button', { name: 'Add a child' }).click()
  const child = page.getByRole('group', { name: 'Child' })
  await expect(child.getByLabel("Child's last name")).toHaveValue(lastName)
  // Saving an empty child changes nothing and says what is missing.
  await child.getByRole('button', { name: 'Save child' }).click()
  await expect(child.getByText('First name is missing.')).toBeVisible()
  await child.getByLabel("Child's first name").fill('Aarav')
  await child.getByLabel("Child's date of birth").fill('2017-02-14')
  await child.getByLabel("Child's gender").selectOption('Male')
  await child.getByRole('button', { name: 'Add a previous school' }).click()
  await child.getByLabel('School', { exact: true }).fill('Little Steps Montessori')

  // A reload keeps the child being entered, and everything else.
  await page.reload()
  await expect(child.getByLabel('School', { exact: true })).toHaveValue('Little Steps Montessori')
  await expect(guardian.getByLabel('E-mail')).toHaveValue(email)
  await child.getByRole('button', { name: 'Save child' }).click()
  await expect(page.getByTestId('children-list')).toContainText(`Aarav ${lastName}`)
  await expect(page.getByTestId('children-list')).toContainText('Little Steps Montessori')

  await page.getByLabel('Marital status of the parents').selectOption('Separated')
  await expect(blocks).toContainText("confirm that you are the child's only legal guardian")
  await expect(send).toBeDisabled()
  await page.getByLabel("I am the child's only legal guardian").check()
  await expect(send).toBeEnabled()
  expect(await seriousViolations(page)).toEqual([])

  await send.click()
  await expect(page.getByRole('status').getByText('Application sent')).toBeVisible({
    timeout: 30_000,
  })
  const stored = await inquiriesNamed(lastName)
  expect(stored).toHaveLength(1)
  expect(stored[0]).toMatchObject({ status: 'initialInquiry', kind: 'family' })
  expect((stored[0]!.data as { children: unknown[] }).children).toEqual([
    expect.objectContaining({
      firstName: 'Aarav',
      previousSchools: [expect.objectContaining({ school: 'Little Steps Montessori' })],
    }),
  ])
  await waitForMail(email)
  // The draft is gone once sent: the form opens empty.
  await page.reload()
  await page.getByRole('button', { name: 'Start a new application' }).click()
  await expect(
    page.getByRole('group', { name: 'Parent or guardian 1' }).getByLabel('Last name'),
  ).toHaveValue('')
  await page.screenshot({ path: test.info().outputPath('apply-students-new.png'), fullPage: false })
  await context.close()
})
