import { afterEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { AppDatabase } from '@sync/engine/database'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'
import { TAB_STORAGE_KEY } from '../logic/inquiry-view'

const staff = testMember({ role: 'admission', name: 'Meera Kamat', email: 'admission@demo.school' })

const family = (
  id: string,
  status: string,
  name: string,
  dob: string,
  extra: Record<string, unknown> = {},
) => ({
  id,
  kind: 'family' as const,
  status: status as never,
  family_name: name,
  submitted: '2026-11-20T10:00:00.000Z',
  archived: false,
  potential: false,
  data: {
    maritalStatus: 'Married',
    children: [{ firstName: 'Kid', lastName: name, dob }],
    guardians: [
      {
        firstName: 'Pat',
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
    family('i1', 'initialInquiry', 'Younger', '2021-09-20'),
    family('i2', 'initialInquiry', 'Oldest', '2019-11-01'),
    family('i3', 'initialInquiry', 'Middle', '2021-02-15'),
    family('m1', 'meeting', 'Later', '2018-01-01', {
      meetingDate: '2026-12-03',
      meetingStart: '14:00',
    }),
    family('m2', 'meeting', 'Earlier', '2018-01-01', {
      meetingDate: '2026-12-03',
      meetingStart: '09:30',
    }),
    family('a1', 'admission', 'Admitted', '2017-01-01'),
  ])
}

const open = () => renderApp({ path: '/administration/dash', member: staff, seed })
const families = () =>
  screen.getAllByTestId('inquiry-card').map((c) => within(c).getAllByText(/./)[0]!.textContent)

afterEach(() => localStorage.clear())

describe('the Pre-Admission pane', () => {
  it('is where the office lands, with each tab’s count and the oldest child first', async () => {
    setViewportWidth(1280)
    await open()
    expect(await screen.findByRole('heading', { level: 1, name: 'Pre-Admission' })).toBeVisible()
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Initial Inquiry (3)' })).toBeInTheDocument(),
    )
    for (const name of [
      'Meeting (2)',
      'Trial (0)',
      'On Hold (0)',
      'Not Proceeding (0)',
      'Admission (1)',
      'Enrolled (0)',
      'All (6)',
    ])
      expect(screen.getByRole('tab', { name })).toBeInTheDocument()
    expect(families()).toEqual(['Oldest', 'Middle', 'Younger'])
  })

  it('says who changed an inquiry last and when, in the centre’s time (issue 30)', async () => {
    setViewportWidth(1280)
    await renderApp({
      path: '/administration/dash',
      member: staff,
      seed: async (d) => {
        await seed(d)
        await d.inquiries.insert({
          ...family('c1', 'initialInquiry', 'Changed', '2016-01-01'),
          submitted: '2026-11-20T20:00:00.000Z',
          updated_at: '2026-11-28T04:45:00.000Z',
          updated_by: 'u-savio',
          updated_by_name: 'Savio Pereira',
        })
      },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Open the Changed inquiry' }))
    const detail = await screen.findByTestId('inquiry-detail')
    expect(within(detail).getByTestId('inquiry-last-change')).toHaveTextContent(
      'Last changed by Savio Pereira on 28 Nov 2026, 10:15',
    )
    // Sent at 20:00 UTC on the 20th: the 21st at the centre.
    expect(within(detail).getByText('Applied 2026-11-21')).toBeInTheDocument()
  })

  const openTrialled = async () => {
    await renderApp({
      path: '/administration/dash',
      member: staff,
      seed: async (d) => {
        await seed(d)
        await d.inquiries.insert(
          family('t1', 'trial', 'Trialled', '2016-01-01', {
            statusDescription: 'Trial of Kid Trialled in Jaul, 7 Dec 2026 – 11 Dec 2026',
            trialEventIDs: ['step-trial-1'],
            formsCurriculum: true,
            steps: [
              {
                id: 'step-trial-1',
                kind: 'trial',
                trial: { child: 0, groupName: 'Jaul', start: '2026-12-07', end: '2026-12-11' },
              },
            ],
          }),
        )
      },
    })
    fireEvent.click(await screen.findByRole('tab', { name: /^Trial/ }))
    fireEvent.click(await screen.findByRole('button', { name: 'Open the Trialled inquiry' }))
    return screen.findByTestId('inquiry-detail')
  }

  it(
    'keeps the family’s description, tentative term and forms, and lists its trials (H11)',
    { timeout: 60_000 },
    async () => {
      setViewportWidth(360)
      const detail = await openTrialled()
      expect(within(detail).getByTestId('inquiry-status-description')).toHaveTextContent(
        'Trial of Kid Trialled in Jaul, 7 Dec 2026 – 11 Dec 2026',
      )
      expect(within(detail).getByTestId('inquiry-trials')).toHaveTextContent(
        'Kid Trialled in Jaul, 7 Dec 2026 – 11 Dec 2026',
      )
      const about = within(detail).getByRole('form', { name: 'About the family' })
      expect(within(about).getByLabelText('Forms and curriculum given to the family')).toBeChecked()

      fireEvent.change(within(about).getByLabelText(/^Family description/), {
        target: { value: '  Moving from Pune in May; both children love the sea.  ' },
      })
      fireEvent.change(within(about).getByLabelText('Tentative admission term'), {
        target: { value: 'Term 1 2027-28' },
      })
      fireEvent.click(within(about).getByRole('button', { name: 'Save about the family' }))
      expect(await screen.findByText('Success! Inquiry updated')).toBeInTheDocument()
      await waitFor(async () =>
        expect((await db.inquiries.findOne('t1').exec())!.data).toMatchObject({
          familyDescription: 'Moving from Pune in May; both children love the sea.',
          tentativeAdmissionTerm: 'Term 1 2027-28',
          formsCurriculum: true,
        }),
      )

      // Too long a description is refused in words, and nothing is written.
      fireEvent.change(within(about).getByLabelText(/^Family description/), {
        target: { value: 'x'.repeat(2001) },
      })
      fireEvent.click(within(about).getByRole('button', { name: 'Save about the family' }))
      expect(
        await within(about).findByText('A family description is at most 2000 characters.'),
      ).toBeInTheDocument()
      expect(
        ((await db.inquiries.findOne('t1').exec())!.data as Record<string, unknown>)
          .familyDescription,
      ).toBe('Moving from Pune in May; both children love the sea.')
    },
  )

  it(
    'says why an inquiry has its status: the reason given, or the status itself (H11)',
    { timeout: 60_000 },
    async () => {
      setViewportWidth(1280)
      const detail = await openTrialled()
      fireEvent.change(within(detail).getByLabelText('Status'), { target: { value: 'onHold' } })
      fireEvent.change(within(detail).getByLabelText('Why (optional)'), {
        target: { value: 'They move in June' },
      })
      fireEvent.click(within(detail).getByRole('button', { name: 'Change status' }))
      await waitFor(async () => {
        const row = (await db.inquiries.findOne('t1').exec())!
        expect(row.status).toBe('onHold')
        expect((row.data as Record<string, unknown>).statusDescription).toBe('They move in June')
      })
      expect(await within(detail).findByTestId('inquiry-status-description')).toHaveTextContent(
        'They move in June',
      )
      fireEvent.change(within(detail).getByLabelText('Status'), {
        target: { value: 'notProceeding' },
      })
      fireEvent.click(within(detail).getByRole('button', { name: 'Change status' }))
      await waitFor(async () =>
        expect(
          ((await db.inquiries.findOne('t1').exec())!.data as Record<string, unknown>)
            .statusDescription,
        ).toBe('Not Proceeding'),
      )
    },
  )

  it('finds inquiries by family, child, guardian, e-mail or phone, and says when nothing matches', async () => {
    setViewportWidth(360)
    await open()
    const search = await screen.findByRole('searchbox', { name: /Search/ })
    await waitFor(() => expect(families()).toEqual(['Oldest', 'Middle', 'Younger']))
    fireEvent.change(search, { target: { value: 'middle' } })
    expect(families()).toEqual(['Middle'])
    expect(screen.getByRole('tab', { name: 'Initial Inquiry (1)' })).toBeInTheDocument()
    fireEvent.change(search, { target: { value: 'i2@example' } })
    expect(families()).toEqual(['Oldest'])
    // The admitted family's guardian by phone, typed with its prefix: found under Admission.
    fireEvent.change(search, { target: { value: '+91 98220 00000' } })
    expect(screen.getByRole('tab', { name: 'Admission (1)' })).toBeInTheDocument()
    fireEvent.change(search, { target: { value: 'Admitted' } })
    expect(screen.getByTestId('no-inquiries')).toHaveTextContent(
      'No inquiry in Initial Inquiry matches “Admitted”; 1 in All',
    )
    fireEvent.click(screen.getByRole('tab', { name: 'Admission (1)' }))
    expect(families()).toEqual(['Admitted'])
    fireEvent.change(search, { target: { value: 'Nobody' } })
    expect(screen.getByTestId('no-inquiries')).toHaveTextContent('No inquiry matches “Nobody”.')
    fireEvent.change(search, { target: { value: '' } })
    expect(families()).toEqual(['Admitted'])
  })

  it('remembers the chosen tab on the device and lists meetings by start', async () => {
    setViewportWidth(360)
    await open()
    fireEvent.click(await screen.findByRole('tab', { name: /^Meeting/ }))
    await waitFor(() => expect(families()).toEqual(['Earlier', 'Later']))
    expect(localStorage.getItem(TAB_STORAGE_KEY)).toBe('meeting')
  })

  it('moves an inquiry to another list, tags it and saves a note with its editor', async () => {
    setViewportWidth(1280)
    localStorage.setItem(TAB_STORAGE_KEY, 'meeting')
    await open()
    fireEvent.click(await screen.findByRole('button', { name: 'Open the Later inquiry' }))
    const detail = await screen.findByTestId('inquiry-detail')
    fireEvent.change(within(detail).getByLabelText('Status'), { target: { value: 'onHold' } })
    fireEvent.click(within(detail).getByRole('button', { name: 'Change status' }))
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'On Hold (1)' })).toBeInTheDocument(),
    )
    expect(screen.getByRole('tab', { name: 'Meeting (1)' })).toBeInTheDocument()

    fireEvent.click(within(detail).getByRole('button', { name: 'Tag as potential' }))
    expect(await screen.findByText('Success! Inquiry tagged')).toBeInTheDocument()
    await waitFor(async () =>
      expect((await db.inquiries.findOne('m1').exec())!.potential).toBe(true),
    )

    fireEvent.change(within(detail).getByLabelText('Meeting note'), {
      target: { value: 'Both parents came; they liked the garden.' },
    })
    fireEvent.click(within(detail).getByRole('button', { name: 'Save meeting note' }))
    expect(await screen.findByText('Success! Inquiry Note updated')).toBeInTheDocument()
    const note = ((await db.inquiries.findOne('m1').exec())!.data as Record<string, unknown>)
      .meetingNote as { text: string; editedBy: string; edited: string }
    expect(note).toMatchObject({
      text: 'Both parents came; they liked the garden.',
      editedBy: 'admission@demo.school',
    })
  })

  it('archiving takes an inquiry off every list', async () => {
    setViewportWidth(1280)
    localStorage.setItem(TAB_STORAGE_KEY, 'admission')
    await open()
    fireEvent.click(await screen.findByRole('button', { name: 'Open the Admitted inquiry' }))
    fireEvent.click(
      within(await screen.findByTestId('inquiry-detail')).getByRole('button', { name: 'Archive' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Archive this inquiry?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }))
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Admission (0)' })).toBeInTheDocument(),
    )
    expect(screen.getByRole('tab', { name: 'All (5)' })).toBeInTheDocument()
    expect((await db.inquiries.findOne('a1').exec())!.archived).toBe(true)
  })

  it('shows every answer of an application, and keeps enrolled families in their own tab, untagged', async () => {
    setViewportWidth(1280)
    await renderApp({
      path: '/administration/dash',
      member: staff,
      seed: async (d) => {
        await d.inquiries.bulkInsert([
          {
            ...family('e1', 'enrolled', 'Kamat', '2018-03-02', {
              children: [
                {
                  firstName: 'Aarav',
                  lastName: 'Kamat',
                  dob: '2018-03-02',
                  gender: 'Male',
                  nationality: 'Indian',
                  previousSchools: [
                    { school: 'Sharada Mandir School', grade: 'Grade 2', years: '2023-2025' },
                  ],
                },
              ],
              guardians: [
                {
                  firstName: 'Priya',
                  lastName: 'Kamat',
                  dob: '1988-04-12',
                  email: 'priya@example.com',
                  mobile: '9822000000',
                  prefix: '+91',
                  address: 'House 12, Fontainhas, Panaji, Goa 403001',
                },
              ],
            }),
            potential: true,
          },
          family('e2', 'enrolled', 'Almeida', '2016-01-01'),
          family('i9', 'initialInquiry', 'Naik', '2019-01-01'),
        ])
      },
    })
    fireEvent.click(await screen.findByRole('tab', { name: 'Enrolled (2)' }))
    await waitFor(() => expect(families()).toEqual(['Almeida', 'Kamat']))
    const card = screen.getAllByTestId('inquiry-card')[1]!
    expect(within(card).queryByText('Potential')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Open the Kamat inquiry' }))
    const detail = await screen.findByTestId('inquiry-detail')
    expect(within(detail).getByTestId('inquiry-child')).toHaveTextContent(
      'Previous schools: Sharada Mandir School (Grade 2, 2023-2025)',
    )
    const guardian = within(detail).getByTestId('inquiry-guardian')
    expect(guardian).toHaveTextContent('Born 1988-04-12')
    expect(guardian).toHaveTextContent('Address: House 12, Fontainhas, Panaji, Goa 403001')
    expect(within(detail).queryByText('Potential')).toBeNull()
    expect(within(detail).queryByRole('button', { name: /potential/ })).toBeNull()
  })
})
