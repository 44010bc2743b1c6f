// What every edge function is given. On Supabase the first three are provided by the platform and
// the others are project secrets (`supabase secrets set`); the local host passes the same names.
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
  /** Multiplies every request limit (default 1); test rigs raise it, nobody needs to lower it. */
  RATE_LIMIT_FACTOR?: string
}
