import { map } from 'rxjs/operators'
import { reference, type ReferenceKind } from '@sync/contract/collections/reference'
import { uuidv7 } from '@sync/contract/ids'
import { parseRow } from '@sync/contract/schema'
import { useObservable } from '@/db/hooks'
import { useOpenDatabase } from '@/db/provider'
import { sortRecords, type ReferenceRecord } from '../logic/records'

/** The records of one reference list, live and in display order. */
export function useReferenceRecords(kind: ReferenceKind): ReferenceRecord[] | null {
  return useObservable<ReferenceRecord[] | null>(
    (open) =>
      open.db.reference.find({ selector: { kind } }).$.pipe(
        map((docs) =>
          sortRecords(
            kind,
            docs.map((d) => ({ id: d.id, kind, data: d.data })),
          ),
        ),
      ),
    null,
    [kind],
  )
}

/** Writes go to the device first; the sync engine sends them when it can. */
export function useReferenceWriter() {
  const { db } = useOpenDatabase()
  const collection = db.reference
  return {
    /** Stores what the person entered, checked against the kind's schema first. */
    async save(kind: ReferenceKind, id: string | null, data: Record<string, unknown>) {
      if (!id) {
        await collection.insert(parseRow(reference, { id: uuidv7(), kind, data }))
        return
      }
      const doc = await collection.findOne(id).exec()
      if (!doc) throw new Error('This record no longer exists on this device.')
      await doc.incrementalPatch(parseRow(reference, { ...doc.toMutableJSON(), data }))
    },
    async remove(id: string) {
      const doc = await collection.findOne(id).exec()
      await doc?.incrementalRemove()
    },
  }
}
