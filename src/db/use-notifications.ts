import { map } from 'rxjs/operators'
import { checkRow } from '@sync/contract/schema'
import { reference } from '@sync/contract/collections/reference'
import type { NotificationData } from '@sync/contract/collections/reference'
import { useObservable } from './hooks'
import { useOpenDatabase } from './provider'

/** One notification as the list shows it. */
export interface NotificationItem extends NotificationData {
  id: string
}

export interface Notifications {
  /** The signed-in member's notifications, as the server sent them (their own only). */
  items: NotificationItem[]
  newCount: number
  /** P04: marks one read on this device; it reaches the server with the next sync. */
  markRead(id: string): Promise<void>
  /** P05: removes every read one (a deletion every device of the member hears of). */
  clearRead(): Promise<number>
}

/** The member's notifications from this device's copy, live (P02). */
export function useNotifications(): Notifications {
  const open = useOpenDatabase()
  const items = useObservable<NotificationItem[]>(
    (o) =>
      o.db.reference.find({ selector: { kind: 'notification' } }).$.pipe(
        map((docs) =>
          docs.flatMap((doc): NotificationItem[] => {
            const checked = checkRow(reference, doc.toMutableJSON())
            if (!checked.ok || checked.row.kind !== 'notification') return []
            return [{ id: checked.row.id, ...checked.row.data }]
          }),
        ),
      ),
    [],
    [],
  )
  const collection = open.db.reference
  return {
    items,
    newCount: items.filter((i) => i.isNew).length,
    async markRead(id) {
      const doc = await collection.findOne(id).exec()
      const row = doc?.toMutableJSON()
      if (!doc || row?.kind !== 'notification' || !row.data.isNew) return
      await doc.incrementalPatch({ data: { ...row.data, isNew: false } })
    },
    async clearRead() {
      const docs = await collection.find({ selector: { kind: 'notification' } }).exec()
      const read = docs.filter((d) => {
        const row = d.toMutableJSON()
        return row.kind === 'notification' && row.data.isNew === false
      })
      await Promise.all(read.map((d) => d.incrementalRemove()))
      return read.length
    },
  }
}
