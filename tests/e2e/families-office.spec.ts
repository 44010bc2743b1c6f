import { expect, test } from '@playwright/test'
import { signedIn } from './support/backend'
import { seriousViolations } from './support/axe'
import { signedInPage } from './support/session'

// Administration keeps the family records (issue 13): the office finds a family in the Families
// pane, enrols a child (offline too: the record reaches the server once the connection is back),
// ends another child's enrolment with notes, and archives the family once no child is enrolled;
// the Archive pane holds it until it is restored. The Students pane lists the roll by group.
const stamp = Date.now().toString(36)
const familyName = `Dsouza${stamp}`

/** The office's own view of the server: what its devices pull. */
async function pulled<T>(collection: 'families' | 'students'): Promise<T[]> {
  const office = await signedIn('administration@demo.school', 'demo-administration-1')
  const all: T[] = []
  let checkpoint: unknown = null
  for (;;) {
    const { data, error } = await office.rpc('sync_pull', {
      collection,
      checkpoint,
      batch_size: 1000,
    })
    if (error) throw error
    const page = data as { documents: T[]; checkpoint: unknown }
    all.push(...page.documents)
    if (page.documents.length < 1000) return all
    checkpoint = page.checkpoint
  }
}

interface ServerStudent {
  family_id: string
  name: string
  status: string
  group_id: string
  fee_tariff_id: string
  enrolment: Record<string, unknown>
}

const serverStudents = async (familyId: string) =>
  (await pulled<ServerStudent>('students'))
    .filter((s) => s.family_id === familyId)
    .sort((a, b) => a.name.localeCompare(b.name))

const serverFamilyStatus = async (familyId: string) =>
  (await pulled<{ id: string; status: string }>('families')).find((f) => f.id === familyId)?.status

test('the office enrols a child offline, ends an enrolment with notes, and archives and restores the family', async ({
  browser,
}, testInfo) => {
  // A long day's flow (two enrolments offline, two endings, a form, archive and restore).
  test.setTimeout(150_000)
  const familyId = `e2e-family-${stamp}`
  const office = await signedIn('administration@demo.school', 'demo-administration-1')
  const family = {
    id: familyId,
    status: 'admission',
    name: familyName,
    data: {
      guardians: [
        {
          parentUUID: `${familyId}-g1`,
          firstName: 'Lavinia',
          lastName: familyName,
          email: `lavinia.${stamp}@example.com`,
          prefix: '+91',
          mobile: '9822012345',
          nationality: 'Indian',
          maritalStatus: 'Married',
        },
      ],
    },
  }
  const pushed = await office.rpc('sync_push', {
    collection: 'families',
    rows: [{ newDocumentState: family, assumedMasterState: null }],
  })
  expect(pushed.error).toBeNull()
  expect(pushed.data).toEqual({ conflicts: [], refused: [] })

  const { context, page } = await signedInPage(
    browser,
    'administration@demo.school',
    'demo-administration-1',
    '/administration/dash/families',
  )
  await page.setViewportSize({ width: 360, height: 780 })
  const pane = page.getByTestId('families-pane')
  await expect(pane.getByRole('heading', { level: 1, name: 'Families' })).toBeVisible({
    timeout: 20_000,
  })
  await pane.getByLabel('Search').fill(familyName)
  await expect(pane.getByTestId('family-card')).toHaveCount(1, { timeout: 20_000 })
  await expect(pane.getByTestId('family-card')).toContainText('In admission')
  await pane.getByRole('button', { name: `Open the ${familyName} family` }).click()
  const detail = page.getByTestId('family-detail')
  await expect(detail).toContainText('Lavinia')
  await expect(detail).toContainText('No children enrolled yet.')

  // Enrol a child while the connection is down.
  await context.setOffline(true)
  await detail.getByRole('button', { name: 'Enrol a student' }).click()
  const dialog = page.getByRole('dialog', { name: `Enrol a student in the ${familyName} family` })
  await expect(dialog.getByLabel('Nationality')).toHaveValue('Indian')
  await expect(dialog.getByLabel('Last name')).toHaveValue(familyName)
  // An incomplete form says what is missing and writes nothing.
  await dialog.getByRole('button', { name: 'Enrol' }).click()
  await expect(dialog.getByText('Enter the first name')).toBeVisible()
  await expect(dialog.getByText('Choose a group')).toBeVisible()
  // Fees run from the child's first day, which the office chooses (no default).
  await expect(dialog.getByLabel('First day at the centre')).toHaveValue('')
  await expect(dialog.getByText('Choose the first day at the centre')).toBeVisible()
  await dialog.getByLabel('First name').fill('Rhea')
  await dialog.getByLabel('First day at the centre').fill('2027-01-04')
  await dialog.getByLabel('Date of birth').fill('2018-04-09')
  await dialog.getByLabel('Gender').selectOption('Female')
  await dialog.getByLabel('Group').selectOption({ label: 'Jaul' })
  // The group's own tariff is chosen with it.
  await expect(dialog.getByLabel('Fee tariff')).toHaveValue('rf-16700')
  await dialog.getByLabel('Admission fee (₹)').fill('25000')
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('enrol-dialog-360.png') })
  await dialog.getByRole('button', { name: 'Enrol' }).click()
  await expect(page.getByText('Success! Student enrolled')).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expect(detail.getByTestId('family-child')).toContainText('Rhea ' + familyName)
  await expect(detail).toContainText('Extended programme')

  // A second child, on trial, to end the enrolment of.
  await detail.getByRole('button', { name: 'Enrol a student' }).click()
  await dialog.getByLabel('First name').fill('Kabir')
  await dialog.getByLabel('Date of birth').fill('2016-01-20')
  await dialog.getByLabel('Gender').selectOption('Male')
  await dialog.getByLabel('Group').selectOption({ label: 'Vaaro' })
  await dialog.getByLabel('Enrol on trial first').check()
  await page.setViewportSize({ width: 1280, height: 800 })
  await dialog.getByRole('button', { name: 'Enrol' }).click()
  await expect(dialog.getByText('Choose the first day at the centre')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('enrol-dialog-1280.png') })
  await dialog.getByLabel('First day at the centre').fill('2026-12-01')
  await dialog.getByRole('button', { name: 'Enrol' }).click()
  await expect(detail.getByTestId('family-child')).toHaveCount(2)
  await context.setOffline(false)
  await expect
    .poll(async () => (await serverStudents(familyId)).map((s) => `${s.name}:${s.status}`).sort(), {
      timeout: 30_000,
    })
    .toEqual([`Kabir ${familyName}:trial`, `Rhea ${familyName}:active`])
  expect((await serverStudents(familyId)).find((s) => s.name.startsWith('Rhea'))).toMatchObject({
    group_id: 'rg-jaul',
    fee_tariff_id: 'rf-16700',
    enrolment: { admissionFee: 25000, depositFee: 45000, trial: false, startDate: '2027-01-04' },
  })
  expect((await serverStudents(familyId)).find((s) => s.name.startsWith('Kabir'))).toMatchObject({
    enrolment: { startDate: '2026-12-01' },
  })
  await expect.poll(() => serverFamilyStatus(familyId), { timeout: 30_000 }).toBe('enrolled')

  // The Students pane lists them in their groups.
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.keyboard.press('Escape')
  await page.goto('/administration/dash/students')
  const students = page.getByTestId('students-pane')
  await students.getByLabel('Search').fill(familyName)
  await expect(students.getByRole('list', { name: 'Jaul (1)' })).toContainText(`Rhea ${familyName}`)
  await expect(students.getByRole('list', { name: 'Vaaro (1)' })).toContainText('On trial')
  expect(await seriousViolations(page)).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('students-pane-1280.png'), fullPage: true })

  // The office uploads the family's admission form (I22, I23).
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/administration/dash/families')
  await pane.getByLabel('Search').fill(familyName)
  await pane.getByRole('button', { name: `Open the ${familyName} family` }).click()
  await detail.getByRole('button', { name: 'Upload a form' }).click()
  const formDialog = page.getByRole('dialog', { name: 'A family form' })
  await formDialog.getByLabel('Form name').fill('Admission form')
  await formDialog.locator('input[type="file"]').setInputFiles({
    name: 'admission.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n%%EOF\n'),
  })
  await formDialog.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByText('Success! File uploaded')).toBeVisible({ timeout: 30_000 })
  await expect(detail.getByRole('region', { name: 'Forms' })).toContainText(
    'Admission form: Admission form',
  )
  await page.keyboard.press('Escape')

  // End both enrolments; the first with no notes is refused.
  await page.goto('/administration/dash/families')
  await pane.getByLabel('Search').fill(familyName)
  await pane.getByRole('button', { name: `Open the ${familyName} family` }).click()
  await expect(detail.getByRole('button', { name: 'Archive family' })).toBeDisabled()
  for (const child of ['Kabir', 'Rhea']) {
    await detail.getByRole('button', { name: `Remove ${child} ${familyName}` }).click()
    const remove = page.getByRole('dialog', { name: `End ${child} ${familyName}'s enrolment` })
    await remove.getByRole('button', { name: 'End enrolment' }).click()
    await expect(remove.getByText('Write why the enrolment ends')).toBeVisible()
    await remove.getByLabel('Termination notes').fill('The family is moving to Pune')
    await remove.getByRole('button', { name: 'End enrolment' }).click()
    await expect(page.getByText('Success! Students enrollment terminated').first()).toBeVisible()
    await expect(remove).toHaveCount(0)
  }
  await expect(detail).toContainText('Notes: The family is moving to Pune')
  await expect
    .poll(async () => (await serverStudents(familyId)).map((s) => s.status), { timeout: 30_000 })
    .toEqual(['terminated', 'terminated'])
  expect((await serverStudents(familyId))[0]!.enrolment).toMatchObject({
    terminationNotes: 'The family is moving to Pune',
  })
  await expect.poll(() => serverFamilyStatus(familyId), { timeout: 30_000 }).toBe('notEnrolled')
  await page.screenshot({ path: testInfo.outputPath('family-detail-1280.png') })

  // Archive, after a confirm; the family moves to the Archive pane, and back.
  await detail.getByRole('button', { name: 'Archive family' }).click()
  await page
    .getByRole('dialog', { name: 'Archive this family?' })
    .getByRole('button', { name: 'Archive' })
    .click()
  await expect(page.getByText('Family archived')).toBeVisible()
  await expect(pane.getByTestId('family-card')).toHaveCount(0)
  await expect.poll(() => serverFamilyStatus(familyId), { timeout: 30_000 }).toBe('archived')
  await page.goto('/administration/dash?pane=archive')
  const archive = page.getByTestId('archive-pane')
  await archive.getByLabel('Search').fill(familyName)
  await archive.getByRole('button', { name: `Open the ${familyName} family` }).click()
  await detail.getByRole('button', { name: 'Restore family' }).click()
  await expect(page.getByText('Family restored')).toBeVisible()
  await expect(archive.getByTestId('family-card')).toHaveCount(0)
  await expect.poll(() => serverFamilyStatus(familyId), { timeout: 30_000 }).toBe('notEnrolled')
  await context.close()
})
