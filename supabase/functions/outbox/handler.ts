// The e-mail dispatcher: sends what waits in public.email_outbox through SMTP, each message once.
// A message is claimed with a lease before it is sent, and what the server answered for each
// address is recorded as soon as it has answered: accepted addresses are never sent to again,
// deferred ones (4xx) are tried again later, refused ones (5xx) fail for that address. A
// dispatcher that dies in between leaves it `sending`, and once the lease runs out the next run
// sends it again (with the same Message-ID, so the retry is recognisable). A login refused, a
// server that cannot be reached or a failed TLS handshake stops the run: the message goes back
// to the queue without an attempt counted and the admins get one system error.
// Started by the local host's mailer (LISTEN/NOTIFY and a timer, with the service-role key), and on
// Supabase by the database (pg_net on insert, pg_cron every minute) with the dispatcher's secret.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import nodemailer, { type Transporter } from 'nodemailer'
import type { FunctionEnv } from '../_shared/env.ts'
import { bearerToken, json, preflight } from '../_shared/http.ts'
import { adminKey, identify, sameSecret } from '../_shared/keys.ts'
import { logSystemEvent } from '../_shared/log.ts'
import { buildMessage, type Message, type OutboxRow } from './message.ts'

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
  /** Why the run stopped early: the mail server refused the login, was unreachable or failed TLS. */
  serverProblem?: string
}

interface SmtpError extends Error {
  code?: string
  responseCode?: number
  response?: string
  permanent?: boolean
  recipient?: string
  rejectedErrors?: SmtpError[]
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

// Errors that may be the server's rather than the message's. Whether they are is decided by
// connecting again without a message (`verify`): a login refused, no answer or a failed TLS
// handshake there is the server's problem.
const SERVER_ERRORS = new Set([
  'EAUTH',
  'ENOAUTH',
  'ETLS',
  'EDNS',
  'ECONNECTION',
  'ESOCKET',
  'ETIMEDOUT',
  'EPROTOCOL',
])

type ServerProblem = 'login' | 'connection' | 'tls'

function problemOf(error: SmtpError): ServerProblem {
  if (error.code === 'EAUTH' || error.code === 'ENOAUTH') return 'login'
  if (error.code === 'ETLS' || /\b(tls|ssl)\b/i.test(error.message)) return 'tls'
  return 'connection'
}

const WAITING = 'The queued e-mails wait and go out once it is fixed; no attempt is counted.'

function problemMessage(problem: ServerProblem, error: SmtpError): string {
  const reason = reasonOf(error)
  if (problem === 'login')
    return `The mail server refused the login (${reason}). Check the SMTP user and password in SMTP_URL. ${WAITING}`
  if (problem === 'tls')
    return `No secure (TLS) connection could be made to the mail server (${reason}). Check the port and TLS settings in SMTP_URL. ${WAITING}`
  return `The mail server could not be reached (${reason}). ${WAITING}`
}

interface Refusal {
  address: string
  code: number | null
  reason: string
  permanent: boolean
}

/** What the server answered for each address, from nodemailer's per-recipient errors. */
function refusalsOf(errors: SmtpError[] | undefined, rejected: unknown[] = []): Refusal[] {
  const refusals = (errors ?? [])
    .filter((e) => typeof e.recipient === 'string')
    .map((e) => ({
      address: e.recipient!,
      code: typeof e.responseCode === 'number' ? e.responseCode : null,
      reason: (e.response || e.message || 'refused').slice(0, 500),
      permanent: typeof e.responseCode === 'number' && e.responseCode >= 500,
    }))
  // An address nodemailer lists as rejected without its answer is tried again.
  for (const address of rejected) {
    const text = typeof address === 'string' ? address : (address as { address?: string }).address
    if (text && !refusals.some((r) => r.address === text))
      refusals.push({ address: text, code: null, reason: 'refused', permanent: false })
  }
  return refusals
}

function addressesOf(list: unknown[] | undefined): string[] {
  return (list ?? []).flatMap((a) => {
    const text = typeof a === 'string' ? a : (a as { address?: string }).address
    return text ? [text] : []
  })
}

async function rpc<T>(db: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await db.rpc(fn, args)
  if (error) throw new Error(`${fn}: ${error.message}`)
  return data as T
}

/**
 * Recording a send is retried a little: failing here would make a later run send the message
 * again to the addresses that already took it.
 */
async function recordSend(
  db: SupabaseClient,
  args: { id: string; message_id: string | null; accepted: string[]; refused: Refusal[] },
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await rpc<string>(db, 'outbox_record_send', args)
    } catch (error) {
      if (attempt >= 4) throw error
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt))
    }
  }
}

/** The server's problem when it cannot be logged in to without any message; null when it can. */
async function serverError(transport: Transporter): Promise<SmtpError | null> {
  try {
    await transport.verify()
    return null
  } catch (error) {
    return error as SmtpError
  }
}

type Outcome =
  | { kind: 'answered'; messageId: string | null; accepted: string[]; refused: Refusal[] }
  | { kind: 'failed'; error: SmtpError }
  | { kind: 'server'; problem: ServerProblem; message: string }

async function send(transport: Transporter, message: Message): Promise<Outcome> {
  // Every address was answered already (a retry that raced another dispatcher).
  if (message.envelope.to.length === 0)
    return { kind: 'answered', messageId: null, accepted: [], refused: [] }
  try {
    const info = (await transport.sendMail(message)) as {
      messageId: string
      accepted?: unknown[]
      rejected?: unknown[]
      rejectedErrors?: SmtpError[]
    }
    return {
      kind: 'answered',
      messageId: info.messageId,
      accepted: addressesOf(info.accepted),
      refused: refusalsOf(info.rejectedErrors, info.rejected),
    }
  } catch (caught) {
    const error = caught as SmtpError & { rejected?: unknown[] }
    // Every address refused at RCPT: each one's answer decides whether it is tried again.
    if (error.rejectedErrors?.length)
      return {
        kind: 'answered',
        messageId: null,
        accepted: [],
        refused: refusalsOf(error.rejectedErrors, error.rejected),
      }
    if (error.code && SERVER_ERRORS.has(error.code)) {
      const down = await serverError(transport)
      if (down) {
        const problem = problemOf(down)
        return { kind: 'server', problem, message: problemMessage(problem, down) }
      }
    }
    return { kind: 'failed', error }
  }
}

export async function dispatch(
  db: SupabaseClient,
  env: FunctionEnv & { SMTP_URL: string },
): Promise<DispatchResult> {
  const result: DispatchResult = { claimed: 0, sent: 0, retrying: 0, failed: 0, more: false }
  const transport = nodemailer.createTransport({ url: env.SMTP_URL, pool: false, ...SMTP_TIMEOUTS })
  const count = (status: string | null) => {
    if (status === 'sent') result.sent++
    else if (status === 'queued') result.retrying++
    else result.failed++
  }
  try {
    while (result.claimed < MAX_PER_RUN) {
      const rows = await rpc<OutboxRow[]>(db, 'outbox_claim', {
        batch: 1,
        lease_seconds: LEASE_SECONDS,
      })
      const row = rows[0]
      if (!row) return result
      result.claimed++
      let outcome: Outcome
      try {
        outcome = await send(transport, await buildMessage(db, env, row))
      } catch (error) {
        outcome = { kind: 'failed', error: error as SmtpError }
      }
      if (outcome.kind === 'server') {
        // The other queued messages would meet the same server: they wait for the next run.
        await rpc(db, 'outbox_server_trouble', {
          id: row.id,
          problem: outcome.problem,
          message: outcome.message,
        })
        result.claimed--
        result.serverProblem = outcome.message
        return result
      }
      if (outcome.kind === 'failed') {
        count(
          await rpc<string | null>(db, 'outbox_mark_failed', {
            id: row.id,
            error: reasonOf(outcome.error),
            retry: !isPermanent(outcome.error),
          }),
        )
        continue
      }
      count(
        await recordSend(db, {
          id: row.id,
          message_id: outcome.messageId,
          accepted: outcome.accepted,
          refused: outcome.refused,
        }),
      )
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
    // What the admins' Node Mailer pane and counts say about the mail server.
    const { error: unnoted } = await db.rpc('outbox_note_transport', { configured: !!smtpUrl })
    if (unnoted) console.error('outbox: could not note the mail server:', unnoted.message)
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
      if (result.serverProblem) {
        return json(
          { type: 'error', code: 'mail_server_problem', message: result.serverProblem, ...result },
          503,
        )
      }
      const message = `Sent ${result.sent}, retrying ${result.retrying}, failed ${result.failed}`
      return json({ type: 'success', message, ...result })
    } catch (error) {
      const message = (error as Error).message
      await logSystemEvent(db, 'error', 'e-mail', `Sending the queued e-mails stopped: ${message}`)
      return json({ type: 'error', message }, 500)
    }
  }
}
