import { map } from 'rxjs/operators'
import { normaliseDays } from '../../../../sync/timetable/normalise'
import { useObservable } from '../../../db/hooks'
import { WEEKDAY_KEYS, type WeekDays } from '../logic/types'

type Raw = { id: unknown; get(f: string): unknown }

/**
 * A facilitator's lessons of one week across all groups: from each group's week when it was
 * made, else from the group's template.
 */
export function useFacilitatorWeek(facilitatorId: string | null, weekKey: string): WeekDays | null {
  return useObservable<WeekDays | null>(
    (open) =>
      open.db.timetables.find({ selector: { kind: { $in: ['group_template', 'week'] } } }).$.pipe(
        map((docs: Raw[]) => {
          const byGroup = new Map<string, Raw>()
          for (const d of docs) {
            const group = String(d.get('group_id'))
            if (d.get('kind') === 'week' && d.get('week_key') === weekKey) byGroup.set(group, d)
            else if (d.get('kind') === 'group_template' && !byGroup.has(group))
              byGroup.set(group, d)
          }
          const out = Object.fromEntries(WEEKDAY_KEYS.map((k) => [k, []])) as unknown as WeekDays
          for (const doc of byGroup.values()) {
            const days = normaliseDays((doc.get('data') as { days?: unknown }).days)
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
