// What every edge function is given. On Supabase the first three are provided by the platform and
// the others are project secrets (`supabase secrets set`); the local host passes the same names.
export interface FunctionEnv {
  SUPABASE_URL: string
  SUPABASE_ANON_KEY: string
  SUPABASE_SERVICE_ROLE_KEY: string
  /** Where the app is served: links in e-mails point here. */
  SITE_URL: string
  /** smtp(s)://user:password@host:port of the outgoing mail server; without it mail stays queued. */
  SMTP_URL?: string
  /** Default sender address, used when a message names none. */
  MAIL_FROM?: string
  /** Multiplies every request limit (default 1); test rigs raise it, nobody needs to lower it. */
  RATE_LIMIT_FACTOR?: string
}
