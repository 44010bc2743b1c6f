import { expect, type Page } from '@playwright/test'

/** Signs in through /signin as a person does: e-mail, Continue, password, Sign in. */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  path = '/signin',
): Promise<void> {
  await page.goto(path)
  await page.getByLabel('E-mail').fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible()
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** Names of the IndexedDB databases of the page (the local data of signed-in people). */
export function localDatabases(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''))
}

export function storedSession(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('app-auth'))
}
