// What every edge function is given. On Supabase the first three are provided by the platform and
// the others are project secrets (`supabase secrets set`); the local host passes the same names.
// The environment is read once, through this schema, where a function starts: a missing variable
// is an empty string or absent, never a wrong type.
import * as z from 'zod/mini'

const text = z._default(z.string(), '')
const optional = z.optional(z.string())

const FunctionEnvSchema = z.object({
  SUPABASE_URL: text,
  SUPABASE_ANON_KEY: text,
  SUPABASE_SERVICE_ROLE_KEY: text,
  SUPABASE_PUBLISHABLE_KEYS: optional,
  SUPABASE_SECRET_KEYS: optional,
  OUTBOX_SECRET: optional,
  SITE_URL: text,
  SMTP_URL: optional,
  MAIL_FROM: optional,
  WHATSAPP_API_URL: optional,
  WHATSAPP_PHONE_NUMBER_ID: optional,
  WHATSAPP_TOKEN: optional,
  WHATSAPP_APP_SECRET: optional,
  WHATSAPP_VERIFY_TOKEN: optional,
  WHATSAPP_TEMPLATE: optional,
  RATE_LIMIT_FACTOR: optional,
})

// Every variable the interface below documents is read (a compile error otherwise).
const readsEveryVariable: Record<keyof FunctionEnv, unknown> = FunctionEnvSchema.shape
void readsEveryVariable

/** The variables of `Deno.env` (or the local host's) that a function reads, typed. */
export function readFunctionEnv(raw: Record<string, string | undefined>): FunctionEnv {
  return FunctionEnvSchema.parse(raw)
}

export interface FunctionEnv {
  SUPABASE_URL: string
  /** The legacy anon and service_role JWT keys (empty where a project has turned them off). */
  SUPABASE_ANON_KEY: string
  SUPABASE_SERVICE_ROLE_KEY: string
  /** The newer keys, JSON dictionaries `{"default": "sb_publishable_..."}` (see _shared/keys.ts). */
  SUPABASE_PUBLISHABLE_KEYS?: string
  SUPABASE_SECRET_KEYS?: string
  /**
   * The dispatcher's own secret (a project secret): what the database sends to wake `outbox`
   * (stored in Vault as `outbox_secret`), so no API key needs to be kept in the database.
   */
  OUTBOX_SECRET?: string
  /** Where the app is served: links in e-mails point here. */
  SITE_URL: string
  /** smtp(s)://user:password@host:port of the outgoing mail server; without it mail stays queued. */
  SMTP_URL?: string
  /** Default sender address, used when a message names none. */
  MAIL_FROM?: string
  /** Meta's Cloud API (graph.facebook.com/<version> unless set: a stand-in in development). */
  WHATSAPP_API_URL?: string
  /** The centre's WhatsApp business phone number id and a token allowed to send from it. */
  WHATSAPP_PHONE_NUMBER_ID?: string
  WHATSAPP_TOKEN?: string
  /** The Meta app's secret: every webhook POST is signed with it (X-Hub-Signature-256). */
  WHATSAPP_APP_SECRET?: string
  /** What Meta must send to verify the webhook address (hub.verify_token). */
  WHATSAPP_VERIFY_TOKEN?: string
  /** The approved template that opens a conversation outside the 24-hour window, 'name:language'. */
  WHATSAPP_TEMPLATE?: string
  /** Multiplies every request limit (default 1); test rigs raise it, nobody needs to lower it. */
  RATE_LIMIT_FACTOR?: string
}
