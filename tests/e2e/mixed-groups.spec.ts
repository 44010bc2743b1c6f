import { expect, test, type Locator, type Page } from '@playwright/test'
import { signedInPage, untilServiceWorkerControls } from './support/session.ts'
import { seriousViolations } from './support/axe.ts'

// Mixed Groups (L02–L05): a facilitator admin makes a combined mixed group offline, with two
// subgroups of children from different groups; a child is refused a second subgroup with the
// spec's message; the facilitators' groups and the classrooms show; the group is deleted.

const rahul = { email: 'facilitator-admin@demo.school', password: 'demo-facilitator-admin-1' }

// Mantine's Select is a combobox; its options open in a portal outside the scope.
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

// Sending and receiving take as long as the machine needs; the test's own limit bounds the wait.
async function synced(page: Page) {
  await page
    .getByTestId('sync-status')
    .filter({ hasText: /^Synced$/ })
    .waitFor()
}

for (const width of [360, 1280]) {
  test(`a facilitator admin keeps a mixed group offline at ${width}px`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(300_000)
    const name = `Mixed ${width} ${Date.now().toString(36)}`
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
    await context.setOffline(true)

    await page.getByRole('textbox', { name: 'New mixed group' }).fill(name)
    await page.getByRole('button', { name: 'Add mixed group' }).click()
    const card = page.getByRole('region', { name })
    await expect(card).toBeVisible()

    const form = card.getByRole('form', { name: 'Add a subgroup' })
    await choose(page, form, 'Facilitator', 'Asha Gaonkar')
    await choose(page, form, 'Subject', 'Art')
    await choose(page, form, 'Classroom', 'Banyan Room')
    await form.getByRole('button', { name: 'Add subgroup' }).click()
    await expect(card.getByTestId('subgroup')).toHaveCount(1)
    await choose(page, form, 'Facilitator', 'Rahul Desai')
    await choose(page, form, 'Subject', 'Music')
    await form.getByRole('button', { name: 'Add subgroup' }).click()
    await expect(card.getByTestId('subgroup')).toHaveCount(2)

    const art = card.getByTestId('subgroup').filter({ hasText: 'Asha Gaonkar - Art' })
    const music = card.getByTestId('subgroup').filter({ hasText: 'Rahul Desai - Music' })
    await choose(page, art, 'Add a child to Asha Gaonkar - Art', 'Ira Naik (Jaul)')
    await expect(art.getByText('Ira Naik (Jaul)')).toBeVisible()
    // L04: a child is in one subgroup of a combined group at most.
    await choose(page, music, 'Add a child to Rahul Desai - Music', 'Ira Naik (Jaul)')
    await expect(
      music.getByText('Ira Naik already in mixed group (Asha Gaonkar - Art)'),
    ).toBeVisible()
    await choose(page, music, 'Add a child to Rahul Desai - Music', 'Meera Pai (Paani)')
    await expect(music.getByText('Meera Pai (Paani)')).toBeVisible()
    await expect(music.getByText('Ira Naik (Jaul)')).toHaveCount(0)

    // L03: each facilitator with the groups their children come from, and the classrooms.
    await expect(card.getByRole('row', { name: 'Asha Gaonkar Jaul' })).toBeVisible()
    await expect(card.getByRole('row', { name: 'Rahul Desai Paani' })).toBeVisible()
    await expect(card.getByText('Banyan Room', { exact: true })).toBeVisible()
    await expect(page.getByTestId('sync-status')).toHaveText(/not synced/)
    expect(await seriousViolations(page)).toEqual([])
    await page.screenshot({ path: testInfo.outputPath(`mixed-${width}.png`), fullPage: true })

    await context.setOffline(false)
    await synced(page)
    await page.reload()
    await expect(page.getByRole('region', { name }).getByText('Meera Pai (Paani)')).toBeVisible()

    await page
      .getByRole('region', { name })
      .getByRole('button', { name: 'Delete mixed group' })
      .click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('region', { name })).toHaveCount(0)
    await synced(page)
    await context.close()
  })
}
