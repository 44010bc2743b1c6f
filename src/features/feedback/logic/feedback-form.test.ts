import { describe, expect, it } from 'vitest'
import {
  FEEDBACK_MESSAGES,
  groupFeedbackFormSchema,
  groupFeedbackRow,
  studentFeedbackFormSchema,
  studentFeedbackInitial,
  studentFeedbackRow,
} from './feedback-form'

const context = {
  term: '2026_2027_2',
  groupId: 'rg-jaul',
  facilitatorId: 'f1',
  facilitatorName: 'Asha',
}
const tiago = { id: 'st-tiago', name: 'Tiago Fernandes' }
const issues = (r: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) => r.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []

describe('the student feedback dialog (M03, M04)', () => {
  it('asks for a subject, a title and the feedback', () => {
    const empty = studentFeedbackInitial(null, '')
    expect(issues(studentFeedbackFormSchema.safeParse(empty))).toEqual([
      ['subjectId', FEEDBACK_MESSAGES.subject],
      ['title', FEEDBACK_MESSAGES.title],
      ['feedback', FEEDBACK_MESSAGES.feedback],
    ])
    const noText = { ...empty, subjectId: 'rs-maths', title: 'Fractions' }
    expect(issues(studentFeedbackFormSchema.safeParse(noText))).toEqual([
      ['feedback', FEEDBACK_MESSAGES.feedback],
    ])
    // A student who did not take part needs no text.
    expect(studentFeedbackFormSchema.safeParse({ ...noText, notParticipating: true }).success).toBe(
      true,
    )
  })

  it('writes a draft, or a ready entry, with the names the family will read', () => {
    const values = {
      ...studentFeedbackInitial(null, 'rs-maths'),
      title: ' Fractions ',
      feedback: 'Adds fractions well',
      groupFeedbackId: 'g1',
      color: 'yellow' as const,
    }
    const row = studentFeedbackRow(values, tiago, context, null, () => 'new-id')
    expect(row).toMatchObject({
      id: 'new-id',
      kind: 'student',
      term: '2026_2027_2',
      group_id: 'rg-jaul',
      subject_id: 'rs-maths',
      facilitator_id: 'f1',
      student_id: 'st-tiago',
      status: 'draft',
      data: {
        title: 'Fractions',
        feedback: 'Adds fractions well',
        groupFeedbackId: 'g1',
        color: 'yellow',
        notParticipating: false,
        studentName: 'Tiago Fernandes',
        facilitatorName: 'Asha',
      },
    })
    const ready = studentFeedbackRow({ ...values, ready: true }, tiago, context, row, () => 'x')
    expect([ready.id, ready.status]).toEqual(['new-id', 'ready'])
    // Released stays released whatever the dialog says.
    const released = { ...row, status: 'released' as const }
    expect(studentFeedbackRow(values, tiago, context, released, () => 'x').status).toBe('released')
  })

  it('refuses bad input with the message, writing nothing', () => {
    expect(() =>
      studentFeedbackRow(studentFeedbackInitial(null, ''), tiago, context, null, () => 'x'),
    ).toThrow()
  })
})

describe('the group feedback dialog (M02)', () => {
  it('needs the projected or the covered curriculum', () => {
    expect(
      issues(
        groupFeedbackFormSchema.safeParse({
          subjectId: 'rs-maths',
          projectedCurriculum: ' ',
          coveredCurriculum: '',
        }),
      ),
    ).toEqual([['coveredCurriculum', FEEDBACK_MESSAGES.curriculum]])
    const row = groupFeedbackRow(
      { subjectId: 'rs-maths', projectedCurriculum: 'Fractions', coveredCurriculum: '' },
      context,
      null,
      () => 'g-new',
    )
    expect(row).toMatchObject({
      id: 'g-new',
      kind: 'group',
      student_id: null,
      status: 'ready',
      data: { projectedCurriculum: 'Fractions', coveredCurriculum: '' },
    })
  })
})
