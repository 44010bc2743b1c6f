// The WhatsApp dispatcher: sends what waits in public.whatsapp_outbox through Meta's Cloud API,
// each message once. A message is claimed with a lease, checked against the rate limits (80 a
// second from the centre's number, 10 a minute to one person) and the rules again (a number
// disabled meanwhile, a 24-hour window that closed while the message waited), sent, and its
// outcome recorded at once: Meta's message id, or a reason. Failures that may pass (Meta busy,
// no connection, a rate limit) are tried again later; refusals fail with Meta's words. A send
// whose answer never came (a timeout) is not repeated: it may have arrived.
// Started like `outbox`: by the local host (LISTEN/NOTIFY and a timer) or, on Supabase, by the
// database (pg_net on insert, pg_cron every minute) with the dispatcher's secret.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { sendModeFor } from '@sync/rules/messaging/whatsapp.ts'
import type { FunctionEnv } from '../_shared/env.ts'
import { bearerToken, json, preflight } from '../_shared/http.ts'
import { adminKey, identify, sameSecret } from '../_shared/keys.ts'
import { logSystemEvent } from '../_shared/log.ts'
import { limitFactor, waitFor } from '../_shared/throttle.ts'
import {
  DEFAULT_API_URL,
  invitationRequest,
  MEETING_TEMPLATE,
  messageRequest,
  readAnswer,
  readRequest,
  templateOf,
  type SendOutcome,
} from '../_shared/whatsapp.ts'

const LEASE_SECONDS = 120
const BATCH = 20
const MAX_PER_RUN = 400
const SEND_TIMEOUT_MS = 20_000

/** Meta's throughput per business number, and the pace the centre keeps to one person. */
export const SENDER_LIMIT = { max: 80, seconds: 1 }
export const RECIPIENT_LIMIT = { max: 10, seconds: 60 }

interface Claimed {
  id: string
  to: string
  body: string
  mode: 'session' | 'template'
  recipient: string | null
  numberStatus: string | null
  lastReceivedAt: string | null
  attempts: number
  /** 'in': a read receipt for a message the person sent (O19). */
  direction: 'in' | 'out'
  wamid: string | null
  /** A parents' meeting invitation: its template, parameters and participant. */
  template?: string | null
  params?: string[] | null
  participantId?: string | null
}

/** Invitations go out one at a time, this far apart (N10). */
export const INVITATION_GAP_MS = 2000

/** When this process last sent an invitation, so two runs close together keep the gap too. */
let lastInvitationAt = 0

export interface WhatsAppResult {
  claimed: number
  sent: number
  retrying: number
  waiting: number
  failed: number
  more: boolean
}

type Outcome = SendOutcome | { kind: 'wait'; seconds: number }

async function rpc<T>(db: SupabaseClient, fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await db.rpc(fn, args)
  if (error) throw new Error(`${fn}: ${error.message}`)
  return data as T
}

async function post(url: string, token: string, body: unknown): Promise<SendOutcome> {
  let res: Response
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    })
  } catch (error) {
    const e = error as Error
    // No answer in time: Meta may have taken the message, so it is not sent again.
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      return {
        kind: 'failed',
        reason:
          'Meta did not answer in time, so the message may or may not have arrived; it is not sent again by itself.',
      }
    return { kind: 'retry', reason: `Meta's Cloud API could not be reached: ${e.message}` }
  }
  const text = await res.text()
  let parsed: unknown = null
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = null
  }
  return readAnswer(res.status, parsed)
}

async function readReceipt(url: string, token: string, wamid: string): Promise<SendOutcome> {
  const outcome = await post(url, token, readRequest(wamid))
  // Meta answers a read receipt with {"success": true} and no message id.
  if (outcome.kind === 'retry' && outcome.reason === 'Meta answered without a message id')
    return { kind: 'sent', wamid }
  return outcome
}

export async function dispatchWhatsApp(
  db: SupabaseClient,
  env: FunctionEnv & { WHATSAPP_TOKEN: string; WHATSAPP_PHONE_NUMBER_ID: string },
  now: () => Date = () => new Date(),
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<WhatsAppResult> {
  const result: WhatsAppResult = {
    claimed: 0,
    sent: 0,
    retrying: 0,
    waiting: 0,
    failed: 0,
    more: false,
  }
  const base = (env.WHATSAPP_API_URL || DEFAULT_API_URL).replace(/\/+$/, '')
  const url = `${base}/${encodeURIComponent(env.WHATSAPP_PHONE_NUMBER_ID)}/messages`
  const template = templateOf(env.WHATSAPP_TEMPLATE)
  const factor = limitFactor(env.RATE_LIMIT_FACTOR)

  async function outcomeOf(message: Claimed): Promise<Outcome> {
    // A read receipt: Meta marks the person's message read; it is no message and has no limit.
    if (message.direction === 'in') {
      if (!message.wamid) return { kind: 'failed', reason: 'The message has no id of Meta’s' }
      return readReceipt(url, env.WHATSAPP_TOKEN, message.wamid)
    }
    // The rules again at the moment of sending: the number may have been disabled, and a
    // session message may have waited past the end of the window.
    const mode = sendModeFor(
      { status: message.numberStatus ?? 'disabled', last_received_at: message.lastReceivedAt },
      now(),
    )
    if (mode.kind === 'blocked')
      return {
        kind: 'failed',
        reason: 'The WhatsApp number was disabled before the message went out.',
      }
    if (message.mode === 'session' && mode.kind !== 'session')
      return {
        kind: 'failed',
        reason:
          'The 24-hour window closed before the message went out: send it as a template message.',
      }
    const wait = await waitFor(
      db,
      [
        { bucket: 'whatsapp-sender', key: env.WHATSAPP_PHONE_NUMBER_ID, limit: SENDER_LIMIT },
        { bucket: 'whatsapp-recipient', key: message.to, limit: RECIPIENT_LIMIT },
      ],
      factor,
    )
    if (wait > 0) return { kind: 'wait', seconds: wait }
    if (message.template === MEETING_TEMPLATE && message.participantId) {
      const gap = lastInvitationAt + INVITATION_GAP_MS - now().getTime()
      if (gap > 0) await sleep(gap)
      lastInvitationAt = now().getTime()
      return post(
        url,
        env.WHATSAPP_TOKEN,
        invitationRequest(
          { to: message.to, participantId: message.participantId, params: message.params ?? [] },
          template.language,
        ),
      )
    }
    return post(
      url,
      env.WHATSAPP_TOKEN,
      messageRequest({ ...message, recipient: message.recipient || `+${message.to}` }, template),
    )
  }

  while (result.claimed < MAX_PER_RUN) {
    const batch = await rpc<Claimed[]>(db, 'whatsapp_claim', {
      batch: BATCH,
      lease_seconds: LEASE_SECONDS,
    })
    if (batch.length === 0) return result
    result.claimed += batch.length
    for (const message of batch) {
      let outcome: Outcome
      try {
        outcome = await outcomeOf(message)
      } catch (error) {
        outcome = { kind: 'retry', reason: (error as Error).message }
      }
      const status = await rpc<string>(db, 'whatsapp_record', {
        message_id: message.id,
        outcome: outcome.kind,
        wamid: outcome.kind === 'sent' ? outcome.wamid : null,
        reason: outcome.kind === 'retry' || outcome.kind === 'failed' ? outcome.reason : null,
        wait_seconds: outcome.kind === 'wait' ? outcome.seconds : 0,
      })
      if (status === 'sent') result.sent++
      else if (status === 'failed') result.failed++
      else if (outcome.kind === 'wait') result.waiting++
      else result.retrying++
    }
  }
  result.more = true
  return result
}

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  const db = createClient(env.SUPABASE_URL, adminKey(env), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
  return async (req) => {
    const early = preflight(req)
    if (early) return early
    if (req.method !== 'POST')
      return json({ type: 'error', message: 'Use POST to dispatch WhatsApp messages' }, 405)
    const dispatcher = sameSecret(bearerToken(req), env.OUTBOX_SECRET)
    if (!dispatcher && identify(env, req).kind !== 'server') {
      return json({ type: 'error', message: 'Only the server can send WhatsApp messages' }, 403)
    }
    const token = env.WHATSAPP_TOKEN
    const phoneId = env.WHATSAPP_PHONE_NUMBER_ID
    if (!token || !phoneId) {
      return json(
        {
          type: 'error',
          code: 'whatsapp_not_configured',
          message:
            'WhatsApp is not configured (WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are not set); messages stay queued',
        },
        503,
      )
    }
    try {
      const result = await dispatchWhatsApp(db, {
        ...env,
        WHATSAPP_TOKEN: token,
        WHATSAPP_PHONE_NUMBER_ID: phoneId,
      })
      const message = `Sent ${result.sent}, retrying ${result.retrying}, waiting ${result.waiting}, failed ${result.failed}`
      return json({ type: 'success', message, ...result })
    } catch (error) {
      const message = (error as Error).message
      await logSystemEvent(
        db,
        'error',
        'whatsapp',
        `Sending the queued WhatsApp messages stopped: ${message}`,
      )
      return json({ type: 'error', message }, 500)
    }
  }
}
