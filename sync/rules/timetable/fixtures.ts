import { WEEKDAY_KEYS, type Session, type WeekDays } from './types.ts'

// Sessions for the tests beside these rules: a plain lesson with only what a test sets.

export function session(id: string, fields: Partial<Session> = {}): Session {
  return {
    id,
    lessonDetailId: `detail-${id}`,
    timingId: 'first',
    classroomId: 'library',
    subjectId: 'maths',
    groupId: 'otters',
    facilitatorId: 'asha',
    topicId: null,
    topic: null,
    subtopicId: null,
    subtopic: null,
    mainMixedGroupId: null,
    mixedGroupId: null,
    isMixedGroup: false,
    mixedGroupSubjectId: null,
    students: ['maya', 'rohan'],
    ...fields,
  }
}

export function week(days: Partial<WeekDays> = {}): WeekDays {
  return Object.fromEntries(WEEKDAY_KEYS.map((day) => [day, days[day] ?? []])) as WeekDays
}
