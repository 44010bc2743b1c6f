// The weekly feedback display (M05, M06): each student entry with its facilitator, subject,
// feedback, the group feedback it goes with, colour, date and student, newest first.
import type { FeedbackColour, FeedbackStatus } from '@sync/contract/collections/feedback'
import type { FeedbackRow } from '@sync/engine/database'

export interface FeedbackEntry {
  id: string
  term: string
  groupId: string
  subjectId: string | null
  studentId: string
  facilitatorId: string
  facilitatorName: string
  subjectName: string
  studentName: string
  title: string
  feedback: string
  /** The covered curriculum of the group feedback the entry goes with, if any. */
  groupFeedback: string
  color: FeedbackColour
  notParticipating: boolean
  status: FeedbackStatus
  /** When the server received it; null while it waits on this device. */
  createdAt: string | null
}

export interface Names {
  facilitators: Record<string, string>
  subjects: Record<string, string>
}

/**
 * Newest first: by the server's time, entries still on this device first (they were written
 * last), then by id (ids are made in time order on the device).
 */
export function newestFirst<T extends { id: string; createdAt: string | null }>(
  a: T,
  b: T,
): number {
  if (a.createdAt !== b.createdAt) {
    if (a.createdAt === null) return -1
    if (b.createdAt === null) return 1
    return b.createdAt.localeCompare(a.createdAt)
  }
  return b.id.localeCompare(a.id)
}

/** The student entries among `rows`, as the display shows them, newest first. */
export function feedbackEntries(rows: readonly FeedbackRow[], names: Names): FeedbackEntry[] {
  const groups = new Map<string, string>()
  for (const r of rows) if (r.kind === 'group') groups.set(r.id, r.data.coveredCurriculum)
  const out: FeedbackEntry[] = []
  for (const r of rows) {
    if (r.kind !== 'student' || !r.student_id) continue
    out.push({
      id: r.id,
      term: r.term,
      groupId: r.group_id,
      subjectId: r.subject_id,
      studentId: r.student_id,
      facilitatorId: r.facilitator_id,
      facilitatorName: names.facilitators[r.facilitator_id] ?? r.data.facilitatorName ?? '',
      subjectName: (r.subject_id && names.subjects[r.subject_id]) || '',
      studentName: r.data.studentName,
      title: r.data.title,
      feedback: r.data.feedback,
      groupFeedback: (r.data.groupFeedbackId && groups.get(r.data.groupFeedbackId)) || '',
      color: r.data.color,
      notParticipating: r.data.notParticipating,
      status: r.status,
      createdAt: r.created_at ?? null,
    })
  }
  return out.sort(newestFirst)
}
