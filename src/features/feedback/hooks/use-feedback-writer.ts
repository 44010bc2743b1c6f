import { feedback } from '@sync/contract/collections/feedback'
import type { FeedbackRow } from '@sync/engine/database'
import { uuidv7 } from '@sync/contract/ids'
import { parseRow } from '@sync/contract/schema'
import { useOpenDatabase } from '@/db/provider'

/**
 * Feedback is written on the device and pushed by the sync engine when it can, so a facilitator
 * writes it offline too. Each entry is its own row: nobody's entry overwrites another's.
 */
export function useFeedbackWriter() {
  const { db } = useOpenDatabase()
  return {
    newId: (): string => uuidv7(),
    /** Saves a new entry, or the edited one with the same id. */
    save: async (row: FeedbackRow): Promise<void> => {
      const checked = parseRow(feedback, row)
      const doc = await db.feedback.findOne(checked.id).exec()
      if (!doc) {
        await db.feedback.insert(checked)
        return
      }
      await doc.incrementalModify((current) => ({ ...current, ...checked }))
    },
    /** Releases entries to the families (the office and facilitator admins, M08). */
    release: async (ids: readonly string[]): Promise<number> => {
      const docs = await db.feedback.findByIds([...ids]).exec()
      let released = 0
      for (const doc of docs.values()) {
        if (doc.status === 'released') continue
        await doc.incrementalPatch({ status: 'released' })
        released++
      }
      return released
    },
    /** Removes an entry that has not been released. */
    remove: async (id: string): Promise<void> => {
      const doc = await db.feedback.findOne(id).exec()
      if (!doc) return
      if (doc.status === 'released')
        throw new Error('Released feedback is corrected by the office.')
      await doc.incrementalRemove()
    },
  }
}
