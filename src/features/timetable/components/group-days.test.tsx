import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'
import type { AppDatabase } from '@sync/engine/database'
import { weekDocId } from '@sync/contract/collections/timetables'
import { subjectColour } from '../logic/sessions'

// Every lesson looks up its subject's colour each time it draws: watched to tell which redrew.
vi.mock('../logic/sessions', async (original) => {
  const actual = await original<typeof import('../logic/sessions')>()
  return { ...actual, subjectColour: vi.fn(actual.subjectColour) }
})

const facilitator = testMember({
  role: 'facilitator',
  facilitatorId: 'fac-asha',
  name: 'Asha Gaonkar',
})
const session = (id: string, timingId: string, subjectId: string, topic: string | null = null) => ({
  id,
  timingId,
  subjectId,
  classroomId: 'room',
  groupId: 'g1',
  facilitatorId: 'fac-asha',
  topicId: topic ? 'tp-frac' : null,
  topic,
  subtopicId: null,
  subtopic: null,
  lessonDetailId: null,
  mainMixedGroupId: null,
  mixedGroupId: null,
  isMixedGroup: false,
  mixedGroupSubjectId: null,
  students: [],
})

async function seed(db: AppDatabase) {
  await db.reference.bulkInsert([
    { id: 't1', kind: 'session_timing', data: { timing: '09:30 - 10:15', groupNumber: 1 } },
    { id: 't2', kind: 'session_timing', data: { timing: '10:15 - 11:00', groupNumber: 1 } },
    {
      id: 'maths',
      kind: 'subject',
      data: { name: 'Mathematics', color: '#1864ab', mixedGroup: false },
    },
    { id: 'art', kind: 'subject', data: { name: 'Art', color: '#e64980', mixedGroup: true } },
    { id: 'room', kind: 'classroom', data: { name: 'Mango Room' } },
    {
      id: 'g1',
      kind: 'group',
      data: {
        name: 'Jaul',
        timingSet: 1,
        status: 'active',
        students: [{ id: 'st1', name: 'Tiago' }],
      },
    },
    {
      id: 'h1',
      kind: 'holiday',
      data: {
        description: 'Gandhi Jayanti',
        startDate: '2026-10-02',
        endDate: '2026-10-02',
        singleDay: true,
        academicYear: '2026-27',
      },
    },
  ])
  await db.facilitators.insert({
    id: 'fac-asha',
    name: 'Asha Gaonkar',
    email: null,
    status: 'active',
    auth_uid: null,
  })
  await db.topics.bulkInsert([
    {
      id: 'tp-frac',
      kind: 'topic',
      facilitator_id: null,
      subject_id: 'maths',
      topic_id: null,
      data: { name: 'Fractions' },
    },
    {
      id: 'tp-half',
      kind: 'subtopic',
      facilitator_id: null,
      subject_id: 'maths',
      topic_id: 'tp-frac',
      data: { name: 'Halves' },
    },
    {
      id: 'tp-mine',
      kind: 'topic',
      facilitator_id: 'fac-asha',
      subject_id: 'maths',
      topic_id: null,
      data: { name: 'Shapes' },
    },
  ])
  const day = [session('s2', 't2', 'art'), session('s1', 't1', 'maths')]
  await db.timetables.insert({
    id: 'tpl_g1',
    kind: 'group_template',
    group_id: 'g1',
    week_key: null,
    data: {
      groupName: 'Jaul',
      status: 'active',
      days: {
        monday: day,
        tuesday: [session('s3', 't1', 'maths', 'Fractions')],
        wednesday: [],
        thursday: [],
        friday: day.map((s) => ({ ...s, id: `${s.id}f` })),
      },
    },
  })
}

/** Opens a Mantine select inside `container` and picks an option from its own list. */
async function pick(container: HTMLElement, label: string, option: string) {
  const input = within(container).getByLabelText(label)
  await userEvent.click(input)
  const list = await waitFor(() => {
    const el = document.getElementById(input.getAttribute('aria-controls') ?? '')
    if (!el) throw new Error('the list did not open')
    return el
  })
  await userEvent.click(within(list).getByText(option))
}

let db: AppDatabase
const open = (week: string) =>
  renderApp({
    path: `/facilitators/dash/groupDays?group=g1&week=${week}`,
    member: facilitator,
    seed: async (d) => ((db = d), seed(d)),
  })

describe("a group's week", () => {
  it('shows Monday to Friday with lessons by start time, and holidays as non-school days', async () => {
    setViewportWidth(1280)
    localStorage.clear()
    await open('2026_40')
    expect(await screen.findByRole('heading', { name: 'Jaul' })).toBeInTheDocument()
    const days = await screen.findAllByTestId('day')
    expect(days.map((d) => d.getAttribute('data-date'))).toEqual([
      '2026-09-28',
      '2026-09-29',
      '2026-09-30',
      '2026-10-01',
      '2026-10-02',
    ])
    expect(
      within(days[0]!)
        .getAllByTestId('session')
        .map((s) => s.getAttribute('data-session')),
    ).toEqual(['s1', 's2'])
    expect(within(days[4]!).getByTestId('non-school-day')).toHaveTextContent(
      'Holiday: Gandhi Jayanti',
    )
    expect(within(days[4]!).queryAllByTestId('session')).toHaveLength(0)
    expect(screen.getByTestId('term-label')).toHaveTextContent('2026-27 · Term 1')
  })

  it('says when a subject has no topics to choose from instead of opening an empty list', async () => {
    setViewportWidth(1280)
    localStorage.clear()
    await open('2026_48')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit lessons' }))
    const monday = (await screen.findAllByTestId('day'))[0]!
    const art = within(monday).getByLabelText('Topic for 10:15 - 11:00 · Art')
    expect(art).toBeDisabled()
    expect(art).toHaveAttribute('placeholder', 'No topics for Art yet')
    const maths = within(monday).getByLabelText('Topic for 09:30 - 10:15 · Mathematics')
    expect(maths).toBeEnabled()
    expect(maths).toHaveAttribute('placeholder', 'Choose a topic')
  })

  it('redraws only the edited lesson when a topic is chosen, not the rest of the week', async () => {
    setViewportWidth(1280)
    localStorage.clear()
    await open('2026_48')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit lessons' }))
    const monday = (await screen.findAllByTestId('day'))[0]!
    expect(screen.getAllByTestId('session')).toHaveLength(5)
    const drawn = vi.mocked(subjectColour)
    drawn.mockClear()
    await pick(monday, 'Topic for 09:30 - 10:15 · Mathematics', 'Shapes')
    expect(screen.getByTestId('pending-edits')).toHaveTextContent('1 unsaved change')
    // Of the week's five lessons, only the edited one drew again.
    expect(drawn).toHaveBeenCalledTimes(1)
  })

  it('holds edits as pending changes, cancels one, keeps them across a reload, and saves with a change log', async () => {
    setViewportWidth(1280)
    localStorage.clear()
    const first = await open('2026_48')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit lessons' }))
    const monday = (await screen.findAllByTestId('day'))[0]!
    await pick(monday, 'Topic for 09:30 - 10:15 · Mathematics', 'Shapes')
    const tuesday = screen.getAllByTestId('day')[1]!
    await pick(tuesday, 'Topic for 09:30 - 10:15 · Mathematics', 'Shapes')
    expect(screen.getByTestId('pending-edits')).toHaveTextContent('2 unsaved changes')
    // Cancelling the Tuesday edit restores its original topic.
    await userEvent.click(
      within(screen.getAllByTestId('day')[1]!).getByRole('button', { name: 'Undo' }),
    )
    expect(screen.getByTestId('pending-edits')).toHaveTextContent('1 unsaved change')
    expect(await db.timetables.findOne(weekDocId('g1', '2026_48')).exec()).toBeNull()

    // A reload keeps the pending edit.
    first.unmount()
    await open('2026_48')
    expect(await screen.findByTestId('pending-edits')).toHaveTextContent('1 unsaved change')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(async () =>
      expect(await db.timetables.findOne(weekDocId('g1', '2026_48')).exec()).not.toBeNull(),
    )
    const week = await db.timetables.findOne(weekDocId('g1', '2026_48')).exec()
    const days = week!.get('data').days as Record<string, { id: string; topic: string | null }[]>
    expect(days.monday!.find((s) => s.id === 's1')?.topic).toBe('Shapes')
    expect(days.tuesday!.find((s) => s.id === 's3')?.topic).toBe('Fractions')
    const log = await db.timetables.find({ selector: { kind: 'change_log' } }).exec()
    expect(log).toHaveLength(1)
    expect(log[0]!.get('data')).toMatchObject({
      groupName: 'Jaul',
      day: 'monday',
      createdByName: 'Asha Gaonkar',
      year: '2026-27',
      term: 2,
    })
    expect(await screen.findByText('Success! Calendar updated')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Edit lessons' })).toBeInTheDocument()
  })

  it('discarding returns to the saved week', async () => {
    setViewportWidth(390)
    localStorage.clear()
    await open('2026_49')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit lessons' }))
    const monday = (await screen.findAllByTestId('day'))[0]!
    await pick(monday, 'Topic for 09:30 - 10:15 · Mathematics', 'Fractions')
    expect(screen.getByTestId('pending-edits')).toHaveTextContent('1 unsaved change')
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }))
    expect(
      within(screen.getAllByTestId('day')[0]!).getAllByTestId('session-topic')[0],
    ).toHaveTextContent('No topic yet')
  })
})

describe('lesson details', () => {
  it("attaches one of the facilitator's own assignments to a lesson and counts it", async () => {
    setViewportWidth(1280)
    localStorage.clear()
    await renderApp({
      path: '/facilitators/dash/groupDays?group=g1&week=2026_48',
      member: facilitator,
      seed: async (d) => {
        db = d
        await seed(d)
        await d.lesson_items.insert({
          id: 'own-1',
          kind: 'assignment',
          lesson_id: null,
          group_id: null,
          week_key: null,
          facilitator_id: 'fac-asha',
          data: { title: 'Fraction hunt at home' },
          created_at: '2026-11-20T10:00:00.000Z',
        })
      },
    })
    const monday = (await screen.findAllByTestId('day'))[0]!
    await userEvent.click(
      within(monday).getByRole('button', { name: /^09:30 - 10:15 · Mathematics/ }),
    )
    await userEvent.click(await screen.findByRole('tab', { name: /Assignments/ }))
    const panel = (
      await screen.findAllByLabelText('Attach one of my assignments')
    )[0]!.closest<HTMLElement>('[role=tabpanel]')!
    await pick(panel, 'Attach one of my assignments', 'Fraction hunt at home')
    await userEvent.click(within(panel).getByRole('button', { name: 'Attach' }))
    expect(await within(panel).findByTestId('assignment')).toHaveTextContent(
      'Fraction hunt at home',
    )
    const attached = await db.lesson_items.find({ selector: { lesson_id: '2026_48:s1' } }).exec()
    expect(attached.map((a) => a.get('data'))).toEqual([
      expect.objectContaining({ title: 'Fraction hunt at home', sourceId: 'own-1' }),
    ])
    await userEvent.keyboard('{Escape}')
    expect(await within(monday).findByLabelText('1 assignments')).toBeInTheDocument()
  })
})
