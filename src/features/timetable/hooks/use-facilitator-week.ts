import { map } from 'rxjs/operators'
import { normaliseDays } from '@sync/rules/timetable/normalise'
import { teachesSubgroupOf } from '@sync/rules/mixed-groups/lessons'
import type { MixedGroup } from '@sync/contract/collections/timetables'
import { useObservable } from '@/db/hooks'
import type { TimetableRow } from '@sync/engine/database'
import { WEEKDAY_KEYS, type Session, type WeekDays } from '../logic/types'

type WeekOrTemplate = Extract<TimetableRow, { kind: 'week' | 'group_template' }>

/**
 * A facilitator's lessons of one week across all groups: from each group's week when it was
 * made, else from the group's template. A lesson a combined mixed group takes is theirs too when
 * they teach a subgroup holding children of that group (L01).
 */
export function useFacilitatorWeek(facilitatorId: string | null, weekKey: string): WeekDays | null {
  return useObservable<WeekDays | null>(
    (open) =>
      open.db.timetables
        .find({ selector: { kind: { $in: ['group_template', 'week', 'mixed_group'] } } })
        .$.pipe(
          map((docs) => {
            const byGroup = new Map<string, WeekOrTemplate>()
            const mixed = new Map<string, MixedGroup>()
            for (const d of docs) {
              const group = String(d.group_id)
              if (d.kind === 'mixed_group') mixed.set(d.id, d.data)
              else if (d.kind === 'week' && d.week_key === weekKey) byGroup.set(group, d)
              else if (d.kind === 'group_template' && !byGroup.has(group)) byGroup.set(group, d)
            }
            const mine = (s: Session) => {
              if (s.facilitatorId === facilitatorId) return true
              const combined = s.mainMixedGroupId ? mixed.get(s.mainMixedGroupId) : undefined
              return !!combined && teachesSubgroupOf(combined, s.groupId, facilitatorId)
            }
            const out: WeekDays = normaliseDays(null)
            for (const doc of byGroup.values()) {
              const days = normaliseDays(doc.data.days)
              for (const k of WEEKDAY_KEYS) out[k].push(...days[k].filter(mine))
            }
            return out
          }),
        ),
    null,
    [facilitatorId, weekKey],
  )
}
