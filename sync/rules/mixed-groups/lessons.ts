// Mixed-group lessons in the calendar (L01). A group's lesson that names a combined mixed group
// (`mainMixedGroupId`) is taught in subgroups; a group's week shows the subgroups its own children
// are in, each with the lesson its facilitator wrote for that week (a `mixed_lesson` record).
import * as z from 'zod/mini'
import {
  MIXED_LESSON_DETAILS_MAX,
  type MixedGroup,
  type MixedLesson,
  type MixedSubgroup,
  type SchoolDay,
} from '../../contract/collections/timetables.ts'

/** One subgroup's part of a mixed-group lesson, as a week shows it. */
export interface SubgroupLesson {
  subgroupId: string
  subgroup: MixedSubgroup
  /** The subgroup's children (of the group whose week it is, or all of them). */
  children: { id: string; name: string }[]
  /** What the subgroup's facilitator wrote for this lesson, once they have. */
  lesson: MixedLesson | null
}

/**
 * The subgroups of a combined group that a group's week shows (those holding at least one of its
 * children; every subgroup when no group is named), by facilitator then subject, each with its
 * stored lesson when there is one. `lessonOf` finds a subgroup's stored lesson.
 */
export function subgroupLessons(
  group: MixedGroup,
  groupId: string | null,
  lessonOf: (subgroupId: string) => MixedLesson | null,
): SubgroupLesson[] {
  return Object.entries(group.subgroups)
    .map(([subgroupId, subgroup]) => ({
      subgroupId,
      subgroup,
      children: Object.entries(subgroup.students)
        .filter(([, c]) => groupId === null || c.groupId === groupId)
        .map(([id, c]) => ({ id, name: c.student }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      lesson: lessonOf(subgroupId),
    }))
    .filter((s) => groupId === null || s.children.length > 0)
    .sort(
      (a, b) =>
        a.subgroup.facilitator.localeCompare(b.subgroup.facilitator) ||
        a.subgroup.subject.localeCompare(b.subgroup.subject),
    )
}

/** Whether a facilitator teaches a subgroup of the combined group that holds a child of the group. */
export function teachesSubgroupOf(
  group: MixedGroup,
  groupId: string,
  facilitatorId: string | null,
): boolean {
  if (!facilitatorId) return false
  return Object.values(group.subgroups).some(
    (s) =>
      s.facilitatorId === facilitatorId &&
      Object.values(s.students).some((c) => c.groupId === groupId),
  )
}

/** What a facilitator writes for their subgroup's lesson. */
export interface MixedLessonValues {
  topicId: string | null
  topic: string | null
  subtopicId: string | null
  subtopic: string | null
  details: string
}

/** The record of a subgroup's lesson: the lesson it is part of, its subgroup, what was written. */
export function mixedLessonData(args: {
  mainMixedGroupId: string
  day: SchoolDay
  timingId: string
  subgroup: MixedSubgroup
  values: MixedLessonValues
}): MixedLesson {
  return {
    mainMixedGroupId: args.mainMixedGroupId,
    day: args.day,
    timingId: args.timingId,
    facilitatorId: args.subgroup.facilitatorId,
    subjectId: args.subgroup.subjectId,
    ...args.values,
  }
}

/** The form a subgroup's facilitator fills in: topic and subtopic (by id), and the details. */
export const mixedLessonFormSchema = z.object({
  topicId: z.nullable(z.string()),
  subtopicId: z.nullable(z.string()),
  details: z
    .string()
    .check(z.maxLength(MIXED_LESSON_DETAILS_MAX, `At most ${MIXED_LESSON_DETAILS_MAX} characters`)),
})
export type MixedLessonForm = z.infer<typeof mixedLessonFormSchema>
