// Plain shapes of the timetable (operations.md §3, K15, N21). The sync schemas validate stored
// rows elsewhere; the rules here only need the fields they reason about.

/** A local calendar date at the centre, written 'YYYY-MM-DD'. */
export type IsoDate = string

export const WEEKDAY_KEYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const
export type WeekdayKey = (typeof WEEKDAY_KEYS)[number]

/** One lesson slot of a group's day; a missing topic or subtopic is null. */
export interface Session {
  id: string
  lessonDetailId: string | null
  timingId: string
  classroomId: string | null
  subjectId: string | null
  groupId: string
  facilitatorId: string | null
  topicId: string | null
  topic: string | null
  subtopicId: string | null
  subtopic: string | null
  mainMixedGroupId: string | null
  mixedGroupId: string | null
  isMixedGroup: boolean
  mixedGroupSubjectId: string | null
  students: string[]
}

/** A group's week: one list of sessions per school day. */
export type WeekDays = Record<WeekdayKey, Session[]>

export interface WeekDocument {
  days: WeekDays
}

/** One day of a group's week as the days page shows it (K14). */
export interface GroupDay {
  day: WeekdayKey
  date: IsoDate
  sessions: Session[]
}

export interface Holiday {
  description: string
  startDate: IsoDate
  endDate: IsoDate
  singleDay: boolean
  /** The academic year the holiday belongs to, e.g. '2025-26'. */
  academicYear: string
}
