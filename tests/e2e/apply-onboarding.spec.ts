import { expect, test } from '@playwright/test'
import { makeKeys } from '../../supabase/local/keys.ts'
import { inquiriesNamed } from './support/backend'
import { linkIn, waitForMail } from './support/mailbox'

// A family that has applied answers the onboarding questionnaire: the answers reach the office only
// once the link sent to the address they applied with is opened, and the form answers the same
// for an address that never applied.
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

test('a family answers the onboarding questionnaire and confirms it from the link sent to the address they applied with', async ({
  page,
}) => {
  await applyAsFamily()
  const answer = async (address: string) => {
    await expect(
      page.getByRole('heading', { level: 1, name: 'Before the first day' }),
    ).toBeVisible()
    await page.getByLabel('First name').fill('Rita')
    await page.getByLabel('Last name').fill(lastName)
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(address)
    await page.getByLabel('Your children’s names').fill('Lia')
    await page.getByLabel('Which languages are spoken at home?').fill('Konkani, Portuguese')
    await page.getByLabel('Can your child swim?').selectOption('No')
    await page.getByRole('button', { name: 'Send answers' }).click()
    // The same words whether or not the address applied: the form tells nobody who did.
    await expect(page.getByText('we have sent it a link')).toBeVisible({ timeout: 30_000 })
  }
  await page.goto('/apply-onboarding')
  await answer(`someone.else.${stamp}@example.com`)
  await page.getByRole('button', { name: 'Start a new application' }).click()
  await answer(email)
  expect((await inquiriesNamed(lastName))[0]!.data).not.toHaveProperty('onboarding')

  const mail = await waitForMail(email, 2)
  expect(mail.subject).toMatch(/^Confirm your answers for /)
  await page.goto(linkIn(mail))
  await expect(
    page.getByRole('status').getByText('your answers have reached the office'),
  ).toBeVisible({
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
  // The link works once.
  await page.goto(linkIn(mail))
  await expect(page.getByRole('alert')).toContainText(
    'This link is invalid, has been used or has expired',
  )
})
