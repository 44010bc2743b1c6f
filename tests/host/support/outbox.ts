// Helpers for the outbox suites: queue a message as the service would, read its row back, and
// run the `outbox` function in this process with a given SMTP server.
import type { FunctionEnv } from '../../../supabase/functions/_shared/env.ts'
import { createHandler } from '../../../supabase/functions/outbox/handler.ts'
import { provideEdgeGlobals } from '../../../supabase/local/edge-runtime.ts'
import type { TestHost } from '../../helpers/host.ts'

export interface OutboxRow {
  id: string
  status: 'queued' | 'sending' | 'sent' | 'failed'
  attempts: number
  last_error: string | null
  message_id: string | null
  sent_at: Date | null
  lease_until: Date | null
  /** Seconds until the next attempt is due. */
  due_in: number
  /** What the server answered for each address. */
  deliveries: Record<string, { status: string; code?: number | null; reason?: string }>
}

export const MAIL_FROM = 'Learning Centre <office@centre.test>'

export function functionEnv(h: TestHost, smtpUrl?: string): FunctionEnv {
  return {
    SUPABASE_URL: h.url,
    SUPABASE_ANON_KEY: h.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: h.serviceRoleKey,
    SITE_URL: h.url,
    MAIL_FROM,
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
  }
}

/** Runs one dispatch as the mailer would, returning the status and the `{ type, ... }` answer. */
export function dispatcher(h: TestHost, smtpUrl?: string) {
  provideEdgeGlobals()
  const handler = createHandler(functionEnv(h, smtpUrl))
  return async () => {
    const res = await handler(
      new Request(`${h.url}/functions/v1/outbox`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.serviceRoleKey}` },
      }),
    )
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
}

export async function queue(
  h: TestHost,
  mail: { to: string[]; subject: string; html?: string; cc?: string[]; attachments?: unknown[] },
): Promise<string> {
  const [row] = await h.db.query<{ id: string }>(
    `insert into public.email_outbox (recipients, cc, subject, html_body, attachments, email_type, email_trigger)
     values ($1, $2, $3, $4, $5::jsonb, 'Members', 'test') returning id`,
    [
      mail.to,
      mail.cc ?? [],
      mail.subject,
      mail.html ?? `<p>${mail.subject}</p>`,
      JSON.stringify(mail.attachments ?? []),
    ],
  )
  return row!.id
}

export async function outboxRow(h: TestHost, id: string): Promise<OutboxRow> {
  const [row] = await h.db.query<OutboxRow>(
    `select id, status, attempts, last_error, message_id, sent_at, lease_until, deliveries,
            extract(epoch from next_attempt_at - now())::float8 as due_in
       from public.email_outbox where id = $1`,
    [id],
  )
  if (!row) throw new Error(`no outbox row ${id}`)
  return row
}

/** The open errors about the mail server itself (login, connection, TLS), oldest first. */
export async function serverErrors(h: TestHost): Promise<string[]> {
  const rows = await h.db.query<{ message: string }>(
    `select message from public.system_errors
      where source = 'e-mail server' and dismissed_at is null order by logged_at, id`,
  )
  return rows.map((r) => r.message)
}

/** The messages logged for the admins about one e-mail, oldest first. */
export async function logged(
  h: TestHost,
  table: 'system_errors' | 'system_warnings',
  emailId: string,
): Promise<string[]> {
  const rows = await h.db.query<{ message: string }>(
    `select message from public.${table} where details->>'emailId' = $1 order by logged_at, id`,
    [emailId],
  )
  return rows.map((r) => r.message)
}
