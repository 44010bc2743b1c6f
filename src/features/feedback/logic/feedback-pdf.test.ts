import { describe, expect, it, vi } from 'vitest'
import { fetchFeedbackPdf, FEEDBACK_PDF_MESSAGES } from './feedback-pdf'

const PDF = new TextEncoder().encode('%PDF-1.7\n% feedback\n%%EOF')

const request = (fetchImpl: typeof fetch, onProgress = vi.fn()) => ({
  studentId: 'st-tiago',
  term: '2026_2027_2',
  token: 'user-token',
  url: 'http://localhost:4173',
  apiKey: 'anon-key',
  onProgress,
  fetchImpl,
})

describe('downloading a feedback PDF', () => {
  it('asks the feedback-pdf function for the child and term with the person’s token', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () =>
        new Response(PDF, {
          headers: {
            'content-type': 'application/pdf',
            'content-length': String(PDF.length),
            'content-disposition':
              'attachment; filename="feedback-tiago-fernandes-2026-2027-2.pdf"',
          },
        }),
    )
    const onProgress = vi.fn()
    const result = await fetchFeedbackPdf(request(fetchImpl, onProgress))
    expect(result).toMatchObject({ ok: true, filename: 'feedback-tiago-fernandes-2026-2027-2.pdf' })
    const [url, init] = fetchImpl.mock.calls[0]!
    expect(url).toBe('http://localhost:4173/functions/v1/feedback-pdf')
    expect(JSON.parse(String(init!.body))).toEqual({ student: 'st-tiago', term: '2026_2027_2' })
    expect((init!.headers as Record<string, string>).authorization).toBe('Bearer user-token')
    expect(onProgress).toHaveBeenLastCalledWith(PDF.length, PDF.length)
  })

  it('names the file after the term when the server names none', async () => {
    const result = await fetchFeedbackPdf(request(async () => new Response(PDF)))
    expect(result).toMatchObject({ ok: true, filename: 'feedback-2026-2027-2.pdf' })
  })

  it.each([
    [403, { message: 'This feedback is not yours to download.' }, FEEDBACK_PDF_MESSAGES.notYours],
    [404, {}, FEEDBACK_PDF_MESSAGES.missing],
    [401, {}, FEEDBACK_PDF_MESSAGES.signIn],
    [500, { message: 'stack trace' }, FEEDBACK_PDF_MESSAGES.failed],
  ])('a %i answer gives a message a parent understands', async (status, body, message) => {
    const result = await fetchFeedbackPdf(
      request(async () => new Response(JSON.stringify(body), { status })),
    )
    expect(result).toEqual({ ok: false, message })
  })

  it('refuses to save what is not a PDF, and says when the connection failed', async () => {
    expect(
      await fetchFeedbackPdf(request(async () => new Response('<html>Wi-Fi login</html>'))),
    ).toEqual({ ok: false, message: FEEDBACK_PDF_MESSAGES.notPdf })
    expect(
      await fetchFeedbackPdf(
        request(async () => {
          throw new TypeError('Failed to fetch')
        }),
      ),
    ).toEqual({ ok: false, message: FEEDBACK_PDF_MESSAGES.failed })
  })
})
