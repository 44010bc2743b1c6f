import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import type { TimetableRow } from '@sync/engine/database'
import { templateDocId, weekDocId } from '@sync/contract/collections/timetables'
import { normaliseDays } from '@sync/rules/timetable/normalise'
import { useObservable } from '@/db/hooks'
import type { WeekDays } from '../logic/types'

export interface GroupWeek {
  /** 'week' when this week was made (generated or edited); otherwise the template shows. */
  source: 'week' | 'template' | 'none'
  groupName: string
  days: WeekDays
  updatedAt: string | null
  updatedByName: string | null
}

function view(doc: TimetableRow | null, source: GroupWeek['source']): GroupWeek {
  const week = doc && (doc.kind === 'week' || doc.kind === 'group_template') ? doc : null
  return {
    source,
    groupName: week?.data.groupName ?? '',
    days: normaliseDays(week?.data.days),
    updatedAt: doc?.updated_at ?? null,
    updatedByName: doc?.updated_by_name ?? null,
  }
}

/** A group's week: the week's own record when it exists, else its weekly template. */
export function useGroupWeek(groupId: string, weekKey: string): GroupWeek | null {
  return useObservable<GroupWeek | null>(
    (open) =>
      combineLatest([
        open.db.timetables.findOne(weekDocId(groupId, weekKey)).$,
        open.db.timetables.findOne(templateDocId(groupId)).$,
      ]).pipe(
        map(([week, template]) =>
          week ? view(week, 'week') : template ? view(template, 'template') : view(null, 'none'),
        ),
      ),
    null,
    [groupId, weekKey],
  )
}

export interface ItemCounts {
  comments: number
  resources: number
  assignments: number
}

/** Counts of comments, resources and assignments per lesson (K16). */
export function useItemCounts(): Record<string, ItemCounts> {
  return useObservable(
    (open) =>
      open.db.lesson_items.find().$.pipe(
        map((items) => {
          const counts: Record<string, ItemCounts> = {}
          for (const item of items) {
            const lesson = item.lesson_id
            if (!lesson) continue
            const c = (counts[lesson] ??= { comments: 0, resources: 0, assignments: 0 })
            const kind = item.kind
            if (kind === 'comment') c.comments++
            else if (kind === 'resource') c.resources++
            else if (kind === 'assignment') c.assignments++
          }
          return counts
        }),
      ),
    {},
    [],
  )
}
