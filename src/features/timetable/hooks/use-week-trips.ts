import { of } from 'rxjs'
import { map } from 'rxjs/operators'
import { useObservable } from '@/db/hooks'
import type { WeekTrip } from '../logic/week-trips'

/**
 * The field trips that are not archived, as the week shows them; none on a device that holds no
 * trips (a student's).
 */
export function useWeekTrips(): WeekTrip[] {
  return useObservable<WeekTrip[]>(
    (open) =>
      open.db.collections.gatherings
        ? open.db.gatherings.find({ selector: { kind: 'field_trip' } }).$.pipe(
            map((docs) =>
              docs.flatMap((d) => {
                const row = d.toMutableJSON()
                return row.kind === 'field_trip' && row.status !== 'archived'
                  ? [
                      {
                        title: row.data.title,
                        startDate: row.data.startDate,
                        endDate: row.data.endDate,
                        groupIds: row.group_ids,
                      },
                    ]
                  : []
              }),
            ),
          )
        : of([]),
    [],
    [],
  )
}
