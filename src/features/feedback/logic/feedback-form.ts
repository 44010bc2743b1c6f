// The facilitator's feedback dialogs (M02–M04): the student feedback dialog (title, feedback,
// group feedback, colour; "not participating") and the group feedback dialog (projected and
// covered curriculum), and the rows they write on the device.
import * as z from 'zod/mini'
import {
  FEEDBACK_COLOURS,
  feedback,
  type FeedbackStatus,
} from '@sync/contract/collections/feedback'
import { parseRow } from '@sync/contract/schema'
import type { FeedbackRow } from '@sync/engine/database'

export const FEEDBACK_MESSAGES = {
  subject: 'Choose a subject',
  title: 'Enter a title',
  feedback: 'Write the feedback, or mark the student as not participating',
  curriculum: 'Enter the projected or the covered curriculum',
  long: 'Use at most 10000 characters',
} as const

export const studentFeedbackFormSchema = z
  .object({
    subjectId: z.string().check(z.minLength(1, FEEDBACK_MESSAGES.subject)),
    title: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, FEEDBACK_MESSAGES.title),
        z.maxLength(200, 'Use at most 200 characters'),
      ),
    feedback: z.string().check(z.trim(), z.maxLength(10000, FEEDBACK_MESSAGES.long)),
    groupFeedbackId: z.string(),
    color: z.enum(FEEDBACK_COLOURS),
    notParticipating: z.boolean(),
    ready: z.boolean(),
  })
  .check(
    z.refine((v) => v.notParticipating || v.feedback.trim().length > 0, {
      message: FEEDBACK_MESSAGES.feedback,
      path: ['feedback'],
    }),
  )
export type StudentFeedbackValues = z.input<typeof studentFeedbackFormSchema>

export const groupFeedbackFormSchema = z
  .object({
    subjectId: z.string().check(z.minLength(1, FEEDBACK_MESSAGES.subject)),
    projectedCurriculum: z
      .string()
      .check(z.trim(), z.maxLength(5000, 'Use at most 5000 characters')),
    coveredCurriculum: z.string().check(z.trim(), z.maxLength(5000, 'Use at most 5000 characters')),
  })
  .check(
    z.refine((v) => (v.projectedCurriculum + v.coveredCurriculum).trim().length > 0, {
      message: FEEDBACK_MESSAGES.curriculum,
      path: ['coveredCurriculum'],
    }),
  )
export type GroupFeedbackValues = z.input<typeof groupFeedbackFormSchema>

/** Where an entry is written: a term, a group, the facilitator writing, and the names shown. */
export interface FeedbackContext {
  term: string
  groupId: string
  facilitatorId: string
  facilitatorName: string
}

export function studentFeedbackInitial(
  existing: FeedbackRow | null,
  subjectId: string,
): StudentFeedbackValues {
  if (existing?.kind === 'student')
    return {
      subjectId: existing.subject_id ?? '',
      title: existing.data.title,
      feedback: existing.data.feedback,
      groupFeedbackId: existing.data.groupFeedbackId ?? '',
      color: existing.data.color,
      notParticipating: existing.data.notParticipating,
      ready: existing.status !== 'draft',
    }
  return {
    subjectId,
    title: '',
    feedback: '',
    groupFeedbackId: '',
    color: 'green',
    notParticipating: false,
    ready: false,
  }
}

const statusOf = (ready: boolean, existing: FeedbackRow | null): FeedbackStatus =>
  existing?.status === 'released' ? 'released' : ready ? 'ready' : 'draft'

/** The student entry the dialog writes: a new row, or the edited one with the same id. */
export function studentFeedbackRow(
  values: StudentFeedbackValues,
  student: { id: string; name: string },
  context: FeedbackContext,
  existing: FeedbackRow | null,
  newId: () => string,
): FeedbackRow {
  const input = studentFeedbackFormSchema.parse(values)
  return parseRow(feedback, {
    ...(existing ?? {}),
    id: existing?.id ?? newId(),
    kind: 'student',
    term: existing?.term ?? context.term,
    group_id: existing?.group_id ?? context.groupId,
    subject_id: existing?.subject_id ?? input.subjectId,
    facilitator_id: existing?.facilitator_id ?? context.facilitatorId,
    student_id: student.id,
    status: statusOf(input.ready, existing),
    data: {
      title: input.title,
      feedback: input.feedback,
      groupFeedbackId: input.groupFeedbackId || null,
      color: input.color,
      notParticipating: input.notParticipating,
      studentName: student.name,
      facilitatorName: context.facilitatorName,
    },
  })
}

export function groupFeedbackInitial(
  existing: FeedbackRow | null,
  subjectId: string,
): GroupFeedbackValues {
  if (existing?.kind === 'group')
    return {
      subjectId: existing.subject_id ?? '',
      projectedCurriculum: existing.data.projectedCurriculum,
      coveredCurriculum: existing.data.coveredCurriculum,
    }
  return { subjectId, projectedCurriculum: '', coveredCurriculum: '' }
}

/** The group feedback the dialog writes (M02); it is ready once written. */
export function groupFeedbackRow(
  values: GroupFeedbackValues,
  context: FeedbackContext,
  existing: FeedbackRow | null,
  newId: () => string,
): FeedbackRow {
  const input = groupFeedbackFormSchema.parse(values)
  return parseRow(feedback, {
    ...(existing ?? {}),
    id: existing?.id ?? newId(),
    kind: 'group',
    term: existing?.term ?? context.term,
    group_id: existing?.group_id ?? context.groupId,
    subject_id: existing?.subject_id ?? input.subjectId,
    facilitator_id: existing?.facilitator_id ?? context.facilitatorId,
    student_id: null,
    status: existing?.status === 'released' ? 'released' : 'ready',
    data: {
      projectedCurriculum: input.projectedCurriculum,
      coveredCurriculum: input.coveredCurriculum,
    },
  })
}
