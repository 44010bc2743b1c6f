import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import { templateDocId, weekDocId } from '../../../../sync/collections/timetables'
import { normaliseDays } from '../../../../sync/timetable/normalise'
import { useObservable } from '../../../db/hooks'
import type { WeekDays } from '../logic/types'

export interface GroupWeek {
  /** 'week' when this week was made (generated or edited); otherwise the template shows. */
  source: 'week' | 'template' | 'none'
  groupName: string
  days: WeekDays
  updatedAt: string | null
  updatedByName: string | null
}

type Raw = { get(f: string): unknown } | null

function view(doc: Raw, source: GroupWeek['source']): GroupWeek {
  const data = (doc?.get('data') ?? {}) as Record<string, unknown>
  return {
    source,
    groupName: typeof data.groupName === 'string' ? data.groupName : '',
    days: normaliseDays(data.days),
    updatedAt: (doc?.get('updated_at') as string | undefined) ?? null,
    updatedByName: (doc?.get('updated_by_name') as string | undefined) ?? null,
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
        map(([week, template]: [Raw, Raw]) =>
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
        map((items: { get(f: string): unknown }[]) => {
          const counts: Record<string, ItemCounts> = {}
          for (const item of items) {
            const lesson = item.get('lesson_id') as string | null
            if (!lesson) continue
            const c = (counts[lesson] ??= { comments: 0, resources: 0, assignments: 0 })
            const kind = item.get('kind')
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
