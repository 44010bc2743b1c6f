import { map } from 'rxjs/operators'
import { normaliseDays } from '@sync/rules/timetable/normalise'
import { useObservable } from '@/db/hooks'
import type { TimetableRow } from '@sync/engine/database'
import { WEEKDAY_KEYS, type WeekDays } from '../logic/types'

type WeekOrTemplate = Extract<TimetableRow, { kind: 'week' | 'group_template' }>

/**
 * A facilitator's lessons of one week across all groups: from each group's week when it was
 * made, else from the group's template.
 */
export function useFacilitatorWeek(facilitatorId: string | null, weekKey: string): WeekDays | null {
  return useObservable<WeekDays | null>(
    (open) =>
      open.db.timetables.find({ selector: { kind: { $in: ['group_template', 'week'] } } }).$.pipe(
        map((docs) => {
          const byGroup = new Map<string, WeekOrTemplate>()
          for (const d of docs) {
            const group = String(d.group_id)
            if (d.kind === 'week' && d.week_key === weekKey) byGroup.set(group, d)
            else if (d.kind === 'group_template' && !byGroup.has(group)) byGroup.set(group, d)
          }
          const out: WeekDays = normaliseDays(null)
          for (const doc of byGroup.values()) {
            const days = normaliseDays(doc.data.days)
            for (const k of WEEKDAY_KEYS)
              out[k].push(...days[k].filter((s) => s.facilitatorId === facilitatorId))
          }
          return out
        }),
      ),
    null,
    [facilitatorId, weekKey],
  )
}
