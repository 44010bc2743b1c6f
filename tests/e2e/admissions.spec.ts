import { expect, test } from '@playwright/test'
import { makeKeys } from '../../supabase/local/keys.ts'
import { signedIn } from './support/backend'
import { waitForMail } from './support/mailbox'
import { untilServiceWorkerControls } from './support/session'
import { signIn } from './support/signin'

// A family's application reaches the office: the applications function stores it and the
// applicant's acknowledgement arrives by e-mail; admission staff find it in the Pre-Admission
// pane, and triage it on a train (offline), the change reaching the server when they are back.
const base = () => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4173)}`
const stamp = Date.now().toString(36)
const email = `e2e.apply.${stamp}@example.com`

interface PulledInquiry {
  id: string
  status: string
  data: { nextSteps?: { text: string } }
}

/** The inquiries as the office's devices receive them. */
async function pulled(): Promise<PulledInquiry[]> {
  const office = await signedIn('admission@demo.school', 'demo-admission-1')
  const { data, error } = await office.rpc('sync_pull', {
    collection: 'inquiries',
    checkpoint: null,
    batch_size: 1000,
  })
  if (error) throw error
  return (data as { documents: PulledInquiry[] }).documents
}

async function apply(id: string) {
  const keys = await makeKeys(process.env.JWT_SECRET || undefined)
  const res = await fetch(`${base()}/functions/v1/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: keys.anonKey },
    body: JSON.stringify({
      kind: 'student',
      application: {
        id,
        maritalStatus: 'Separated',
        soleGuardian: true,
        children: [
          {
            firstName: 'Zoya',
            lastName: `Quadros${stamp}`,
            dob: '2010-01-05',
            gender: 'Female',
            nationality: 'Indian',
          },
        ],
        guardians: [
          {
            firstName: 'Irene',
            lastName: `Quadros${stamp}`,
            dob: '1982-03-03',
            gender: 'Female',
            nationality: 'Indian',
            mobile: '9822077777',
            email,
            questions: { g1: 'From the baker in Siolim' },
          },
        ],
      },
    }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

test('an application is acknowledged by e-mail and triaged in the Pre-Admission pane, offline too', async ({
  page,
  context,
}) => {
  const id = `app-e2e-${stamp}`
  const first = await apply(id)
  expect(first).toMatchObject({ status: 200, body: { type: 'success' } })
  // A retry after a lost answer gets the same answer (which says nothing about what the centre
  // already holds) and makes nothing new: one card below, one acknowledgement.
  expect(await apply(id)).toEqual(first)
  expect(first.body).not.toHaveProperty('duplicate')
  const mail = await waitForMail(email)
  expect(mail.subject).toMatch(/^We have received your application to /)
  expect(mail.html).toContain('Dear Irene,')

  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, 'admission@demo.school', 'demo-admission-1')
  await expect(page).toHaveURL('/administration/dash')
  // The office's device keeps the app (the service worker has it) before the network drops;
  // until it does, a screen not opened yet waits for the connection (pwa.spec.ts).
  await untilServiceWorkerControls(page)
  await page.getByRole('tab', { name: /^Initial Inquiry/ }).click()
  const card = page.getByRole('button', { name: `Open the Quadros${stamp} inquiry` })
  // The oldest first child leads the list (born 2010, older than every demo family's).
  await expect(page.getByTestId('inquiry-card').first()).toContainText(`Quadros${stamp}`, {
    timeout: 20_000,
  })
  await expect(page.getByTestId('inquiry-card').filter({ hasText: `Quadros${stamp}` })).toHaveCount(
    1,
  )
  await page.screenshot({ path: 'test-results/pre-admission-360.png', fullPage: true })
  const countOf = async (label: string) =>
    Number(
      /\((\d+)\)/.exec(
        (await page.getByRole('tab', { name: new RegExp(`^${label} \\(`) }).textContent()) ?? '',
      )?.[1],
    )
  const initial = await countOf('Initial Inquiry')
  const meetings = await countOf('Meeting')

  await context.setOffline(true)
  await card.click()
  const detail = page.getByTestId('inquiry-detail')
  // What the family answered is there to read.
  await expect(detail.getByTestId('inquiry-answers')).toContainText(
    'How did you hear about the centre?',
  )
  await expect(detail.getByTestId('inquiry-answers')).toContainText('From the baker in Siolim')
  await detail.getByLabel('Status').selectOption('meeting')
  await detail.getByRole('button', { name: 'Change status' }).click()
  await expect(page.getByRole('tab', { name: `Meeting (${meetings + 1})` })).toBeVisible()
  await expect(page.getByRole('tab', { name: `Initial Inquiry (${initial - 1})` })).toBeVisible()
  await detail.getByLabel('Next steps').fill('Call on Monday to fix the meeting.')
  await detail.getByRole('button', { name: 'Save next steps' }).click()
  await expect(page.getByText('Success! Inquiry Note updated')).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: 'test-results/inquiry-detail-1280.png' })
  await detail.getByRole('button', { name: 'Close' }).click()

  await context.setOffline(false)
  await expect
    .poll(
      async () => {
        const doc = (await pulled()).find((d) => d.id === id)
        return doc ? [doc.status, doc.data.nextSteps?.text] : null
      },
      { timeout: 30_000 },
    )
    .toEqual(['meeting', 'Call on Monday to fix the meeting.'])
})

test('a bad application is refused field by field and stores nothing', async () => {
  const keys = await makeKeys(process.env.JWT_SECRET || undefined)
  const res = await fetch(`${base()}/functions/v1/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: keys.anonKey },
    body: JSON.stringify({
      kind: 'student',
      application: {
        id: `app-bad-${stamp}`,
        maritalStatus: 'Please select',
        children: [],
        guardians: [],
      },
    }),
  })
  expect(res.status).toBe(400)
  const body = (await res.json()) as { fields: Record<string, string> }
  expect(body.fields).toMatchObject({
    maritalStatus: 'Choose the marital status of the parents.',
    children: 'Add at least one child.',
    guardians: 'Add at least one parent or guardian.',
  })
  const docs = await pulled()
  expect(docs.length).toBeGreaterThan(0)
  expect(docs.filter((d) => d.id === `app-bad-${stamp}`)).toEqual([])
})
