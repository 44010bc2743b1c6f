import { describe, expect, it } from 'vitest'
import { changeLogEntry } from './change-log'
import {
  editModeActions as act,
  editModeReducer,
  initialEditMode,
  topicValuesOf,
} from './edit-mode'
import { session } from '@sync/rules/timetable/fixtures'

const fractions = session('s1', { topicId: 'fractions', topic: 'Fractions', timingId: 't1' })
const blank = session('s2', { timingId: 't2', subjectId: 'art' })
const other = session('s3')

const state = [
  act.start(),
  act.edit('s1', { topicId: 'decimals', topic: 'Decimals' }, topicValuesOf(fractions)),
  act.edit('s2', { topicId: 'clay', topic: 'Clay' }, topicValuesOf(blank)),
  act.edit('s3', { topicId: 'clay', topic: 'Clay' }, topicValuesOf(other)),
].reduce(editModeReducer, initialEditMode)

const group = { id: 'otters', name: 'Otters' }
const user = { id: 'asha', name: 'Asha Naik' }
const now = new Date('2026-11-03T09:15:00Z')

describe('calendar change log (K25)', () => {
  it('records the day’s changes, the group, who and when', () => {
    const entry = changeLogEntry(state, {
      group,
      day: { day: 'monday', date: '2026-11-02', sessions: [fractions, blank] },
      user,
      now,
    })
    expect(entry).toEqual({
      changes: [
        {
          sessionId: 's1',
          timingId: 't1',
          subjectId: 'maths',
          before: { topicId: 'fractions', topic: 'Fractions', subtopicId: null, subtopic: null },
          after: { topicId: 'decimals', topic: 'Decimals', subtopicId: null, subtopic: null },
        },
        {
          sessionId: 's2',
          timingId: 't2',
          subjectId: 'art',
          before: { topicId: null, topic: null, subtopicId: null, subtopic: null },
          after: { topicId: 'clay', topic: 'Clay', subtopicId: null, subtopic: null },
        },
      ],
      groupId: 'otters',
      groupName: 'Otters',
      day: 'monday',
      date: '2026-11-02',
      createdAt: '2026-11-03T09:15:00.000Z',
      createdBy: 'asha',
      createdByName: 'Asha Naik',
      year: '2026-27',
      term: 2,
    })
  })

  it.each([
    ['2025-07-14', '2025-26', 1],
    ['2025-09-15', '2025-26', 2],
    ['2026-02-09', '2025-26', 3],
    ['2026-05-25', '2025-26', 3],
    ['2026-06-01', '2026-27', 1],
  ] as const)('a lesson on %s is logged in %s Term %i', (date, year, term) => {
    const entry = changeLogEntry(state, {
      group,
      day: { day: 'monday', date, sessions: [fractions] },
      user,
      now,
    })
    expect(entry).toMatchObject({ year, term })
  })

  it('records nothing for a day without pending edits', () => {
    const entry = changeLogEntry(state, {
      group,
      day: { day: 'friday', date: '2026-11-06', sessions: [session('s9')] },
      user,
      now,
    })
    expect(entry).toBeNull()
  })
})
