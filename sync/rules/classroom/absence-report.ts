import * as z from 'zod/mini'
import { ABSENCE_REASON_MAX, lessonItems } from '../../contract/collections/lesson-items.ts'
import { absenceId } from './absence-id.ts'
import type { RowOf } from '../../contract/schema.ts'

/** How far ahead a family may report an absence. */
export const REPORT_AHEAD_DAYS = 366

export const ABSENCE_REPORT_MESSAGES = {
  child: 'Choose a child',
  date: 'Choose a day',
  past: 'Choose today or a later day',
  farAhead: 'Choose a day within the next year',
  weekend: 'Choose a school day (Monday to Friday)',
  taken: 'This child is already marked away on that day',
} as const

/** A YYYY-MM-DD that names a day of the calendar (not 2026-02-30). */
function realDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text
}

const plusDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay()

/**
 * A family's report that a child will be away ("Ira will be away on Friday"): a school day from
 * today (the centre's date) on, with a reason if they wish.
 */
export function absenceReportSchema(today: string) {
  return z.object({
    studentId: z.string().check(z.minLength(1, ABSENCE_REPORT_MESSAGES.child)),
    date: z.string().check(
      z.refine(realDate, ABSENCE_REPORT_MESSAGES.date),
      z.refine((d) => !realDate(d) || d >= today, ABSENCE_REPORT_MESSAGES.past),
      z.refine(
        (d) => !realDate(d) || d <= plusDays(today, REPORT_AHEAD_DAYS),
        ABSENCE_REPORT_MESSAGES.farAhead,
      ),
      z.refine(
        (d) => !realDate(d) || (weekday(d) >= 1 && weekday(d) <= 5),
        ABSENCE_REPORT_MESSAGES.weekend,
      ),
    ),
    reason: z
      .string()
      .check(
        z.trim(),
        z.maxLength(ABSENCE_REASON_MAX, `Keep the reason under ${ABSENCE_REASON_MAX} characters`),
      ),
  })
}
export type AbsenceReport = z.infer<ReturnType<typeof absenceReportSchema>>

/** The record a family's report makes: the whole day, reported by the family. */
export function reportedAbsence(
  report: AbsenceReport,
  groupId: string,
  weekKey: string,
  createdAt: string,
): Extract<RowOf<typeof lessonItems>, { kind: 'absence' }> {
  const reason = report.reason.trim()
  return {
    id: absenceId(report.studentId, report.date, null),
    kind: 'absence',
    lesson_id: null,
    group_id: groupId,
    week_key: weekKey,
    facilitator_id: null,
    student_id: report.studentId,
    data: { date: report.date, reportedBy: 'family', ...(reason ? { reason } : {}) },
    created_at: createdAt,
  }
}
