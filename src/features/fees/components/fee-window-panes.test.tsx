import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import type { AppDatabase } from '@sync/engine/database'
import { longDate } from '@sync/rules/text'
import { centreDateOf } from '@/lib/time/calendar-date'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'

// Fees run from the enrolment's start (issue 40): two children enrolled today to start on the
// 4th of the month after next owe nothing yet, while a child at the centre since June owes this
// month. Dates are relative to today so the test holds in any month.
const today = centreDateOf(new Date())
const [year, month] = today.split('-').map(Number) as [number, number]
const later = new Date(Date.UTC(year, month + 1, 4)).toISOString().slice(0, 10)
const sinceJune = `${month >= 6 ? year : year - 1}-06-01`

const staff = testMember({ role: 'administration', name: 'Anita Desai' })

const guardian = (firstName: string, lastName: string) => ({
  parentUUID: `${lastName}-g1`,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@example.com`,
})

const student = (
  id: string,
  familyId: string,
  name: string,
  enrolment: Record<string, string>,
) => ({
  id,
  family_id: familyId,
  contact_id: null,
  group_id: 'g-sun',
  status: 'active' as const,
  name,
  fee_tariff_id: null,
  enrolment,
  data: { firstName: name.split(' ')[0]! },
})

async function seed(db: AppDatabase) {
  await db.reference.bulkInsert([
    {
      id: 'g-sun',
      kind: 'group',
      data: { name: 'Sunflowers', timingSet: 1, status: 'active', feeTariffId: 't-std' },
    },
    { id: 't-std', kind: 'fee_tariff', data: { name: 'Standard', amount: 15600 } },
  ])
  await db.families!.bulkInsert([
    {
      id: 'fam-kamat',
      status: 'enrolled',
      name: 'Kamat',
      data: { guardians: [guardian('Priya', 'Kamat')] },
    },
    {
      id: 'fam-naik',
      status: 'enrolled',
      name: 'Naik',
      data: { guardians: [guardian('Rohini', 'Naik')] },
    },
  ])
  const enrolledNow = { enrolledAt: new Date().toISOString(), startDate: later }
  await db.students.bulkInsert([
    student('st-aarav', 'fam-kamat', 'Aarav Kamat', enrolledNow),
    student('st-meera', 'fam-kamat', 'Meera Kamat', enrolledNow),
    student('st-rohan', 'fam-naik', 'Rohan Naik', { startDate: sinceJune }),
  ])
}

describe('fees before a child starts', () => {
  it('Payments lists the children who start later as not paying yet, with their first day', async () => {
    setViewportWidth(1280)
    await renderApp({ path: '/administration/dash?pane=payments', member: staff, seed })
    const pending = await screen.findByTestId('fees-pending')
    await within(pending).findByText('Rohan Naik')
    expect(within(pending).queryByText('Aarav Kamat')).toBeNull()
    expect(within(pending).queryByText('Meera Kamat')).toBeNull()
    expect(within(pending).getByText(/Pending ₹15,600\.00/)).toBeInTheDocument()
    const notPaying = screen.getByTestId('fees-notPaying')
    const aarav = within(notPaying).getByText('Aarav Kamat').closest('[role="listitem"]')!
    expect(aarav).toHaveTextContent(`Starts on ${longDate(later)}: fees run from that month`)
    expect(aarav).toHaveTextContent('Pending ₹0.00')
  })

  it('Reminders offers no reminder to a family whose children have not started', async () => {
    setViewportWidth(1280)
    await renderApp({ path: '/administration/dash?pane=reminders', member: staff, seed })
    const list = await screen.findByRole('list', { name: 'Families with a fee due' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(
      within(list).getByRole('button', { name: 'Send reminder to the Naik family' }),
    ).toBeInTheDocument()
    expect(within(list).queryByText(/Kamat/)).toBeNull()
  })
})
