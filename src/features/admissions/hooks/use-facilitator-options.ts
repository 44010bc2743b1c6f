import { map } from 'rxjs/operators'
import { useObservable } from '@/db/hooks'
import type { FacilitatorOption } from '../logic/facilitator-picker'

/** The centre's facilitators on this device, for the facilitator picker; null while it opens. */
export function useFacilitatorOptions(): FacilitatorOption[] | null {
  return useObservable<FacilitatorOption[] | null>(
    (open) =>
      open.db.facilitators.find().$.pipe(
        map((docs) =>
          docs.map((d) => ({
            id: d.id,
            name: d.get('name') as string,
            email: d.get('email') as string | null,
          })),
        ),
      ),
    null,
    [],
  )
}
