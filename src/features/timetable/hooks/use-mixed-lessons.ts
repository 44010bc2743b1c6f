import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import {
  mixedLessonDocId,
  mixedLessonSchema,
  type MixedLesson,
  type MixedSubgroup,
  type SchoolDay,
} from '@sync/contract/collections/timetables'
import { uuidv7 } from '@sync/contract/ids'
import {
  mixedLessonData,
  subgroupLessons,
  type MixedLessonValues,
  type SubgroupLesson,
} from '@sync/rules/mixed-groups/lessons'
import type { TimetableRow } from '@sync/engine/database'
import { useObservable } from '@/db/hooks'
import { useOpenDatabase } from '@/db/provider'
import { useAuthMember } from '@/lib/auth/use-auth'
import { termOf } from '@/lib/time/academic-year'

export interface MixedLessonView {
  name: string
  parts: SubgroupLesson[]
}

/** Where a mixed-group lesson sits: the combined group, the week, the day and the timing. */
export interface MixedLessonPlace {
  mainMixedGroupId: string
  weekKey: string
  day: SchoolDay
  timingId: string
}

const lessonOfRow = (row: TimetableRow | null): MixedLesson | null =>
  row?.kind === 'mixed_lesson' ? row.data : null

/**
 * A mixed-group lesson as a group's week shows it (L01): the subgroups holding the group's
 * children, each with what its facilitator wrote for this week. Null when the combined group has
 * not reached this device (or was removed).
 */
export function useMixedLesson(place: MixedLessonPlace, groupId: string): MixedLessonView | null {
  const { mainMixedGroupId, weekKey, day, timingId } = place
  return useObservable<MixedLessonView | null>(
    (open) =>
      combineLatest([
        open.db.timetables.findOne(mainMixedGroupId).$,
        open.db.timetables.find({ selector: { kind: 'mixed_lesson', week_key: weekKey } }).$,
      ]).pipe(
        map(([group, lessons]) => {
          if (!group || group.kind !== 'mixed_group') return null
          const byId = new Map(lessons.map((l) => [l.id, l.toJSON() as TimetableRow]))
          const parts = subgroupLessons(group.data, groupId, (subgroupId) =>
            lessonOfRow(byId.get(mixedLessonDocId(weekKey, subgroupId, day, timingId)) ?? null),
          )
          return { name: group.data.name, parts }
        }),
      ),
    null,
    [mainMixedGroupId, weekKey, day, timingId, groupId],
  )
}

/** A subgroup's lesson is written on the device first; the sync engine sends it when it can. */
export function useMixedLessonWriter() {
  const { db } = useOpenDatabase()
  const member = useAuthMember()
  return {
    /**
     * Writes what the subgroup's facilitator entered, and logs a topic change in the change log
     * of the group whose week it was written from (K25), as a saved week does.
     */
    async save(args: {
      place: MixedLessonPlace
      date: string
      subgroupId: string
      subgroup: MixedSubgroup
      sessionId: string
      group: { id: string; name: string }
      values: MixedLessonValues
    }) {
      const { place } = args
      const id = mixedLessonDocId(place.weekKey, args.subgroupId, place.day, place.timingId)
      const data = mixedLessonSchema.parse(
        mixedLessonData({ ...place, subgroup: args.subgroup, values: args.values }),
      )
      const existing = await db.timetables.findOne(id).exec()
      const before = lessonOfRow(existing ? (existing.toJSON() as TimetableRow) : null)
      const write = (doc: NonNullable<typeof existing>) =>
        doc.incrementalModify((current) =>
          current.kind === 'mixed_lesson'
            ? { ...current, data: { ...current.data, ...args.values } }
            : current,
        )
      if (existing) await write(existing)
      else {
        try {
          await db.timetables.insert({
            id,
            kind: 'mixed_lesson',
            group_id: args.subgroupId,
            week_key: place.weekKey,
            data,
          })
        } catch (error) {
          // Another device's record of the lesson arrived meanwhile (a pull): write into it.
          const arrived = await db.timetables.findOne(id).exec()
          if (!arrived) throw error
          await write(arrived)
        }
      }
      const topic = (
        l: Pick<MixedLesson, 'topicId' | 'topic' | 'subtopicId' | 'subtopic'> | null,
      ) => ({
        topicId: l?.topicId ?? null,
        topic: l?.topic ?? null,
        subtopicId: l?.subtopicId ?? null,
        subtopic: l?.subtopic ?? null,
      })
      if (JSON.stringify(topic(before)) === JSON.stringify(topic(args.values))) return
      const { year, term } = termOf(args.date)
      await db.timetables.insert({
        id: uuidv7(),
        kind: 'change_log',
        group_id: args.group.id,
        week_key: place.weekKey,
        data: {
          changes: [
            {
              sessionId: args.sessionId,
              timingId: place.timingId,
              subjectId: args.subgroup.subjectId,
              before: topic(before),
              after: topic(args.values),
            },
          ],
          groupId: args.group.id,
          groupName: `${args.group.name} (${args.subgroup.facilitator} - ${args.subgroup.subject})`,
          day: place.day,
          date: args.date,
          createdAt: new Date().toISOString(),
          createdBy: member?.userId ?? '',
          createdByName: member?.name ?? '',
          year,
          term,
        },
      })
    },
  }
}
