import { expect, test } from '@playwright/test'
import { seriousViolations } from './support/axe.ts'
import { serviceClient, signedIn } from './support/backend'
import { signIn } from './support/signin'
import { academicYearOf, coveredAcademicYears } from '../../src/lib/time/academic-year'

// The admin's Members pane lists many members, with long names and e-mail addresses, as it does
// in a real centre: the landing must still fit a phone. Their names sort after the demo centre's,
// so the first page of the members browser test still shows the demo members. They join as
// facilitators do: the admin adds them to the facilitator list, then each account is linked.
test.beforeAll(async () => {
  const admin = await signedIn('admin@demo.school', 'demo-admin-1')
  const service = await serviceClient()
  const people = Array.from({ length: 24 }, (_, i) => ({
    id: `f-long-${i + 1}`,
    name: `Zoya Fernandes de Albuquerque Gaonkar ${i + 1}`,
    email: `zoya-a-rather-long-address-${i + 1}@families-of-the-banyan-tree.example.org`,
  }))
  const pushed = await admin.rpc('sync_push', {
    collection: 'facilitators',
    rows: people.map((p) => ({
      newDocumentState: { ...p, status: 'authPending', auth_uid: null },
      assumedMasterState: null,
    })),
  })
  if (pushed.error) throw pushed.error
  const { data } = await service.auth.admin.listUsers({ perPage: 1000 })
  for (const person of people) {
    let id = data.users.find((u) => u.email === person.email)?.id
    if (!id) {
      const created = await service.auth.admin.createUser({
        email: person.email,
        password: `${person.id}-pass`,
        email_confirm: true,
      })
      if (created.error) throw created.error
      id = created.data.user.id
    }
    const linked = await service.rpc('accounts_link_facilitator', {
      user_id: id,
      facilitator_id: person.id,
      auth_old: null,
      email: person.email,
      name: person.name,
      whatsapp: null,
      app_version: '1.0.0',
    })
    if (linked.error) throw linked.error
  }
})

const roles = [
  { who: 'admin', password: 'demo-admin-1', lands: '/admin/dash/members' },
  { who: 'administration', password: 'demo-administration-1', lands: '/administration/dash' },
  { who: 'admission', password: 'demo-admission-1', lands: '/administration/dash' },
  { who: 'facilitator', password: 'demo-facilitator-1', lands: '/facilitators/dash' },
  {
    who: 'facilitator-admin',
    password: 'demo-facilitator-admin-1',
    lands: '/facilitators/dash',
  },
  { who: 'guardian', password: 'demo-guardian-1', lands: '/parents/dash' },
  { who: 'student', password: 'demo-student-1', lands: '/students/dash' },
  {
    who: 'parent-facilitator',
    password: 'demo-parent-facilitator-1',
    lands: '/parents/dash',
    // The Naiks' profile is incomplete until the wizard's test completes it: the dashboard sends
    // Priya on to its Profile page.
    or: '/parents/dash?pane=profile',
  },
  { who: 'member', password: 'demo-member-1', lands: '/facilitators/settings' },
]

for (const { who, password, lands, or } of roles as {
  who: string
  password: string
  lands: string
  or?: string
}[]) {
  const landed = (url: URL) =>
    `${url.pathname}${url.search}` === lands || `${url.pathname}${url.search}` === or
  test(`${who} lands on ${lands} at 360 and 1280 px, and the 404 button leads back`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await signIn(page, `${who}@demo.school`, password)
    await expect(page).toHaveURL(landed, { timeout: 20_000 })
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 })
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      await expect(page.getByText('Page Not Found')).toHaveCount(0)
      // A way to sign out: the account menu in a dashboard header or a button on the page.
      const menu = page.getByTestId('account-menu')
      const button = page.getByRole('button', { name: 'Sign out' })
      await expect(menu.or(button).first()).toBeVisible()
      // Nothing wider than the screen; the admin's Members pane with its many members too.
      if (lands === '/admin/dash/members') {
        await expect(page.getByTestId('member-row')).toHaveCount(15)
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, `${who} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0)
    }
    await page.goto('/no-such-page')
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await page.getByRole('link', { name: 'Get back to Homepage' }).click()
    await expect(page).toHaveURL(landed)
    await expect(page.getByText('Page Not Found')).toHaveCount(0)
  })
}

test('an unbuilt pane says it is not found, with its whole address, and leads home', async ({
  page,
}) => {
  // Every office pane is built now: Mixed Groups is not a pane of a facilitator who is not a
  // facilitator admin.
  await signIn(page, 'facilitator@demo.school', 'demo-facilitator-1')
  await expect(page).toHaveURL('/facilitators/dash')
  await page.goto('/facilitators/dash?pane=mixed-groups')
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
  await expect(page.getByTestId('not-found-path')).toHaveText(
    '/facilitators/dash?pane=mixed-groups',
  )
  // Inside the dashboard: the side pane is still there.
  await expect(page.getByTestId('side-pane')).toBeVisible()
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    expect(await seriousViolations(page)).toEqual([])
  }
  await page.getByRole('link', { name: 'Get back to Homepage' }).click()
  await expect(page).toHaveURL('/facilitators/dash')
  await expect(page.getByText('Page Not Found')).toHaveCount(0)
})

test('administration lands on the Pre-Admission pane, whose tabs count the inquiries', async ({
  page,
}) => {
  await signIn(page, 'administration@demo.school', 'demo-administration-1')
  await expect(page).toHaveURL('/administration/dash')
  await expect(page.getByRole('heading', { level: 1, name: 'Pre-Admission' })).toBeVisible()
  await expect(page.getByRole('tab', { name: /^Initial Inquiry \(\d+\)$/ })).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByRole('tab', { name: /^All \(\d+\)$/ })).toBeVisible()
})

test("a facilitator on a phone reaches a group's week, and its lesson editor, from the group's name", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, 'facilitator@demo.school', 'demo-facilitator-1')
  await expect(page).toHaveURL('/facilitators/dash')
  await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible()
  await page.getByTestId('group-week-link').filter({ hasText: 'Tanni' }).click()
  await expect(page).toHaveURL(/\/facilitators\/dash\/groupDays\?group=rg-tanni&week=\d{4}_\d{2}/)
  await expect(page.getByRole('heading', { level: 1, name: 'Tanni' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Edit lessons' })).toBeVisible()
  // From a student's lessons the group's name leads to the same week.
  await page.goBack()
  await page.getByRole('link', { name: 'Anya Dsouza' }).click()
  await page.getByTestId('group-week-link').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Tanni' })).toBeVisible()
})

test("the lesson dialog's tabs show whole on a phone, wrapping as they need, and the keys move through each", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, 'facilitator-admin@demo.school', 'demo-facilitator-admin-1')
  await expect(page).toHaveURL('/facilitators/dash')
  await page.goto('/facilitators/dash/groupDays?group=rg-tanni&week=2026_47')
  await page
    .getByTestId('session')
    .first()
    .getByRole('button', { name: /^\d\d:\d\d - / })
    .click()
  const dialog = page.getByRole('dialog')
  const tabs = dialog.getByRole('tab')
  await expect(tabs).toHaveCount(6)
  // Each tab's name shows whole (none cut to "Assi…"): the tabs wrap onto a second row instead.
  const cut = await tabs.evaluateAll((all) =>
    all.filter((t) => t.scrollWidth > t.clientWidth + 1).map((t) => t.textContent),
  )
  expect(cut, 'tabs cut short').toEqual([])
  // Nothing scrolls the page sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  const list = dialog.getByTestId('lesson-tabs')
  const inView = async (name: string | RegExp) => {
    const row = (await list.boundingBox())!
    const tab = (await dialog.getByRole('tab', { name }).boundingBox())!
    return tab.x >= row.x - 1 && tab.x + tab.width <= row.x + row.width + 1
  }
  await dialog.getByRole('tab', { name: 'Topic' }).focus()
  for (const name of [/^Comments/, /^Resources/, /^Assignments/, 'Students', 'Edit lesson']) {
    await page.keyboard.press('ArrowRight')
    await expect(dialog.getByRole('tab', { name })).toBeFocused()
    expect(await inView(name), `${String(name)} in view`).toBe(true)
  }
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('tab', { name: 'Edit lesson' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
})

test('holidays are listed and entered by an academic year chosen from the calendar (Q05)', async ({
  page,
}) => {
  const today = new Date().toISOString().slice(0, 10)
  const current = academicYearOf(today)
  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, 'admin@demo.school', 'demo-admin-1')
  // Signed in once the admin has landed; a page load before that would find no session yet.
  await expect(page).toHaveURL('/admin/dash/members')
  await page.goto('/admin/dash/settings')
  await page.getByRole('tab', { name: 'Holidays' }).click()
  const year = page.getByRole('combobox', { name: 'Academic year' })
  await expect(year).toHaveValue(current)
  await year.click()
  await expect(page.getByRole('option')).toHaveText(coveredAcademicYears(today))
  await page.getByRole('option', { name: '2025-26' }).click()
  const rows = page.getByTestId('reference-row')
  await expect(rows).toHaveCount(6)
  await expect(rows.filter({ hasText: 'Summer break' })).toContainText('2026-04-25')
  await expect(rows.filter({ hasText: '2026-27' })).toHaveCount(0)

  // A new holiday takes the academic year of its start date, and a year that does not fit is refused.
  await page.getByRole('button', { name: 'Add holiday' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Description').fill('Diwali')
  await dialog.getByLabel('Start date').fill('2025-10-21')
  await dialog.getByLabel('End date').fill('2025-10-21')
  const chosen = dialog.getByRole('combobox', { name: 'Academic year' })
  await expect(chosen).toHaveValue('2025-26')
  await chosen.click()
  await page.getByRole('option', { name: '2024-25' }).click()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toContainText('The holiday starts in academic year 2025-26')
  await chosen.click()
  await page.getByRole('option', { name: '2025-26' }).click()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(rows).toHaveCount(7)
  await expect(rows.filter({ hasText: 'Diwali' })).toContainText('2025-26')
})
