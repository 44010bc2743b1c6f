import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'
import type { AppDatabase } from '@sync/engine/database'

const admin = testMember({ role: 'admin', isSystemAdmin: true })

async function seed(db: AppDatabase) {
  await db.reference.bulkInsert([
    { id: 'c1', kind: 'classroom', data: { name: 'Mango Room' } },
    { id: 'c2', kind: 'classroom', data: { name: 'Banyan Room' } },
    { id: 't1', kind: 'session_timing', data: { timing: '10:15 - 11:00', groupNumber: 1 } },
    { id: 't2', kind: 'session_timing', data: { timing: '09:30 - 10:15', groupNumber: 1 } },
  ])
}

let db: AppDatabase
const open = (path = '/admin/dash/settings') =>
  renderApp({ path, member: admin, seed: async (d) => ((db = d), seed(d)) })

const rows = () => screen.getAllByTestId('reference-row').map((r) => r.textContent)

describe('centre settings', () => {
  it('lists timings by start time and classrooms by name', async () => {
    setViewportWidth(1280)
    await open()
    await waitFor(() =>
      expect(rows()).toEqual([
        expect.stringContaining('09:30 - 10:15'),
        expect.stringContaining('10:15 - 11:00'),
      ]),
    )
    await userEvent.click(screen.getByRole('tab', { name: 'Classrooms' }))
    await waitFor(() => expect(rows()).toEqual(['Banyan RoomEdit✕', 'Mango RoomEdit✕']))
  })

  it('adds, edits and removes a record on the device, refusing bad input', async () => {
    setViewportWidth(390)
    await open()
    await userEvent.click(await screen.findByRole('tab', { name: 'Classrooms' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Add classroom' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(within(dialog).getByText('Enter a name')).toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText(/Classroom name/), 'Verandah')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(rows()).toContain('VerandahEdit✕'))
    const stored = await db.reference.find({ selector: { kind: 'classroom' } }).exec()
    expect(stored.map((d) => (d.get('data') as { name: string }).name).sort()).toEqual([
      'Banyan Room',
      'Mango Room',
      'Verandah',
    ])

    await userEvent.click(screen.getByRole('button', { name: 'Edit Mango Room' }))
    const edit = (await screen.findByDisplayValue('Mango Room')).closest<HTMLElement>(
      '[role=dialog]',
    )!
    const input = within(edit).getByLabelText(/Classroom name/)
    await userEvent.clear(input)
    await userEvent.type(input, 'Mango Hall')
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(rows()).toContain('Mango HallEdit✕'))

    await userEvent.click(screen.getByRole('button', { name: 'Remove Banyan Room' }))
    const confirm = (
      await screen.findByText(/Remove “Banyan Room” for everyone\?/)
    ).closest<HTMLElement>('[role=dialog]')!
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(rows()).not.toContain('Banyan RoomEdit✕'))
  })

  it('shows the spec wording when a holiday ends before it starts', async () => {
    setViewportWidth(1280)
    await open()
    await userEvent.click(await screen.findByRole('tab', { name: 'Holidays' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Add holiday' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByLabelText(/Description/), 'Diwali')
    await userEvent.type(within(dialog).getByLabelText('Start date'), '2026-11-10')
    await userEvent.type(within(dialog).getByLabelText('End date'), '2026-11-09')
    await userEvent.type(within(dialog).getByLabelText('Academic year'), '2026-27')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(
      within(dialog).getByText('Error: Start date must be before end date'),
    ).toBeInTheDocument()
    expect(await db.reference.find({ selector: { kind: 'holiday' } }).exec()).toHaveLength(0)
  })
})
