// The week on a family's Home, one day at a time (issue 41): each lesson with its topic and its
// own assignments and resources, and for a student what is due this week. Pure functions over
// what `home.ts` works out of the device's rows.
import { addDays } from '@/lib/time/calendar-date'
import { dueDateOf } from '@/lib/time/due-date'
import { schoolDaysOf, stepWeek } from '@/lib/time/week'
import type { IsoDate } from '@sync/rules/timetable/types'
import { weekWork, type HomeDay, type HomeWork, type WorkItemRow } from './home'

/** The day shown first: today when it is a school day of the week, else the week's Monday. */
export function firstDayIndex(weekKey: string, today: IsoDate): number {
  const index = schoolDaysOf(weekKey).findIndex((d) => d.date === today)
  return index < 0 ? 0 : index
}

export interface LessonWork {
  /** Each lesson's assignments and resources, by the lesson's id in the week. */
  byLesson: Record<string, HomeWork[]>
  /** Those given for the week as a whole, with no lesson. */
  week: HomeWork[]
}

/** A group's assignments and resources of a week, each under its lesson. */
export function lessonWorkOf(
  items: readonly WorkItemRow[],
  groupId: string,
  weekKey: string,
  days: readonly HomeDay[],
): LessonWork {
  const prefix = `${weekKey}:`
  const sessionOf = new Map(
    items.map((item) => [
      item.id,
      item.lesson_id?.startsWith(prefix) ? item.lesson_id.slice(prefix.length) : null,
    ]),
  )
  const out: LessonWork = { byLesson: {}, week: [] }
  for (const work of weekWork(items, groupId, weekKey, days)) {
    const session = sessionOf.get(work.id) ?? null
    if (session) (out.byLesson[session] ??= []).push(work)
    else out.week.push(work)
  }
  return out
}

export interface DueAssignment {
  id: string
  title: string
  detail: string | null
  groupName: string
  subject: string
  topic: string | null
  /** The day of the lesson it was given in. */
  lessonDay: string
  lessonDate: IsoDate
  dueDate: IsoDate
}

/** One group's week as the Home reads it. */
export interface WeekOfGroup {
  groupId: string
  groupName: string
  days: readonly HomeDay[]
}

/**
 * A student's assignments due in the week of `weekKey` (Monday to Sunday), soonest first, each
 * with its lesson, the lesson's day and the due date. Assignments given in the week before count
 * too: by default they are due a week after their lesson.
 */
export function dueInWeek(
  items: readonly WorkItemRow[],
  weeks: Readonly<Record<string, readonly WeekOfGroup[]>>,
  weekKey: string,
): DueAssignment[] {
  const monday = schoolDaysOf(weekKey)[0]!.date
  const sunday = addDays(monday, 6)
  const out: DueAssignment[] = []
  for (const key of [stepWeek(weekKey, -1), weekKey]) {
    for (const group of weeks[key] ?? []) {
      for (const day of group.days) {
        for (const lesson of day.lessons) {
          const lessonId = `${key}:${lesson.id}`
          for (const item of items) {
            if (item.kind !== 'assignment' || item.lesson_id !== lessonId) continue
            if (item.group_id !== group.groupId) continue
            const due = dueDateOf(item.data, day.date)
            if (due < monday || due > sunday) continue
            const [work] = weekWork([item], group.groupId, key, [])
            out.push({
              id: item.id,
              title: work?.title ?? 'Assignment',
              detail: work?.detail ?? null,
              groupName: group.groupName,
              subject: lesson.subject,
              topic: lesson.topic,
              lessonDay: day.name,
              lessonDate: day.date,
              dueDate: due,
            })
          }
        }
      }
    }
  }
  return out.sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0))
}
