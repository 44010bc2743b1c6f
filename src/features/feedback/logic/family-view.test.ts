import { describe, expect, it } from 'vitest'
import type { FeedbackRow } from '@sync/engine/database'
import { familyTermView, releasedTerms } from './family-view'

const row = (
  id: string,
  student: [string, string] | null,
  subject: string,
  status: FeedbackRow['status'],
  term = '2026_2027_2',
): FeedbackRow =>
  student
    ? {
        id,
        kind: 'student',
        term,
        group_id: 'rg-jaul',
        subject_id: subject,
        facilitator_id: 'f1',
        student_id: student[0],
        status,
        created_at: `2026-11-${id.slice(-2)}T10:00:00+05:30`,
        data: {
          title: id,
          feedback: 'Text',
          groupFeedbackId: null,
          color: 'green',
          notParticipating: false,
          studentName: student[1],
          facilitatorName: 'Asha',
        },
      }
    : {
        id,
        kind: 'group',
        term,
        group_id: 'rg-jaul',
        subject_id: subject,
        facilitator_id: 'f1',
        student_id: null,
        status,
        data: { projectedCurriculum: 'Fractions', coveredCurriculum: 'Fractions and decimals' },
      }

const tiago: [string, string] = ['st-tiago', 'Tiago Fernandes']
const ines: [string, string] = ['st-ines', 'Inês Fernandes']
const subjects = { 'rs-maths': 'Mathematics', 'rs-english': 'English' }

describe("the parents' Feedback pane (M07)", () => {
  it('shows each child’s released feedback by subject, with what the group covered', () => {
    const rows = [
      row('g-01', null, 'rs-maths', 'released'),
      row('s-10', tiago, 'rs-maths', 'released'),
      row('s-12', tiago, 'rs-maths', 'released'),
      row('s-11', tiago, 'rs-english', 'released'),
      row('s-13', ines, 'rs-english', 'released'),
      row('s-14', tiago, 'rs-maths', 'ready'),
    ]
    const view = familyTermView(rows, '2026_2027_2', subjects)
    expect(view.map((c) => c.studentName)).toEqual(['Inês Fernandes', 'Tiago Fernandes'])
    const t = view[1]!
    expect(t.subjects.map((s) => s.subjectName)).toEqual(['English', 'Mathematics'])
    expect(t.subjects[1]!.entries.map((e) => e.id)).toEqual(['s-12', 's-10'])
    expect(t.subjects[1]!.covered).toEqual(['Fractions and decimals'])
  })

  it('lists only terms with released feedback, newest first, each under its own term (M01)', () => {
    const rows = [
      row('s-10', tiago, 'rs-maths', 'released', '2025_2026_3'),
      row('s-11', tiago, 'rs-maths', 'released', '2026_2027_1'),
      row('s-12', tiago, 'rs-maths', 'draft', '2026_2027_2'),
    ]
    expect(releasedTerms(rows)).toEqual(['2026_2027_1', '2025_2026_3'])
    expect(familyTermView(rows, '2025_2026_3')[0]!.subjects[0]!.entries.map((e) => e.id)).toEqual([
      's-10',
    ])
  })
})
