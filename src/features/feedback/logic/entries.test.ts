import { describe, expect, it } from 'vitest'
import type { FeedbackRow } from '@sync/engine/database'
import { feedbackEntries } from './entries'

const group: FeedbackRow = {
  id: 'g1',
  kind: 'group',
  term: '2026_2027_2',
  group_id: 'rg-jaul',
  subject_id: 'rs-maths',
  facilitator_id: 'f1',
  student_id: null,
  status: 'ready',
  data: { projectedCurriculum: 'Fractions', coveredCurriculum: 'Fractions and decimals' },
}
const student = (id: string, createdAt: string | undefined, facilitator = 'f1'): FeedbackRow => ({
  id,
  kind: 'student',
  term: '2026_2027_2',
  group_id: 'rg-jaul',
  subject_id: 'rs-maths',
  facilitator_id: facilitator,
  student_id: 'st-tiago',
  status: 'draft',
  created_at: createdAt,
  data: {
    title: `Entry ${id}`,
    feedback: 'Works well',
    groupFeedbackId: 'g1',
    color: 'green',
    notParticipating: false,
    studentName: 'Tiago Fernandes',
    facilitatorName: 'Old name',
  },
})
const names = { facilitators: { f1: 'Asha', f2: 'Rahul' }, subjects: { 'rs-maths': 'Mathematics' } }

describe('the weekly feedback display (M05, M06)', () => {
  it('shows facilitator, subject, feedback, group feedback, colour, date and student', () => {
    const [entry] = feedbackEntries([group, student('s1', '2026-11-20T10:00:00+05:30')], names)
    expect(entry).toMatchObject({
      facilitatorName: 'Asha',
      subjectName: 'Mathematics',
      feedback: 'Works well',
      groupFeedback: 'Fractions and decimals',
      color: 'green',
      createdAt: '2026-11-20T10:00:00+05:30',
      studentName: 'Tiago Fernandes',
    })
  })

  it('lists the newest first, entries still on this device before all others', () => {
    const rows = [
      student('s1', '2026-11-20T10:00:00+05:30'),
      student('s3', undefined, 'f2'),
      student('s2', '2026-11-27T10:00:00+05:30', 'f2'),
      group,
    ]
    expect(feedbackEntries(rows, names).map((e) => e.id)).toEqual(['s3', 's2', 's1'])
  })

  it('falls back to the names the entry was written with', () => {
    const [entry] = feedbackEntries([student('s1', undefined, 'f9')], names)
    expect(entry!.facilitatorName).toBe('Old name')
    expect(entry!.groupFeedback).toBe('')
  })
})
