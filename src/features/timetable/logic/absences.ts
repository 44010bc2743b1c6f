import { addDays } from '@/lib/time/calendar-date'
import type { TermNumber } from '@/lib/time/academic-year'
import { isNonSchoolDay } from '@/lib/time/school-days'
import type { Holiday, IsoDate } from './types'

/** A child away: from one lesson (`lessonId`) or the whole school day (`lessonId` null). */
export interface AbsenceRecord {
  id: string
  studentId: string
  groupId: string
  /** `week:session` of the lesson, or null for the whole day. */
  lessonId: string | null
  date: IsoDate
  reportedBy: 'facilitator' | 'family'
  reason?: string | undefined
}

/** Whether the child is away all day on `date`. */
export function awayAllDay(absences: readonly AbsenceRecord[], studentId: string, date: IsoDate) {
  return absences.some((a) => a.studentId === studentId && a.date === date && a.lessonId === null)
}

/** Whether the child misses the lesson: marked for it, or away that whole day. */
export function missesLesson(
  absences: readonly AbsenceRecord[],
  studentId: string,
  date: IsoDate,
  lessonId: string,
) {
  return absences.some(
    (a) =>
      a.studentId === studentId &&
      a.date === date &&
      (a.lessonId === null || a.lessonId === lessonId),
  )
}

/** One lesson of a child's day, as the timetable held it. */
export interface HeldLesson {
  /** `week:session`. */
  lessonId: string
  timing: string
  subject: string
  topic: string | null
  subtopic: string | null
  assignments: string[]
  resources: string[]
}

/** A lesson the child missed, with what was covered in it. */
export interface MissedLesson extends HeldLesson {
  date: IsoDate
  reportedBy: AbsenceRecord['reportedBy']
  reason?: string | undefined
}

/**
 * A child's missed lessons, newest first (L10): each lesson they were marked away from, and
 * every lesson of a day they were away all day. `lessonsOn` answers the lessons the child's
 * group held on a day (nothing for a day the timetable does not know).
 */
export function missedLessons(
  absences: readonly AbsenceRecord[],
  lessonsOn: (groupId: string, date: IsoDate) => HeldLesson[],
): MissedLesson[] {
  const out: MissedLesson[] = []
  const seen = new Set<string>()
  // Whole days first, so a lesson also marked on its own is listed once, as part of the day.
  const wholeDaysFirst = [...absences].sort(
    (a, b) => Number(a.lessonId !== null) - Number(b.lessonId !== null),
  )
  for (const a of wholeDaysFirst) {
    for (const lesson of lessonsOn(a.groupId, a.date)) {
      if (a.lessonId !== null && lesson.lessonId !== a.lessonId) continue
      const key = `${a.date}|${lesson.lessonId}`
      if (seen.has(key)) continue
      seen.add(key)
      out.push({ ...lesson, date: a.date, reportedBy: a.reportedBy, reason: a.reason })
    }
  }
  return out.sort((x, y) => y.date.localeCompare(x.date) || x.timing.localeCompare(y.timing))
}

/** The first and last day of a term (Term 1 June-August, 2 September-December, 3 January-May). */
export function termRange(year: string, term: TermNumber): { from: IsoDate; to: IsoDate } {
  const start = Number(year.slice(0, 4))
  if (term === 1) return { from: `${start}-06-01`, to: `${start}-08-31` }
  if (term === 2) return { from: `${start}-09-01`, to: `${start}-12-31` }
  return { from: `${start + 1}-01-01`, to: `${start + 1}-05-31` }
}

/** The school days of a term held so far: weekdays that are not holidays, up to `today`. */
export function schoolDaysHeld(
  year: string,
  term: TermNumber,
  today: IsoDate,
  holidays: readonly Holiday[],
): IsoDate[] {
  const { from, to } = termRange(year, term)
  const last = to < today ? to : today
  const days: IsoDate[] = []
  for (let d = from; d <= last; d = addDays(d, 1)) if (!isNonSchoolDay(d, holidays)) days.push(d)
  return days
}

export interface Attendance {
  studentId: string
  name: string
  daysHeld: number
  daysAway: number
  /** Single lessons missed on days the child was otherwise there. */
  lessonsMissed: number
  /** Days present out of days held, as a whole percentage; null before the first school day. */
  percent: number | null
}

/**
 * A group's attendance in a term (L10), counted in school days: a day away all day is a day
 * missed; lessons missed on a day the child came are counted apart.
 */
export function attendance(
  students: readonly { id: string; name: string }[],
  absences: readonly AbsenceRecord[],
  days: readonly IsoDate[],
): Attendance[] {
  const held = new Set(days)
  return students.map((st) => {
    const own = absences.filter((a) => a.studentId === st.id && held.has(a.date))
    const away = new Set(own.filter((a) => a.lessonId === null).map((a) => a.date))
    const lessonsMissed = own.filter((a) => a.lessonId !== null && !away.has(a.date)).length
    const percent =
      days.length === 0 ? null : Math.round(((days.length - away.size) / days.length) * 100)
    return {
      studentId: st.id,
      name: st.name,
      daysHeld: days.length,
      daysAway: away.size,
      lessonsMissed,
      percent,
    }
  })
}

export interface GroupAttendance {
  groupId: string
  name: string
  children: number
  /** Days away all day, added over the group's children. */
  daysAway: number
  /** Days present out of the days its children could have come, as a whole percentage. */
  percent: number
}

/**
 * Each group's attendance in a term (L10, issue 38): the school days its children came out of
 * those they could have, in the group's order; a group without children, or a term before its
 * first school day, has none to show and is left out.
 */
export function groupAttendance(
  groups: readonly {
    id: string
    name: string
    students: readonly { id: string; name: string }[]
  }[],
  absences: readonly AbsenceRecord[],
  days: readonly IsoDate[],
): GroupAttendance[] {
  if (days.length === 0) return []
  return groups
    .filter((g) => g.students.length > 0)
    .map((g) => {
      const rows = attendance(
        g.students,
        absences.filter((a) => a.groupId === g.id),
        days,
      )
      const daysAway = rows.reduce((sum, r) => sum + r.daysAway, 0)
      const possible = days.length * g.students.length
      return {
        groupId: g.id,
        name: g.name,
        children: g.students.length,
        daysAway,
        percent: Math.round(((possible - daysAway) / possible) * 100),
      }
    })
}
