import { expect, test } from '@playwright/test'
import { makeKeys } from '../../supabase/local/keys.ts'
import { inquiriesNamed } from './support/backend'

// A family that has applied answers the onboarding questionnaire: an address no application gave
// is refused on its field, changing nothing; with the address they applied with, the answers
// join their inquiry for the office.
const stamp = Date.now().toString(36)
const email = `e2e.onboarding.${stamp}@example.com`
const lastName = `Gomes${stamp}`
const base = () => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173)}`

async function applyAsFamily() {
  const keys = await makeKeys(process.env.JWT_SECRET || undefined)
  const res = await fetch(`${base()}/functions/v1/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: keys.anonKey },
    body: JSON.stringify({
      kind: 'student',
      application: {
        id: `app-onb-${stamp}`,
        maritalStatus: 'Married',
        children: [
          {
            firstName: 'Lia',
            lastName,
            dob: '2016-09-09',
            gender: 'Female',
            nationality: 'Indian',
          },
        ],
        guardians: [
          {
            firstName: 'Rita',
            lastName,
            dob: '1984-01-01',
            gender: 'Female',
            nationality: 'Indian',
            mobile: '9822066666',
            email,
          },
        ],
      },
    }),
  })
  expect(res.status).toBe(200)
}

test('a family answers the onboarding questionnaire with the address they applied with', async ({
  page,
}) => {
  await applyAsFamily()
  await page.goto('/apply-onboarding')
  await expect(page.getByRole('heading', { level: 1, name: 'Before the first day' })).toBeVisible()
  await page.getByLabel('First name').fill('Rita')
  await page.getByLabel('Last name').fill(lastName)
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`someone.else.${stamp}@example.com`)
  await page.getByLabel('Your children’s names').fill('Lia')
  await page.getByLabel('Which languages are spoken at home?').fill('Konkani, Portuguese')
  await page.getByLabel('Can your child swim?').selectOption('No')
  await page.getByRole('button', { name: 'Send answers' }).click()
  await expect(
    page.getByText('We could not find an application with this e-mail address.'),
  ).toBeVisible({ timeout: 30_000 })
  expect((await inquiriesNamed(lastName))[0]!.data).not.toHaveProperty('onboarding')

  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email)
  await page.getByRole('button', { name: 'Send answers' }).click()
  await expect(page.getByText('your answers have reached the office')).toBeVisible({
    timeout: 30_000,
  })
  const [inquiry] = await inquiriesNamed(lastName)
  const onboarding = inquiry!.data.onboarding as { questions: { id: string; a: string }[] }
  expect(onboarding.questions).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ id: 'o1', a: 'Konkani, Portuguese' }),
      expect.objectContaining({ id: 'o7', a: 'No' }),
    ]),
  )
})
