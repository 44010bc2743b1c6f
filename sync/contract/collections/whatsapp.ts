import * as z from 'zod/mini'
import { defineCollection, type AppRole } from '../schema.ts'

/** The office reaches families by WhatsApp: admins, administration and admission (§6). */
export const WHATSAPP_ROLES: readonly AppRole[] = ['admin', 'administration', 'admission']

export const whatsappKinds = {
  /** A person the centre writes to (operations.md §3): its id is 'wa-' and the number's digits. */
  number: z.object({
    name: z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(200)),
    status: z.enum(['Active', 'disabled']),
  }),
  /** One message of a chat (O18): what was written, and how it went (O12). */
  message: z.object({
    direction: z.enum(['out', 'in']),
    body: z.string().check(z.trim(), z.minLength(1, 'Write a message'), z.maxLength(4096)),
    mode: z.optional(z.enum(['session', 'template'])),
  }),
}

/**
 * WhatsApp numbers and their messages (O12-O18). Devices write numbers and outgoing messages;
 * the server keeps the counts, each message's place (msg_count) and status, and writes what
 * comes in.
 */
export const whatsapp = defineCollection({
  name: 'whatsapp',
  row: z.object({
    id: z.string(),
    kind: z.enum(['number', 'message']),
    /** The number's digits, country code first (E.164 without '+'). */
    wa_id: z.string().check(z.regex(/^[0-9]{8,15}$/, 'A WhatsApp number has 8 to 15 digits')),
    data: z.record(z.string(), z.unknown()),
    created_at: z.string(),
    created_by: z.optional(z.nullable(z.string())),
    updated_at: z.optional(z.string()),
    updated_by: z.optional(z.nullable(z.string())),
    received: z.optional(z.nullable(z.number())),
    sent: z.optional(z.nullable(z.number())),
    msg_total: z.optional(z.nullable(z.number())),
    last_received_at: z.optional(z.nullable(z.string())),
    last_sent_at: z.optional(z.nullable(z.string())),
    last_template_sent_at: z.optional(z.nullable(z.string())),
    family_token: z.optional(z.nullable(z.string())),
    msg_count: z.optional(z.nullable(z.number())),
    /** A message's status: queued, sent, delivered, read, failed (status_reason says why), received. */
    status: z.optional(z.nullable(z.string())),
    status_reason: z.optional(z.nullable(z.string())),
    status_at: z.optional(z.nullable(z.string())),
    wamid: z.optional(z.nullable(z.string())),
  }),
  kinds: whatsappKinds,
  serverColumns: [
    'created_by',
    'updated_at',
    'updated_by',
    'received',
    'sent',
    'msg_total',
    'last_received_at',
    'last_sent_at',
    'last_template_sent_at',
    'family_token',
    'msg_count',
    'status',
    'status_reason',
    'status_at',
    'wamid',
  ],
  // app.whatsapp_before_write keeps the moment a record was first made.
  keptColumns: ['created_at'],
  roles: WHATSAPP_ROLES,
  indexes: ['kind', 'wa_id'],
  version: 0,
})
