// The e-mail dispatcher: sends what waits in public.email_outbox through SMTP, each message once.
// A message is claimed with a lease before it is sent and marked sent as soon as the server has
// accepted it; a dispatcher that dies in between leaves it `sending`, and once the lease runs out
// the next run sends it again (with the same Message-ID, so the retry is recognisable).
// Started by the local host's mailer (LISTEN/NOTIFY and a timer, with the service-role key), and on
// Supabase by the database (pg_net on insert, pg_cron every minute) with the dispatcher's secret.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import nodemailer from 'nodemailer'
import type { FunctionEnv } from '../_shared/env.ts'
import { bearerToken, json, preflight } from '../_shared/http.ts'
import { adminKey, identify, sameSecret } from '../_shared/keys.ts'
import { logSystemEvent } from '../_shared/log.ts'
import { buildMessage, type OutboxRow } from './message.ts'

// One message per claim: a lease then covers one send, and the nodemailer timeouts below keep a
// send well inside it, so a live dispatcher never loses a message to another one.
const LEASE_SECONDS = 300
const MAX_PER_RUN = 50
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 45_000 }

export interface DispatchResult {
  claimed: number
  sent: number
  retrying: number
  failed: number
  /** True when the run stopped at its limit with more mail possibly waiting. */
  more: boolean
}

interface SmtpError extends Error {
  code?: string
  responseCode?: number
  permanent?: boolean
}

/** 5xx answers (and messages that cannot be built) will fail the same way every time. */
function isPermanent(error: SmtpError): boolean {
  if (error.permanent) return true
  if (typeof error.responseCode === 'number')
    return error.responseCode >= 500 && error.responseCode < 600
  return error.code === 'EENVELOPE' || error.code === 'EMESSAGE'
}

function reasonOf(error: SmtpError): string {
  return (error.message || String(error)).slice(0, 2000)
}

async function rpc<T>(db: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await db.rpc(fn, args)
  if (error) throw new Error(`${fn}: ${error.message}`)
  return data as T
}

/** Marking sent is retried a little: failing here would make a later run send the message again. */
async function markSent(db: SupabaseClient, id: string, messageId: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await rpc(db, 'outbox_mark_sent', { id, message_id: messageId })
      return
    } catch (error) {
      if (attempt >= 4) throw error
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt))
    }
  }
}

export async function dispatch(
  db: SupabaseClient,
  env: FunctionEnv & { SMTP_URL: string },
): Promise<DispatchResult> {
  const result: DispatchResult = { claimed: 0, sent: 0, retrying: 0, failed: 0, more: false }
  const transport = nodemailer.createTransport({ url: env.SMTP_URL, pool: false, ...SMTP_TIMEOUTS })
  try {
    while (result.claimed < MAX_PER_RUN) {
      const rows = await rpc<OutboxRow[]>(db, 'outbox_claim', {
        batch: 1,
        lease_seconds: LEASE_SECONDS,
      })
      const row = rows[0]
      if (!row) return result
      result.claimed++
      let info: { messageId: string }
      try {
        const message = await buildMessage(db, env, row)
        info = await transport.sendMail(message)
      } catch (error) {
        const status = await rpc<string | null>(db, 'outbox_mark_failed', {
          id: row.id,
          error: reasonOf(error as SmtpError),
          retry: !isPermanent(error as SmtpError),
        })
        if (status === 'queued') result.retrying++
        else result.failed++
        continue
      }
      await markSent(db, row.id, info.messageId)
      result.sent++
    }
    result.more = true
    return result
  } finally {
    transport.close()
  }
}

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  const db = createClient(env.SUPABASE_URL, adminKey(env), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
  return async (req) => {
    const early = preflight(req)
    if (early) return early
    if (req.method !== 'POST')
      return json({ type: 'error', message: 'Use POST to dispatch mail' }, 405)
    // Only server code may send the centre's mail: the caller must hold the dispatcher's secret or
    // a secret (service_role) key of the project.
    const dispatcher = sameSecret(bearerToken(req), env.OUTBOX_SECRET)
    if (!dispatcher && identify(env, req).kind !== 'server') {
      return json({ type: 'error', message: 'Only the server can dispatch mail' }, 403)
    }
    const smtpUrl = env.SMTP_URL
    if (!smtpUrl) {
      return json(
        {
          type: 'error',
          code: 'mail_not_configured',
          message: 'Mail is not configured (SMTP_URL is not set); messages stay queued',
        },
        503,
      )
    }
    try {
      const result = await dispatch(db, { ...env, SMTP_URL: smtpUrl })
      const message = `Sent ${result.sent}, retrying ${result.retrying}, failed ${result.failed}`
      return json({ type: 'success', message, ...result })
    } catch (error) {
      const message = (error as Error).message
      await logSystemEvent(db, 'error', 'e-mail', `Sending the queued e-mails stopped: ${message}`)
      return json({ type: 'error', message }, 500)
    }
  }
}
