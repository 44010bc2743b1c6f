// Meta's webhook for the centre's WhatsApp number: the address verification (GET with
// hub.challenge, answered only to the right verify token) and every delivery (POST), accepted
// only with a valid X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the app's secret).
// Replies land on the sender's number (a meeting invitation's quick reply is also the guardian's
// answer), delivery reports (sent, delivered, read, failed with
// Meta's reason) on the message they are about. Served at /functions/v1/whatsapp-webhook on
// Supabase and by the local host alike.
import { createClient } from '@supabase/supabase-js'
import type { FunctionEnv } from '../_shared/env.ts'
import { json } from '../_shared/http.ts'
import { adminKey, sameSecret } from '../_shared/keys.ts'
import { logSystemEvent } from '../_shared/log.ts'
import { readAnswerPayload, readWebhook, signatureOf } from '../_shared/whatsapp.ts'

/** Meta's deliveries are small; anything far larger is not one. */
const MAX_BODY_BYTES = 1024 * 1024

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  const db = createClient(env.SUPABASE_URL, adminKey(env), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })

  return async (req) => {
    if (req.method === 'GET') {
      const params = new URL(req.url).searchParams
      const challenge = params.get('hub.challenge')
      if (
        params.get('hub.mode') === 'subscribe' &&
        challenge &&
        sameSecret(params.get('hub.verify_token'), env.WHATSAPP_VERIFY_TOKEN)
      )
        return text(challenge, 200)
      return json({ type: 'error', message: 'The verify token does not match' }, 403)
    }
    if (req.method !== 'POST') return json({ type: 'error', message: 'Use GET or POST' }, 405)
    if (!env.WHATSAPP_APP_SECRET) {
      return json(
        { type: 'error', message: 'WhatsApp is not configured (WHATSAPP_APP_SECRET is not set)' },
        503,
      )
    }
    const declared = Number(req.headers.get('content-length') ?? 0)
    if (declared > MAX_BODY_BYTES) return json({ type: 'error', message: 'Too large' }, 413)
    const body = await req.text()
    if (new TextEncoder().encode(body).length > MAX_BODY_BYTES)
      return json({ type: 'error', message: 'Too large' }, 413)
    const signature = req.headers.get('x-hub-signature-256')
    if (!sameSecret(signature, await signatureOf(body, env.WHATSAPP_APP_SECRET))) {
      return json({ type: 'error', message: 'The signature does not match' }, 401)
    }
    let payload: unknown
    try {
      payload = JSON.parse(body)
    } catch {
      return json({ type: 'error', message: 'The body is not JSON' }, 400)
    }
    const { messages, statuses } = readWebhook(payload)
    try {
      for (const m of messages) {
        const { error } = await db.rpc('whatsapp_receive', {
          wa_id: m.from,
          profile_name: m.name,
          wamid: m.wamid,
          body: m.body,
          sent_at: m.at,
        })
        if (error) throw new Error(`whatsapp_receive: ${error.message}`)
        // A quick reply of a meeting invitation is also the guardian's answer (N19).
        const answer = readAnswerPayload(m.payload)
        if (answer) {
          const { error: answerError } = await db.rpc('meeting_answer', {
            participant_id: answer.participantId,
            answer: answer.answer,
            wa_id: m.from,
          })
          if (answerError) throw new Error(`meeting_answer: ${answerError.message}`)
        }
      }
      for (const s of statuses) {
        const { error } = await db.rpc('whatsapp_status', {
          wamid: s.wamid,
          status: s.status,
          reason: s.reason,
        })
        if (error) throw new Error(`whatsapp_status: ${error.message}`)
      }
    } catch (error) {
      const message = (error as Error).message
      await logSystemEvent(
        db,
        'error',
        'whatsapp',
        `A WhatsApp webhook delivery could not be stored: ${message}`,
      )
      // Meta delivers again after an error answer.
      return json({ type: 'error', message }, 500)
    }
    return json({ type: 'success', messages: messages.length, statuses: statuses.length })
  }
}
