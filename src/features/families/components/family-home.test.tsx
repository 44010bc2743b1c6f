import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'
import type { AppDatabase } from '@sync/engine/database'
import { addDays, centreDateOf } from '@/lib/time/calendar-date'
import { weekKeyOf } from '@/lib/time/week'

const today = centreDateOf(new Date())
const proof = (fileName: string, extra: Record<string, unknown> = {}) => ({
  fileName,
  fileURL: `families/fam/${fileName}`,
  identityProofType: 'ID Proof' as const,
  ...extra,
})
const session = (id: string, timingId: string, subjectId: string) => ({
  id,
  timingId,
  subjectId,
  classroomId: null,
  groupId: 'g1',
  facilitatorId: null,
  topicId: null,
  topic: null,
  subtopicId: null,
  subtopic: null,
})
const week = (subjectId: string) => {
  const day = [
    session(`${subjectId}-2`, 't2', subjectId),
    session(`${subjectId}-1`, 't1', 'circle'),
  ]
  return { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day }
}

async function seed(db: AppDatabase, complete = true) {
  await db.reference.bulkInsert([
    { id: 't1', kind: 'session_timing', data: { timing: '09:30 - 10:15', groupNumber: 1 } },
    { id: 't2', kind: 'session_timing', data: { timing: '10:15 - 11:00', groupNumber: 1 } },
    {
      id: 'circle',
      kind: 'subject',
      data: { name: 'Circle time', color: '#1864ab', mixedGroup: false },
    },
    {
      id: 'maths',
      kind: 'subject',
      data: { name: 'Mathematics', color: '#1864ab', mixedGroup: false },
    },
    { id: 'art', kind: 'subject', data: { name: 'Art', color: '#e64980', mixedGroup: false } },
    { id: 'g1', kind: 'group', data: { name: 'Jaul', timingSet: 1, status: 'active' } },
    { id: 'g2', kind: 'group', data: { name: 'Tanni', timingSet: 1, status: 'active' } },
    {
      id: 'h1',
      kind: 'holiday',
      data: {
        description: 'Founders day',
        startDate: '2099-01-05',
        endDate: '2099-01-05',
        singleDay: true,
        academicYear: '2098-99',
      },
    },
  ])
  await db.timetables.bulkInsert([
    {
      id: 'tpl_g1',
      kind: 'group_template',
      group_id: 'g1',
      week_key: null,
      data: { groupName: 'Jaul', status: 'active', days: week('maths') },
    },
    {
      id: 'tpl_g2',
      kind: 'group_template',
      group_id: 'g2',
      week_key: null,
      data: { groupName: 'Tanni', status: 'active', days: week('art') },
    },
  ])
  await db.families?.insert({
    id: 'fam',
    status: 'enrolled',
    name: 'Fernandes',
    data: {
      guardians: [
        {
          parentUUID: 'p1',
          firstName: 'João',
          lastName: 'Fernandes',
          nationality: 'Indian',
          maritalStatus: 'Married',
          identityProof: [
            proof('passport.pdf', {
              identityProofSelection: 'Passport',
              hasExpiryDate: true,
              expiryDate: addDays(today, 10),
            }),
          ],
        },
      ],
      forms: complete ? [{ fileName: 'form.pdf', fileURL: 'families/fam/form.pdf' }] : [],
    },
  })
  await db.lesson_items.insert({
    id: 'li1',
    kind: 'assignment',
    lesson_id: `${weekKeyOf(today)}:maths-2`,
    group_id: 'g1',
    week_key: weekKeyOf(today),
    facilitator_id: null,
    data: { title: 'Read chapter 2', description: 'Bring the book on Friday' },
    created_at: new Date().toISOString(),
  })
  await db.students.bulkInsert([
    {
      id: 'st1',
      family_id: 'fam',
      contact_id: null,
      group_id: 'g1',
      status: 'active',
      name: 'Tiago Fernandes',
      fee_tariff_id: null,
      enrolment: {},
      data: { firstName: 'Tiago', identityProof: [proof('tiago.pdf')] },
    },
    {
      id: 'st2',
      family_id: 'fam',
      contact_id: null,
      group_id: 'g2',
      status: 'active',
      name: 'Inês Fernandes',
      fee_tariff_id: null,
      enrolment: {},
      data: { firstName: 'Inês', identityProof: [proof('ines.pdf')] },
    },
  ])
}

/** This device has had one whole sync (the replicating tab keeps the time there). */
const synced = () =>
  localStorage.setItem(`app.sync.lastSyncedAt.${testMember().userId}`, String(Date.now()))

describe.each([360, 1280])('the home at %ipx', (width) => {
  it("a guardian sees their children, their groups' week, holidays and expiring documents", async () => {
    setViewportWidth(width)
    await renderApp({ path: '/parents/dash', member: testMember({ role: 'guardian' }), seed })
    const home = await screen.findByTestId('parents-home')
    expect(within(home).getByRole('heading', { level: 1 })).toHaveTextContent('Fernandes family')
    // The children's cards (the absences chart, loaded on its own, names them too).
    const children = within(home).getByRole('region', { name: 'Children' })
    expect(within(children).getByText('Tiago Fernandes')).toBeInTheDocument()
    expect(within(children).getByText(/Group: Tanni/)).toBeInTheDocument()
    fireEvent.click(within(home).getByRole('tab', { name: /^Monday/ }))
    const jaul = await within(home).findByRole('region', { name: 'Jaul on Monday' })
    expect(within(jaul).getAllByTestId('home-lesson')[0]).toHaveTextContent(
      '09:30 - 10:15 Circle time',
    )
    expect(within(home).getByRole('region', { name: 'Tanni on Monday' })).toHaveTextContent('Art')
    expect(within(home).getByText('Founders day')).toBeInTheDocument()
    // The lesson opens its assignment.
    fireEvent.click(within(jaul).getByRole('button', { name: /Mathematics.*1 item/ }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Read chapter 2')
    expect(dialog).toHaveTextContent('Bring the book on Friday')
    expect(within(home).getByText('João Fernandes: Passport').parentElement).toHaveTextContent(
      'in 10 days',
    )
    expect(within(home).getByTestId('last-sync')).toHaveTextContent('Not synced yet')
    expect(screen.queryByTestId('dashboard-welcome')).not.toBeInTheDocument()
  })

  it('a guardian whose profile is incomplete is sent to the Profile page, and told so', async () => {
    setViewportWidth(width)
    synced()
    const { router } = await renderApp({
      path: '/parents/dash',
      member: testMember({ role: 'guardian' }),
      seed: (db) => seed(db, false),
    })
    expect(
      await screen.findByRole('dialog', { name: 'Please complete your profile' }),
    ).toBeInTheDocument()
    expect(router.state.location.search).toEqual({ pane: 'profile' })
    expect(await screen.findByTestId('profile-wizard')).toHaveTextContent('Personal Data')
    expect(screen.queryByTestId('parents-home')).not.toBeInTheDocument()
  })

  it('a profile admin is not sent to the Profile page', async () => {
    setViewportWidth(width)
    synced()
    await renderApp({
      path: '/parents/dash',
      member: testMember({ role: 'guardian', isProfileAdmin: true }),
      seed: (db) => seed(db, false),
    })
    expect(await screen.findByTestId('parents-home')).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Please complete your profile' })).toBeNull()
  })

  it('a guardian is not sent to the Profile page before a whole sync (half a family is not an incomplete profile)', async () => {
    setViewportWidth(width)
    localStorage.clear()
    await renderApp({
      path: '/parents/dash',
      member: testMember({ role: 'guardian' }),
      seed: (db) => seed(db, false),
    })
    expect(await screen.findByTestId('parents-home')).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Please complete your profile' })).toBeNull()
  })

  it('a student sees their own week, without family documents', async () => {
    setViewportWidth(width)
    await renderApp({
      path: '/students/dash',
      member: testMember({ role: 'student' }),
      seed: async (db) => {
        await seed(db)
        await db.students.findOne('st2').remove()
      },
    })
    const home = await screen.findByTestId('student-home')
    expect(within(home).getByRole('heading', { level: 1 })).toHaveTextContent('My week')
    // Given this week with no date, it is due at the lesson's next occurrence, next week.
    expect(within(home).getByRole('region', { name: 'Due this week' })).toHaveTextContent(
      'Nothing is due this week.',
    )
    fireEvent.click(within(home).getByRole('tab', { name: /^Monday/ }))
    const jaul = await within(home).findByRole('region', { name: 'Jaul on Monday' })
    expect(within(jaul).getByRole('button', { name: /Mathematics.*1 item/ })).toBeInTheDocument()
    expect(within(home).queryByRole('region', { name: 'Tanni on Monday' })).toBeNull()
    expect(within(home).queryByText(/Documents that expire soon/)).toBeNull()
  })
})

describe("a guardian's settings", () => {
  it("lead to the family's profile beside the account", async () => {
    setViewportWidth(360)
    await renderApp({ path: '/parents/settings', member: testMember({ role: 'guardian' }) })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: "Open your family's profile" })).toHaveAttribute(
      'href',
      '/parents/dash?pane=profile',
    )
  })
})

// After the other homes, so that the cards it loads do not race the lists they look at.
describe('the home with a field trip', () => {
  it("a guardian sees their groups' field trips on the week's days and on Home, with the fee", async () => {
    setViewportWidth(1280)
    await renderApp({
      path: '/parents/dash',
      member: testMember({ role: 'guardian' }),
      seed: async (db) => {
        await seed(db)
        await db.gatherings.insert({
          id: 'ft1',
          kind: 'field_trip',
          meeting_id: null,
          group_ids: ['g1'],
          status: 'pending',
          data: {
            title: 'Spice farm',
            packingList: 'Hat',
            fee: 400,
            startDate: addDays(today, -7),
            endDate: addDays(today, 14),
            academicYear: '2026-27',
            studentIds: ['st1'],
            facilitatorIds: [],
            parents: [],
          },
        })
      },
    })
    const home = await screen.findByTestId('parents-home')
    fireEvent.click(within(home).getByRole('tab', { name: /^Monday/ }))
    const jaul = await within(home).findByRole('region', { name: 'Jaul on Monday' })
    expect(within(jaul).getByTestId('week-trip')).toHaveTextContent('Field trip: Spice farm')
    const tanni = within(home).getByRole('region', { name: 'Tanni on Monday' })
    expect(within(tanni).queryByTestId('week-trip')).not.toBeInTheDocument()
    const trip = await screen.findByTestId('family-trip', {}, { timeout: 15_000 })
    expect(trip).toHaveTextContent('Packing list: Hat')
    expect(within(trip).getByTestId('trip-fee')).toHaveTextContent(
      'Fee: ₹400.00 per child · ₹400.00 for Tiago Fernandes',
    )
  })
})
