import { topics } from '@sync/contract/collections/topics'
import { parseRow } from '@sync/contract/schema'
import { uuidv7 } from '@sync/contract/ids'
import { useOpenDatabase } from '@/db/provider'

export interface TopicFields {
  name: string
  description: string
}

/**
 * A facilitator's topics and subtopics, written on the device (the sync engine sends them when it
 * can; the server lets a facilitator write only their own, and facilitator admins the defaults).
 */
export function useTopicsWriter() {
  const { db } = useOpenDatabase()
  const fields = (f: TopicFields) => ({
    name: f.name.trim(),
    ...(f.description.trim() ? { description: f.description.trim() } : {}),
  })
  return {
    /** A new topic of a subject, in the facilitator's list (owner) or the default list (null). */
    async addTopic(subjectId: string, owner: string | null, f: TopicFields) {
      await db.topics.insert(
        parseRow(topics, {
          id: uuidv7(),
          kind: 'topic',
          facilitator_id: owner,
          subject_id: subjectId,
          topic_id: null,
          data: fields(f),
        }),
      )
    },

    async addSubtopic(
      topic: { id: string; subjectId: string | null },
      owner: string | null,
      f: TopicFields,
    ) {
      await db.topics.insert(
        parseRow(topics, {
          id: uuidv7(),
          kind: 'subtopic',
          facilitator_id: owner,
          subject_id: topic.subjectId,
          topic_id: topic.id,
          data: fields(f),
        }),
      )
    },

    /** A new name or description; whether it is retired is kept. */
    async edit(id: string, f: TopicFields) {
      const doc = await db.topics.findOne(id).exec()
      if (!doc) return
      const row = doc.toMutableJSON()
      const retired = row.data.retired === true
      await doc.incrementalPatch(
        parseRow(topics, { ...row, data: { ...fields(f), ...(retired ? { retired } : {}) } }),
      )
    },

    /** Retired topics are no longer offered; lessons that used them keep their names. */
    async setRetired(id: string, retired: boolean) {
      const doc = await db.topics.findOne(id).exec()
      if (!doc) return
      const row = doc.toMutableJSON()
      const { retired: _was, ...rest } = row.data
      await doc.incrementalPatch(
        parseRow(topics, { ...row, data: retired ? { ...rest, retired: true } : rest }),
      )
    },
  }
}
