import * as z from 'zod/mini'
import { defineCollection, STAFF_AND_FACILITATOR_ROLES } from '../schema.ts'

/**
 * The facilitator list (operations.md §3); timetables name a lesson's facilitator. Staff and
 * facilitators receive it, families and students do not (F10).
 */
export const facilitators = defineCollection({
  name: 'facilitators',
  row: z.object({
    id: z.string(),
    name: z.string().check(z.minLength(1), z.maxLength(200)),
    email: z.nullable(z.string()),
    status: z.enum(['active', 'authPending']),
    auth_uid: z.nullable(z.string()),
    last_edited: z.optional(z.string()),
    last_edited_by: z.optional(z.nullable(z.string())),
  }),
  serverColumns: ['last_edited', 'last_edited_by'],
  roles: STAFF_AND_FACILITATOR_ROLES,
  version: 0,
})
