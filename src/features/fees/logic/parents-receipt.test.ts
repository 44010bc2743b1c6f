import { describe, expect, it, vi } from 'vitest'
import { fetchReceipt, filenameOf, RECEIPT_MESSAGES } from './parents-receipt'

const PDF = new TextEncoder().encode('%PDF-1.7\n% a receipt\n%%EOF')

const request = (fetchImpl: typeof fetch, onProgress = vi.fn()) => ({
  paymentId: 'pay-demo-ines-this-month',
  token: 'user-token',
  url: 'http://localhost:4173',
  apiKey: 'anon-key',
  onProgress,
  fetchImpl,
})

describe('the file name of a receipt', () => {
  it.each([
    ['attachment; filename="receipt-2026-27-0002.pdf"', 'receipt-2026-27-0002.pdf'],
    ["attachment; filename*=UTF-8''receipt%20In%C3%AAs.pdf", 'receipt Inês.pdf'],
    ['attachment; filename=plain.pdf', 'plain.pdf'],
    ['attachment; filename="../../etc/passwd"', '-..-etc-passwd'],
    ['attachment', 'fallback.pdf'],
    [null, 'fallback.pdf'],
  ])('%s gives %s', (header, name) => {
    expect(filenameOf(header, 'fallback.pdf')).toBe(name)
  })
})

describe('downloading a receipt', () => {
  it('asks the receipts function for the payment with the person’s token', async () => {
    const fetchImpl = vi.fn<typeof fetch>(
      async () =>
        new Response(PDF, {
          headers: {
            'content-type': 'application/pdf',
            'content-length': String(PDF.length),
            'content-disposition': 'attachment; filename="receipt-2026-27-0002.pdf"',
          },
        }),
    )
    const onProgress = vi.fn()
    const result = await fetchReceipt(request(fetchImpl, onProgress))
    const [url, init] = fetchImpl.mock.calls[0]!
    expect(url).toBe('http://localhost:4173/functions/v1/receipts')
    expect(init?.method).toBe('POST')
    expect(init?.headers).toMatchObject({ apikey: 'anon-key', authorization: 'Bearer user-token' })
    expect(JSON.parse(String(init?.body))).toEqual({ payment: 'pay-demo-ines-this-month' })
    expect(result.ok && result.filename).toBe('receipt-2026-27-0002.pdf')
    const bytes = result.ok ? new Uint8Array(await result.blob.arrayBuffer()) : null
    expect(bytes).toEqual(PDF)
    expect(onProgress).toHaveBeenLastCalledWith(PDF.length, PDF.length)
  })

  it.each([
    [
      404,
      { type: 'error', message: 'This receipt is not available: not yours.' },
      'This receipt is not available: not yours.',
    ],
    [
      401,
      { type: 'error', message: 'Sign in to download a receipt.' },
      'Sign in to download a receipt.',
    ],
    [401, null, RECEIPT_MESSAGES.signIn],
    [404, null, RECEIPT_MESSAGES.missing],
    [500, null, RECEIPT_MESSAGES.failed],
  ])('answers %i with the reason', async (status, body, message) => {
    const fetchImpl = async () =>
      new Response(body ? JSON.stringify(body) : 'oops', {
        status,
        headers: { 'content-type': body ? 'application/json' : 'text/plain' },
      })
    expect(await fetchReceipt(request(fetchImpl))).toEqual({ ok: false, message })
  })

  it('does not save a page that is not a PDF', async () => {
    const fetchImpl = async () => new Response('<html>Log in to the Wi-Fi</html>')
    expect(await fetchReceipt(request(fetchImpl))).toEqual({
      ok: false,
      message: RECEIPT_MESSAGES.notPdf,
    })
  })

  it('explains a lost connection', async () => {
    const fetchImpl = async () => {
      throw new TypeError('Failed to fetch')
    }
    expect(await fetchReceipt(request(fetchImpl))).toEqual({
      ok: false,
      message: RECEIPT_MESSAGES.failed,
    })
  })
})
