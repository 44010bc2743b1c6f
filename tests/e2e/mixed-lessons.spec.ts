import { expect, test, type Locator, type Page } from '@playwright/test'
import { signedInPage, untilServiceWorkerControls } from './support/session.ts'
import { seriousViolations } from './support/axe.ts'

// Mixed-group lessons (L01) and removing a student (L12): a facilitator admin makes a combined
// mixed group, lets it take a lesson of Jaul's week, writes the subgroup's lesson offline (it
// shows under the lesson in Jaul's week), then removes a child from the subgroup after
// confirming.

const rahul = { email: 'facilitator-admin@demo.school', password: 'demo-facilitator-admin-1' }

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

async function synced(page: Page) {
  await page
    .getByTestId('sync-status')
    .filter({ hasText: /^Synced$/ })
    .waitFor()
}

for (const [width, week] of [
  [360, '2030_20'],
  [1280, '2030_21'],
] as const) {
  test(`a mixed group's lesson shows in a group's week, and a child is removed, at ${width}px`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(300_000)
    const name = `Lesson mix ${width} ${Date.now().toString(36)}`
    const { context, page } = await signedInPage(
      browser,
      rahul.email,
      rahul.password,
      '/facilitators/dash?pane=mixed-groups',
    )
    await page.setViewportSize({ width, height: 800 })
    await expect(page.getByRole('heading', { name: 'Mixed Groups', level: 1 })).toBeVisible()
    await synced(page)
    await untilServiceWorkerControls(page)

    await page.getByRole('textbox', { name: 'New mixed group' }).fill(name)
    await page.getByRole('button', { name: 'Add mixed group' }).click()
    const card = page.getByRole('region', { name })
    const form = card.getByRole('form', { name: 'Add a subgroup' })
    await choose(page, form, 'Facilitator', 'Rahul Desai')
    await choose(page, form, 'Subject', 'Music')
    await form.getByRole('button', { name: 'Add subgroup' }).click()
    const music = card.getByTestId('subgroup').filter({ hasText: 'Rahul Desai - Music' })
    await choose(page, music, 'Add a child to Rahul Desai - Music', 'Ira Naik (Jaul)')
    await expect(music.getByText('Ira Naik (Jaul)')).toBeVisible()
    await synced(page)

    // The mixed group takes Monday's first lesson of Jaul's week (this week only).
    await page.goto(`/facilitators/dash/groupDays?group=rg-jaul&week=${week}`)
    const monday = page.getByTestId('day').first()
    const lesson = monday.getByTestId('session').first()
    await lesson.getByRole('button').first().click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('tab', { name: 'Edit lesson' }).click()
    await choose(page, dialog, 'Mixed group', name)
    await dialog.getByRole('button', { name: 'Save lesson' }).click()
    await expect(dialog).toHaveCount(0)

    const mixed = monday.getByRole('group', { name: `Mixed group ${name}` })
    await expect(mixed).toBeVisible()
    const part = mixed.getByTestId('subgroup-lesson')
    await expect(part).toHaveCount(1)
    await expect(part).toContainText('Rahul Desai - Music')
    await expect(part).toContainText('Ira Naik')

    // The subgroup's facilitator writes its lesson offline.
    await context.setOffline(true)
    await part.getByRole('button', { name: 'Edit lesson of Rahul Desai - Music' }).click()
    const edit = page.getByRole('dialog')
    await edit.getByRole('textbox', { name: 'Lesson details' }).fill('Bring a drum')
    await edit.getByRole('button', { name: "Save the subgroup's lesson" }).click()
    await expect(edit).toHaveCount(0)
    await expect(part.getByTestId('subgroup-details')).toHaveText('Bring a drum')
    await expect(page.getByTestId('sync-status')).toHaveText(/not synced/)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: testInfo.outputPath(`lesson-${width}.png`), fullPage: true })
    await context.setOffline(false)
    await synced(page)
    await page.reload()
    await expect(
      page.getByRole('group', { name: `Mixed group ${name}` }).getByTestId('subgroup-details'),
    ).toHaveText('Bring a drum')

    // L12: the child leaves the subgroup once the admin confirms.
    await page.goto('/facilitators/dash?pane=mixed-groups')
    const subgroup = page
      .getByRole('region', { name })
      .getByTestId('subgroup')
      .filter({ hasText: 'Rahul Desai - Music' })
    await subgroup.getByRole('button', { name: 'Remove Ira Naik' }).click()
    const confirm = page.getByRole('dialog', { name: 'Remove student' })
    await expect(confirm).toContainText('Remove Ira Naik from Rahul Desai - Music?')
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: testInfo.outputPath(`remove-${width}.png`), fullPage: true })
    await confirm.getByRole('button', { name: 'Remove' }).click()
    await expect(confirm).toHaveCount(0)
    await expect(subgroup.getByText('Ira Naik (Jaul)')).toHaveCount(0)
    await synced(page)

    // Jaul's week no longer lists the subgroup: none of its children is in it.
    await page.goto(`/facilitators/dash/groupDays?group=rg-jaul&week=${week}`)
    await expect(
      page.getByRole('group', { name: `Mixed group ${name}` }).getByTestId('subgroup-lesson'),
    ).toHaveCount(0)
    await context.close()
  })
}
