import { trackBackendCall } from '@/lib/backend-activity'
import { supabaseAnonKey, supabaseUrl } from '@/lib/backend-address'
import { getSupabase } from '@/lib/supabase-lazy'
import {
  fetchFeedbackPdf,
  FEEDBACK_PDF_MESSAGES,
  type FeedbackPdfResult,
} from '../logic/feedback-pdf'

/** Downloads a child's term feedback PDF, with the signed-in person's session. */
export async function downloadFeedbackPdf(
  studentId: string,
  term: string,
  onProgress: (received: number, total: number | null) => void,
): Promise<FeedbackPdfResult> {
  if (!navigator.onLine) return { ok: false, message: FEEDBACK_PDF_MESSAGES.offline }
  const supabase = await getSupabase()
  const token = (await supabase.auth.getSession()).data.session?.access_token
  if (!token) return { ok: false, message: FEEDBACK_PDF_MESSAGES.signIn }
  return trackBackendCall(() =>
    fetchFeedbackPdf({
      studentId,
      term,
      token,
      url: supabaseUrl,
      apiKey: supabaseAnonKey,
      onProgress,
    }),
  )
}
