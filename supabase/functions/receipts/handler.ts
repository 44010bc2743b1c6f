// The `receipts` edge function: `{ payment }` from a signed-in person answers that payment's
// receipt as a PDF (application/pdf), made on the spot from the recorded payment. It is read with
// the caller's own rights, so a guardian gets only their family's receipts and office staff any;
// anyone else, and a payment not (yet) recorded, gets 404 with the reason.
import { createClient } from '@supabase/supabase-js'
import type { FunctionEnv } from '../_shared/env.ts'
import { corsHeaders, json, preflight } from '../_shared/http.ts'
import { BODY_PROBLEM_MESSAGES, readJsonBody, textProblem } from '../_shared/input.ts'
import { identify, visitorKey } from '../_shared/keys.ts'
import { paymentReceipt } from '../_shared/payment-receipt.ts'

const NO_RECEIPT =
  'This receipt is not available: the payment is not recorded yet, or it is not yours.'

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  return async (req) => {
    const early = preflight(req)
    if (early) return early
    if (req.method !== 'POST')
      return json({ type: 'error', message: 'Ask for a receipt with POST.' }, 405)
    const caller = identify(env, req)
    if (caller.kind !== 'user')
      return json({ type: 'error', message: 'Sign in to download a receipt.' }, 401)
    const read = await readJsonBody(req)
    if (!read.ok)
      return json(
        {
          type: 'error',
          message:
            read.problem === 'notJson'
              ? 'Send { "payment": "<id>" } as JSON.'
              : BODY_PROBLEM_MESSAGES[read.problem],
        },
        read.status,
      )
    const payment = (read.body as { payment?: unknown } | null)?.payment
    if (typeof payment !== 'string' || !payment || payment.length > 64 || textProblem(payment))
      return json({ type: 'error', message: 'Name the payment whose receipt you want.' }, 400)
    const db = createClient(env.SUPABASE_URL, visitorKey(env), {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: `Bearer ${caller.token}` } },
    })
    let receipt
    try {
      receipt = await paymentReceipt(db, payment)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (/JWT|token|401|403/i.test(message))
        return json({ type: 'error', message: 'Sign in again to download a receipt.' }, 401)
      throw error
    }
    if (!receipt) return json({ type: 'error', message: NO_RECEIPT }, 404)
    return new Response(receipt.bytes.slice().buffer, {
      status: 200,
      headers: {
        ...corsHeaders,
        'Access-Control-Expose-Headers': 'content-disposition',
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${receipt.filename}"`,
        'Cache-Control': 'private, no-store',
      },
    })
  }
}
