// The parents' Feedback pane (M07): the family's released feedback, by term, then by child and
// subject, each subject with its group feedback (covered curriculum) and its entries newest first.
import type { FeedbackRow } from '@sync/engine/database'
import { feedbackEntries, type FeedbackEntry } from './entries'

export interface SubjectFeedback {
  subjectName: string
  /** What the group covered in the subject this term (each facilitator's group feedback). */
  covered: string[]
  entries: FeedbackEntry[]
}
export interface ChildFeedback {
  studentId: string
  studentName: string
  subjects: SubjectFeedback[]
}

/** The terms that have released feedback, newest first. */
export function releasedTerms(rows: readonly FeedbackRow[]): string[] {
  const terms = new Set(rows.filter((r) => r.status === 'released').map((r) => r.term))
  return [...terms].sort().reverse()
}

/** One term's released feedback per child and subject; children and subjects by name. */
export function familyTermView(
  rows: readonly FeedbackRow[],
  term: string,
  subjectNames: Record<string, string> = {},
): ChildFeedback[] {
  const released = rows.filter((r) => r.status === 'released' && r.term === term)
  const entries = feedbackEntries(released, { facilitators: {}, subjects: subjectNames })
  const children = new Map<string, ChildFeedback>()
  for (const e of entries) {
    const child = children.get(e.studentId) ?? {
      studentId: e.studentId,
      studentName: e.studentName,
      subjects: [],
    }
    children.set(e.studentId, child)
    let subject = child.subjects.find((s) => s.subjectName === e.subjectName)
    if (!subject) {
      const covered = released.flatMap((r) =>
        r.kind === 'group' && r.group_id === e.groupId && r.subject_id === e.subjectId
          ? [r.data.coveredCurriculum].filter(Boolean)
          : [],
      )
      subject = { subjectName: e.subjectName, covered, entries: [] }
      child.subjects.push(subject)
    }
    subject.entries.push(e)
  }
  const out = [...children.values()].sort((a, b) => a.studentName.localeCompare(b.studentName))
  for (const c of out) c.subjects.sort((a, b) => a.subjectName.localeCompare(b.subjectName))
  return out
}
