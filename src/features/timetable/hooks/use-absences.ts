import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import type { LessonItemRow, TimetableRow } from '@sync/engine/database'
import { lessonKey, templateDocId, weekDocId } from '@sync/contract/collections/timetables'
import { normaliseDays } from '@sync/rules/timetable/normalise'
import { useObservable } from '@/db/hooks'
import { isoWeekdayOf } from '@/lib/time/calendar-date'
import { weekKeyOf } from '@/lib/time/week'
import type { AbsenceRecord, HeldLesson } from '../logic/absences'
import { sortSessionsByTiming } from '../logic/sessions'
import { WEEKDAY_KEYS, type IsoDate } from '../logic/types'
import type { TimetableLookups } from './use-lookups'

/** The absence a stored row records, or null for any other kind of lesson item. */
export function absenceOf(row: LessonItemRow): AbsenceRecord | null {
  if (row.kind !== 'absence' || !row.student_id || !row.group_id) return null
  return {
    id: row.id,
    studentId: row.student_id,
    groupId: row.group_id,
    lessonId: row.lesson_id,
    date: row.data.date,
    reportedBy: row.data.reportedBy,
    reason: row.data.reason,
  }
}

const absencesOf = (rows: readonly LessonItemRow[]) =>
  rows.flatMap((r) => {
    const a = absenceOf(r)
    return a ? [a] : []
  })

/** Every absence on this device, live (a facilitator's device holds the whole centre's). */
export function useAbsences(): AbsenceRecord[] {
  return useObservable(
    (open) =>
      open.db.lesson_items
        .find({ selector: { kind: 'absence' } })
        .$.pipe(map((docs) => absencesOf(docs.map((d) => d.toMutableJSON())))),
    [],
    [],
  )
}

/**
 * The lessons a group held on a day, with the topic, assignments and resources of each: the
 * week's own record when it was made, else the group's template (what the week showed).
 */
export function useHeldLessons(
  lookups: TimetableLookups | null,
): (groupId: string, date: IsoDate) => HeldLesson[] {
  const data = useObservable<{ timetables: TimetableRow[]; items: LessonItemRow[] }>(
    (open) =>
      combineLatest([
        open.db.timetables.find({ selector: { kind: { $in: ['week', 'group_template'] } } }).$,
        open.db.lesson_items.find({ selector: { kind: { $in: ['assignment', 'resource'] } } }).$,
      ]).pipe(
        map(([timetables, items]) => ({
          timetables: timetables.map((d) => d.toMutableJSON()),
          items: items.map((d) => d.toMutableJSON()),
        })),
      ),
    { timetables: [], items: [] },
    [],
  )
  const byId = new Map(data.timetables.map((t) => [t.id, t]))
  return (groupId, date) => {
    const weekKey = weekKeyOf(date)
    const doc = byId.get(weekDocId(groupId, weekKey)) ?? byId.get(templateDocId(groupId))
    const day = WEEKDAY_KEYS[isoWeekdayOf(date) - 1]
    if (!doc || (doc.kind !== 'week' && doc.kind !== 'group_template') || !day || !lookups)
      return []
    const sessions = sortSessionsByTiming(normaliseDays(doc.data.days)[day], lookups.timings)
    return sessions.map((s) => {
      const lessonId = lessonKey(weekKey, s.id)
      const own = data.items.filter((i) => i.lesson_id === lessonId)
      return {
        lessonId,
        timing: lookups.timings[s.timingId] ?? '',
        subject: (s.subjectId && lookups.subjects[s.subjectId]?.name) || 'Lesson',
        topic: s.topic,
        subtopic: s.subtopic,
        assignments: own.flatMap((i) => (i.kind === 'assignment' ? [i.data.title] : [])),
        resources: own.flatMap((i) =>
          i.kind === 'resource' ? [i.data.description || i.data.link || i.data.type] : [],
        ),
      }
    })
  }
}
