// The `feedback-pdf` function: `{ student, term }` from a signed-in person answers that child's
// feedback for the term as a PDF (application/pdf), made on the spot from what the centre has
// released, the same PDF the "Student Feedback" e-mail carries (M09). It is read through
// `feedback_pdf` with the caller's own rights: a guardian gets only their children's, a student
// their own, the office and facilitators any child's; anyone else gets 403, and a term with
// nothing released 404.
import { createClient } from '@supabase/supabase-js'
import { centreDefaults } from '@sync/contract/centre-defaults.ts'
import {
  feedbackPdf,
  feedbackPdfFilename,
  type FeedbackPdfInput,
} from '@sync/rules/feedback/pdf.ts'
import type { FunctionEnv } from '../_shared/env.ts'
import { feedbackFonts } from '../_shared/feedback-fonts.ts'
import { corsHeaders, json, preflight } from '../_shared/http.ts'
import { BODY_PROBLEM_MESSAGES, readJsonBody, textProblem } from '../_shared/input.ts'
import { identify, visitorKey } from '../_shared/keys.ts'

export const FEEDBACK_PDF_ANSWERS = {
  notYours: 'This feedback is not yours to download.',
  missing: 'There is no released feedback for this child in this term yet.',
} as const

const TERM = /^[0-9]{4}_[0-9]{4}_[1-3]$/

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  return async (req) => {
    const early = preflight(req)
    if (early) return early
    if (req.method !== 'POST')
      return json({ type: 'error', message: 'Ask for a feedback PDF with POST.' }, 405)
    const caller = identify(env, req)
    if (caller.kind !== 'user')
      return json({ type: 'error', message: 'Sign in to download feedback.' }, 401)
    const read = await readJsonBody(req)
    if (!read.ok)
      return json(
        {
          type: 'error',
          message:
            read.problem === 'notJson'
              ? 'Send { "student": "<id>", "term": "2026_2027_2" } as JSON.'
              : BODY_PROBLEM_MESSAGES[read.problem],
        },
        read.status,
      )
    const body = read.body as { student?: unknown; term?: unknown } | null
    const student = body?.student
    const term = body?.term
    if (typeof student !== 'string' || !student || student.length > 64 || textProblem(student))
      return json({ type: 'error', message: 'Name the child whose feedback you want.' }, 400)
    if (typeof term !== 'string' || !TERM.test(term))
      return json({ type: 'error', message: 'Name the term, such as 2026_2027_2.' }, 400)
    const db = createClient(env.SUPABASE_URL, visitorKey(env), {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: `Bearer ${caller.token}` } },
    })
    const { data, error } = await db.rpc('feedback_pdf', { student, term })
    if (error) {
      if (error.code === '42501')
        return json({ type: 'error', message: FEEDBACK_PDF_ANSWERS.notYours }, 403)
      if (/JWT|token|401/i.test(error.message))
        return json({ type: 'error', message: 'Sign in again to download feedback.' }, 401)
      throw new Error(`feedback_pdf: ${error.message}`)
    }
    const source = data as Omit<FeedbackPdfInput, 'centreName' | 'term'> | null
    if (!source) return json({ type: 'error', message: FEEDBACK_PDF_ANSWERS.missing }, 404)
    const bytes = await feedbackPdf(
      { ...source, centreName: centreDefaults.name, term },
      await feedbackFonts(),
    )
    return new Response(bytes.slice().buffer, {
      status: 200,
      headers: {
        ...corsHeaders,
        'Access-Control-Expose-Headers': 'content-disposition',
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${feedbackPdfFilename(source.studentName, term)}"`,
        'Cache-Control': 'private, no-store',
      },
    })
  }
}
