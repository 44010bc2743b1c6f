import { WEEKDAY_KEYS, type Session, type WeekDays } from './types.ts'

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

/** A stored session with every field present (older or partial records get defaults). */
export function normaliseSession(raw: unknown): Session {
  const s = (raw ?? {}) as Record<string, unknown>
  return {
    id: String(s.id ?? ''),
    lessonDetailId: str(s.lessonDetailId),
    timingId: String(s.timingId ?? ''),
    classroomId: str(s.classroomId),
    subjectId: str(s.subjectId),
    groupId: String(s.groupId ?? ''),
    facilitatorId: str(s.facilitatorId),
    topicId: str(s.topicId),
    topic: str(s.topic),
    subtopicId: str(s.subtopicId),
    subtopic: str(s.subtopic),
    mainMixedGroupId: str(s.mainMixedGroupId),
    mixedGroupId: str(s.mixedGroupId),
    isMixedGroup: s.isMixedGroup === true,
    mixedGroupSubjectId: str(s.mixedGroupSubjectId),
    students: Array.isArray(s.students)
      ? s.students.filter((x): x is string => typeof x === 'string')
      : [],
  }
}

export function normaliseDays(raw: unknown): WeekDays {
  const days = (raw ?? {}) as Record<string, unknown>
  const out = {} as WeekDays
  for (const day of WEEKDAY_KEYS) {
    const list = days[day]
    out[day] = Array.isArray(list) ? list.map(normaliseSession) : []
  }
  return out
}
