import * as z from 'zod/mini'
import { ALL_ROLES, defineCollection } from '../schema.ts'

const topicData = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(200)),
  description: z.optional(
    z.string().check(z.maxLength(1000, 'Keep the description under 1000 characters')),
  ),
  /** A retired topic is no longer offered; the lessons that used it keep its name. */
  retired: z.optional(z.boolean()),
})

/** Lesson topics and their subtopics; facilitator_id null marks a default topic. */
export const topics = defineCollection({
  name: 'topics',
  row: z.object({
    id: z.string(),
    kind: z.enum(['topic', 'subtopic']),
    facilitator_id: z.nullable(z.string()),
    subject_id: z.nullable(z.string()),
    topic_id: z.nullable(z.string()),
    data: z.record(z.string(), z.unknown()),
    updated_at: z.optional(z.string()),
    updated_by: z.optional(z.nullable(z.string())),
  }),
  kinds: { topic: topicData, subtopic: topicData },
  serverColumns: ['updated_at', 'updated_by'],
  roles: ALL_ROLES,
  indexes: ['kind'],
  version: 0,
})
