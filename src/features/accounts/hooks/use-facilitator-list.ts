import { map } from 'rxjs/operators'
import { facilitators } from '@sync/contract/collections/facilitators'
import { uuidv7 } from '@sync/contract/ids'
import { parseRow } from '@sync/contract/schema'
import { useObservable } from '@/db/hooks'
import { useOpenDatabase } from '@/db/provider'
import {
  facilitatorFields,
  sortFacilitators,
  type FacilitatorInput,
  type FacilitatorRecord,
} from '../logic/facilitators'

/** The facilitator list on this device, live and ordered by name. */
export function useFacilitatorList(): FacilitatorRecord[] | null {
  return useObservable<FacilitatorRecord[] | null>(
    (open) =>
      open.db.facilitators
        .find()
        .$.pipe(map((docs) => sortFacilitators(docs.map((d) => d.toMutableJSON())))),
    null,
    [],
  )
}

/** Writes go to the device first; the sync engine sends them when it can. */
export function useFacilitatorWriter() {
  const collection = useOpenDatabase().db.facilitators
  return {
    async add(input: FacilitatorInput) {
      await collection.insert(
        parseRow(facilitators, {
          id: uuidv7(),
          ...facilitatorFields(input),
          status: 'authPending',
          auth_uid: null,
        }),
      )
    },
    async update(id: string, input: FacilitatorInput) {
      const doc = await collection.findOne(id).exec()
      if (!doc) throw new Error('This facilitator is no longer on this device.')
      const fields = facilitatorFields(input)
      // The address of a facilitator with an account is their sign-in: only the name changes.
      await doc.incrementalPatch(doc.status === 'active' ? { name: fields.name } : fields)
    },
    async remove(id: string) {
      const doc = await collection.findOne(id).exec()
      await doc?.incrementalRemove()
    },
  }
}
