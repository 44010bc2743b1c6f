import type { IsoDate } from '@sync/rules/timetable/types'
import { addDays, isIsoDate } from './calendar-date'

// When an assignment is due (decision D41-5): shared by the facilitator's lesson dialog, which
// fills it in, and the families' Home, which lists what is due.

/** Days from a lesson to its next occurrence: the same lesson of the next week. */
export const NEXT_OCCURRENCE_DAYS = 7

/** The date a lesson's assignment is due by default: the lesson's next occurrence. */
export const nextOccurrenceOf = (lessonDate: IsoDate): IsoDate =>
  addDays(lessonDate, NEXT_OCCURRENCE_DAYS)

/** The due date of an assignment: the one the facilitator set, else the lesson's next occurrence. */
export function dueDateOf(data: Record<string, unknown>, lessonDate: IsoDate): IsoDate {
  const set = data.dueDate
  return typeof set === 'string' && isIsoDate(set) ? set : nextOccurrenceOf(lessonDate)
}
