import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, within } from '@testing-library/react'
import type { StepState } from '@sync/rules/admissions/steps'
import type { AppDatabase } from '@sync/engine/database'
import { centre } from '@/lib/centre'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'
import type { SendersAnswer } from '../logic/step-senders'

// The server's answers (sender accounts, the steps it carried out, the curriculum) are given
// here; the inquiries and the groups are on the in-memory device database as in the browser.
const server = vi.hoisted(() => ({
  senders: null as SendersAnswer | null,
  states: [] as StepState[],
}))
vi.mock('../hooks/use-admission-steps', async (importActual) => ({
  ...(await importActual<typeof import('../hooks/use-admission-steps')>()),
  useStepSenders: () => ({ answer: server.senders, error: null }),
  useStepStates: () => ({ states: server.states, fresh: true }),
  useCurriculum: () => ({ status: { state: 'missing' }, upload: async () => {} }),
}))

const senders: SendersAnswer = {
  senders: [
    { key: 'team', display_name: 'Team', address: 'team@demo.school', is_admissions_office: false },
    {
      key: 'admissions',
      display_name: 'Admissions Office',
      address: 'admissions@demo.school',
      is_admissions_office: true,
    },
    {
      key: 'meera',
      display_name: 'Meera Kamat',
      address: 'meera@demo.school',
      is_admissions_office: false,
    },
  ],
  mine: 'meera',
  may_send: true,
  always: false,
}

const staff = testMember({ role: 'admission', name: 'Meera Kamat', email: 'admission@demo.school' })

const family = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'family' as const,
  status: 'initialInquiry' as const,
  family_name: name,
  submitted: '2026-11-20T10:00:00.000Z',
  archived: false,
  potential: false,
  data: {
    maritalStatus: 'Married',
    children: [{ firstName: 'Asha', lastName: name, dob: '2019-05-01' }],
    guardians: [
      {
        firstName: 'Priya',
        lastName: name,
        email: `${id}@example.com`,
        mobile: '9822000000',
        prefix: '+91',
      },
    ],
    ...extra,
  },
})

let db: AppDatabase
async function seed(d: AppDatabase) {
  db = d
  await d.inquiries.bulkInsert([
    family('i1', 'Rao'),
    family('i2', 'Shah', {
      steps: [
        {
          id: 'step-meeting-1',
          kind: 'meeting',
          at: '2026-11-21T05:00:00.000Z',
          by: 'Anita Desai',
        },
        {
          id: 'step-trial-1',
          kind: 'trial',
          at: '2026-11-24T05:00:00.000Z',
          by: 'Meera Kamat',
          trial: { child: 0 },
        },
        {
          id: 'step-admission-1',
          kind: 'admission',
          at: '2026-11-26T05:00:00.000Z',
          by: 'Meera Kamat',
          admission: { child: 0 },
        },
      ],
    }),
  ])
  await d.reference.bulkInsert([
    {
      id: 'g-sun',
      kind: 'group',
      data: { name: 'Sunflowers', timingSet: 1, status: 'active', feeTariffId: 't-std' },
    },
    { id: 't-std', kind: 'fee_tariff', data: { name: 'Standard', amount: 14500 } },
  ])
}

async function openInquiry(name: string) {
  await renderApp({ path: '/administration/dash', member: staff, seed })
  fireEvent.click(await screen.findByRole('tab', { name: /^All/ }))
  fireEvent.click(await screen.findByRole('button', { name: `Open the ${name} inquiry` }))
  const detail = await screen.findByTestId('inquiry-detail')
  // The section loads with the detail, on its own.
  await within(detail).findByTestId('admission-steps')
  return detail
}

const inquiryData = async (id: string) =>
  (await db.inquiries.findOne(id).exec())!.toMutableJSON().data as Record<string, unknown>

function goOffline() {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
  act(() => void window.dispatchEvent(new Event('offline')))
}

afterEach(() => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true })
  localStorage.clear()
  server.senders = null
  server.states = []
})

describe('the admission steps of an inquiry', () => {
  it('opens the meeting prefilled, refuses an end before the start, and sends it offline', async () => {
    setViewportWidth(360)
    server.senders = senders
    const detail = await openInquiry('Rao')
    const section = within(detail).getByTestId('admission-steps')
    expect(within(section).getByText('No steps taken yet.')).toBeInTheDocument()
    fireEvent.click(within(section).getByRole('button', { name: 'Meeting e-mail' }))

    const dialog = await screen.findByTestId('step-dialog')
    expect(
      within(dialog).getByRole('heading', { name: 'Meeting e-mail · Rao family' }),
    ).toHaveFocus()
    const start = await within(dialog).findByLabelText(/^Starts/)
    const end = within(dialog).getByLabelText(/^Ends/)
    expect(start).toHaveValue('15:30')
    expect(end).toHaveValue('17:00')
    expect(within(dialog).getByLabelText(/^Sender/)).toHaveValue('meera')
    expect(within(dialog).getByLabelText(/^To/)).toHaveValue('i1@example.com')
    expect(within(dialog).getByLabelText(/^Cc/)).toHaveValue('admissions@demo.school')

    fireEvent.change(within(dialog).getByLabelText(/^Meeting date/), {
      target: { value: '2026-12-03' },
    })
    fireEvent.change(within(dialog).getByLabelText(/^Who welcomes them/), {
      target: { value: 'Anita Desai' },
    })
    fireEvent.change(end, { target: { value: '15:00' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    expect(await within(dialog).findByText('The meeting ends after it starts')).toBeInTheDocument()
    expect(within(dialog).queryByTestId('step-preview')).toBeNull()
    expect((await inquiryData('i1')).steps).toBeUndefined()

    fireEvent.change(end, { target: { value: '16:30' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    const preview = await within(dialog).findByTestId('step-preview')
    expect(preview).toHaveTextContent('From: Meera Kamat <meera@demo.school>')
    expect(preview).toHaveTextContent('To: i1@example.com')
    expect(preview).toHaveTextContent('Cc: admissions@demo.school')
    expect(preview).toHaveTextContent('on Thursday 3 December 2026')
    expect(preview).toHaveTextContent('Attachments: invite.ics (calendar invite)')
    const frame = within(preview).getByTitle('The message')
    expect(frame).toHaveAttribute('sandbox', '')
    expect(frame.getAttribute('srcdoc')).toContain('from 15:30 to 16:30')

    // Edit keeps everything; Preview again and Send, offline: the step waits on the device.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit' }))
    expect(within(dialog).getByLabelText(/^Ends/)).toHaveValue('16:30')
    expect(within(dialog).getByLabelText(/^Who welcomes them/)).toHaveValue('Anita Desai')
    expect(within(dialog).getByRole('button', { name: 'Preview' })).toHaveFocus()
    goOffline()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    expect(
      await within(dialog).findByText(
        'You are offline: the step is kept on this device and the e-mail goes once it syncs.',
      ),
    ).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(
      await screen.findByText(
        'Success! Meeting e-mail queued; it goes out when the mail server takes it',
      ),
    ).toBeInTheDocument()

    const row = (await db.inquiries.findOne('i1').exec())!.toMutableJSON()
    expect(row.status).toBe('meeting')
    const data = row.data as Record<string, unknown>
    expect(data).toMatchObject({
      meetingDate: '2026-12-03',
      meetingStart: '15:30',
      meetingEnd: '16:30',
      meetingPOC: 'Anita Desai',
    })
    expect(data.steps).toEqual([
      expect.objectContaining({
        kind: 'meeting',
        by: 'Meera Kamat',
        mail: expect.objectContaining({
          sender: 'meera',
          to: ['i1@example.com'],
          cc: ['admissions@demo.school'],
          subject: `Meeting at ${centre.name} on Thursday 3 December 2026`,
        }),
      }),
    ])
    const back = await screen.findByTestId('admission-steps')
    expect(within(back).getByRole('button', { name: 'Meeting e-mail' })).toHaveFocus()
    const [step] = within(back).getAllByTestId('admission-step')
    expect(step).toHaveTextContent('Meeting')
    expect(step).toHaveTextContent('Meera Kamat')
    expect(step).toHaveTextContent('Waiting to sync')
  })

  it('admits a child with the group’s tariff and makes the family record', async () => {
    setViewportWidth(1280)
    server.senders = senders
    const detail = await openInquiry('Rao')
    fireEvent.click(within(detail).getByRole('button', { name: 'Admission e-mail' }))
    const dialog = await screen.findByTestId('step-dialog')
    const deposit = await within(dialog).findByLabelText(/^Deposit/)
    expect(deposit).toHaveValue('45,000')
    expect(within(dialog).getByLabelText(/^Contribution type/)).toHaveValue('None')
    const term = within(dialog).getByLabelText(/^Admission term/)
    expect((term as HTMLSelectElement).options.length).toBe(4)
    fireEvent.change(within(dialog).getByLabelText(/^Group/), { target: { value: 'g-sun' } })
    expect(within(dialog).getByLabelText(/^Fee tariff/)).toHaveValue('t-std')
    expect(within(dialog).getByLabelText(/^Monthly fee/)).toHaveValue('14,500')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    expect(
      await within(dialog).findByText('Enter the admission fee (0 if there is none)'),
    ).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText(/^Admission fee/), {
      target: { value: '25000' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    const preview = await within(dialog).findByTestId('step-preview')
    expect(within(preview).getByTitle('The message').getAttribute('srcdoc')).toContain(
      'admission fee of ₹25,000 and the deposit of\n₹45,000. The monthly fee is ₹14,500.',
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    expect(
      await screen.findByText(
        'Success! Family record created and admission e-mail queued; it goes out when the mail server takes it',
      ),
    ).toBeInTheDocument()
    const row = (await db.inquiries.findOne('i1').exec())!.toMutableJSON()
    const data = row.data as { familyToken?: string; children: Record<string, unknown>[] }
    expect(row.status).toBe('admission')
    expect(data.familyToken).toBe('fam-i1')
    expect(data.children[0]).toMatchObject({
      groupUUID: 'g-sun',
      feeTariffUUID: 't-std',
      monthlyFee: 14500,
      admissionFee: 25000,
      depositFee: 45000,
      contributionType: 'None',
      paymentPending: true,
    })
  })

  it('refuses a trial that ends before it starts, in the spec’s words', async () => {
    setViewportWidth(1280)
    server.senders = senders
    const detail = await openInquiry('Rao')
    fireEvent.click(within(detail).getByRole('button', { name: 'Trial e-mail' }))
    const dialog = await screen.findByTestId('step-dialog')
    expect(await within(dialog).findByTestId('step-curriculum')).toHaveTextContent(
      'No curriculum is on the server yet',
    )
    fireEvent.change(within(dialog).getByLabelText(/^Trial group/), {
      target: { value: 'g-sun' },
    })
    fireEvent.change(within(dialog).getByLabelText(/^First trial day/), {
      target: { value: '2026-12-09' },
    })
    fireEvent.change(within(dialog).getByLabelText(/^Last trial day/), {
      target: { value: '2026-12-07' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Preview' }))
    expect(
      await within(dialog).findByText('Error: Start date must be before end date'),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Send' })).toBeNull()
    expect((await inquiryData('i1')).steps).toBeUndefined()
  })

  it('offers no Send when e-mail sending is off for the member', async () => {
    setViewportWidth(1280)
    server.senders = { ...senders, may_send: false }
    const detail = await openInquiry('Rao')
    fireEvent.click(within(detail).getByRole('button', { name: 'Admission e-mail' }))
    const dialog = await screen.findByTestId('step-dialog')
    expect(
      within(dialog).getByText(
        'E-mail sending is turned off for your account. An admin can turn it on in Members.',
      ),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: /Preview|Send/ })).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }))
    expect(await screen.findByTestId('admission-steps')).toBeInTheDocument()
  })

  it('says why a child cannot be enrolled before the admission e-mail', async () => {
    setViewportWidth(1280)
    server.senders = senders
    const detail = await openInquiry('Rao')
    fireEvent.click(within(detail).getByRole('button', { name: 'Enrol' }))
    const dialog = await screen.findByTestId('step-dialog')
    expect(
      within(dialog).getByText(
        'Asha Rao: Send the admission e-mail first: it makes the family record.',
      ),
    ).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Preview' })).toBeNull()
  })

  it('lists the steps newest first with each e-mail’s status from the server', async () => {
    setViewportWidth(360)
    server.states = [
      {
        id: 'step-meeting-1',
        kind: 'meeting',
        created_at: '2026-11-21T05:00:05Z',
        outcome: {},
        mails: [
          {
            id: 'm1',
            recipients: ['i2@example.com'],
            status: 'sent',
            attempts: 1,
            last_error: null,
            sent_at: '2026-11-21T05:01:00Z',
          },
        ],
      },
      {
        id: 'step-trial-1',
        kind: 'trial',
        created_at: '2026-11-24T05:00:05Z',
        outcome: {},
        mails: [
          {
            id: 'm2',
            recipients: ['i2@example.com'],
            status: 'failed',
            attempts: 3,
            last_error: '550 Mailbox unavailable',
            sent_at: null,
          },
          {
            id: 'm3',
            recipients: ['anita@demo.school'],
            status: 'queued',
            attempts: 0,
            last_error: null,
            sent_at: null,
          },
        ],
      },
    ]
    const detail = await openInquiry('Shah')
    const steps = within(detail).getAllByTestId('admission-step')
    expect(steps.map((s) => within(s).getAllByText(/./)[0]!.textContent)).toEqual([
      'Admission · Asha Shah',
      'Trial · Asha Shah',
      'Meeting',
    ])
    expect(steps[0]).toHaveTextContent('26 Nov 2026, 10:30 am · Meera Kamat')
    expect(within(steps[0]!).getByTestId('admission-step-status')).toHaveTextContent(
      'Waiting to sync',
    )
    expect(
      within(steps[1]!)
        .getAllByTestId('admission-step-status')
        .map((s) => s.textContent),
    ).toEqual(['i2@example.com: Failed: 550 Mailbox unavailable', 'anita@demo.school: Queued'])
    expect(within(steps[2]!).getByTestId('admission-step-status')).toHaveTextContent('Sent')
  })
})
