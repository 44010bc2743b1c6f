// A child's feedback for a term, downloaded from the `feedback-pdf` function as a PDF (M09): made
// by the centre from what it released, the same PDF the "Student Feedback" e-mail carries. On 2g
// it takes a while, so the download reports how much has arrived.
import { filenameOf, readWithProgress } from '@/lib/download'

/** How long one download may take on 2g before it counts as no answer. */
export const FEEDBACK_PDF_TIMEOUT_MS = 90_000

export const FEEDBACK_PDF_MESSAGES = {
  offline: 'Connect to download the PDF. You are offline.',
  signIn: 'Sign in again to download the PDF.',
  notYours: 'This feedback is not yours to download.',
  missing: 'There is no released feedback for this child in this term yet.',
  failed: 'The PDF could not be downloaded. Try again in a moment.',
  notPdf: 'The centre answered with something that is not a PDF. Try again in a moment.',
} as const

export type FeedbackPdfResult =
  { ok: true; blob: Blob; filename: string } | { ok: false; message: string }

export interface FeedbackPdfRequest {
  studentId: string
  term: string
  /** The signed-in person's access token. */
  token: string
  url: string
  apiKey: string
  /** Bytes received so far, and the whole size when the server says it. */
  onProgress?: (received: number, total: number | null) => void
  fetchImpl?: typeof fetch
}

async function errorMessage(res: Response): Promise<string> {
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null
  const said = typeof body?.message === 'string' && body.message ? body.message : null
  if (res.status === 401) return said ?? FEEDBACK_PDF_MESSAGES.signIn
  if (res.status === 403) return said ?? FEEDBACK_PDF_MESSAGES.notYours
  if (res.status === 404) return said ?? FEEDBACK_PDF_MESSAGES.missing
  return FEEDBACK_PDF_MESSAGES.failed
}

/** 'feedback-2026-2027-2.pdf' when the server names none. */
const fallbackName = (term: string) => `feedback-${term.replace(/_/g, '-')}.pdf`

/** Asks the `feedback-pdf` function for a child's term PDF. */
export async function fetchFeedbackPdf(request: FeedbackPdfRequest): Promise<FeedbackPdfResult> {
  const fetchImpl = request.fetchImpl ?? fetch
  let res: Response
  try {
    res = await fetchImpl(`${request.url}/functions/v1/feedback-pdf`, {
      method: 'POST',
      headers: {
        apikey: request.apiKey,
        authorization: `Bearer ${request.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ student: request.studentId, term: request.term }),
      signal: AbortSignal.timeout(FEEDBACK_PDF_TIMEOUT_MS),
    })
  } catch {
    return { ok: false, message: FEEDBACK_PDF_MESSAGES.failed }
  }
  if (!res.ok) return { ok: false, message: await errorMessage(res) }
  try {
    const bytes = await readWithProgress(res, request.onProgress)
    // '%PDF-': anything else (a captive portal's page, say) is not saved as the PDF.
    if (![0x25, 0x50, 0x44, 0x46, 0x2d].every((b, i) => bytes[i] === b))
      return { ok: false, message: FEEDBACK_PDF_MESSAGES.notPdf }
    return {
      ok: true,
      blob: new Blob([bytes], { type: 'application/pdf' }),
      filename: filenameOf(res.headers.get('content-disposition'), fallbackName(request.term)),
    }
  } catch {
    return { ok: false, message: FEEDBACK_PDF_MESSAGES.failed }
  }
}
