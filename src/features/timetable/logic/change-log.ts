import { termOf, type AcademicYear, type TermNumber } from '@/lib/time/academic-year'
import { topicValuesOf, type EditModeState, type TopicValues } from './edit-mode'
import type { GroupDay, IsoDate, WeekdayKey } from './types'

// Each save records what changed, on which group and day, by whom, and in which academic year
// and term (K25), so the centre can trace a timetable change back to a person.

export interface SessionTopicChange {
  sessionId: string
  timingId: string
  subjectId: string | null
  before: TopicValues
  after: TopicValues
}

/** The calendar change-log record of one saved day (K25). */
export interface CalendarChangeLogEntry {
  changes: SessionTopicChange[]
  groupId: string
  groupName: string
  day: WeekdayKey
  date: IsoDate
  createdAt: string
  createdBy: string
  createdByName: string
  year: AcademicYear
  term: TermNumber
}

/** The change-log record of a day's pending edits, or null when that day has none. */
export function changeLogEntry(
  state: EditModeState,
  context: {
    group: { id: string; name: string }
    day: GroupDay
    user: { id: string; name: string }
    now: Date
  },
): CalendarChangeLogEntry | null {
  const { group, day, user, now } = context
  const changes = day.sessions.flatMap((session): SessionTopicChange[] => {
    const after = state.pending[session.id]
    if (!after) return []
    const before = state.original[session.id] ?? topicValuesOf(session)
    return [
      {
        sessionId: session.id,
        timingId: session.timingId,
        subjectId: session.subjectId,
        before,
        after,
      },
    ]
  })
  if (changes.length === 0) return null
  // The lesson's own date decides the year and term, not the day the change was saved.
  const { year, term } = termOf(day.date)
  return {
    changes,
    groupId: group.id,
    groupName: group.name,
    day: day.day,
    date: day.date,
    createdAt: now.toISOString(),
    createdBy: user.id,
    createdByName: user.name,
    year,
    term,
  }
}
