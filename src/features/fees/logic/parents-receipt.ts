// A recorded payment's receipt, downloaded from the `receipts` function as a PDF. On 2g a receipt
// takes a while, so the download reports how much has arrived.

import { filenameOf, readWithProgress } from '@/lib/download'

export { filenameOf }

/** How long one download may take on 2g before it counts as no answer. */
export const RECEIPT_TIMEOUT_MS = 90_000

export const RECEIPT_MESSAGES = {
  offline: 'Downloading a receipt needs a connection. You are offline.',
  signIn: 'Sign in again to download this receipt.',
  missing: 'This receipt is not available: the payment is not recorded yet, or it is not yours.',
  failed: 'The receipt could not be downloaded. Try again in a moment.',
  notPdf: 'The centre answered with something that is not a receipt. Try again in a moment.',
} as const

export type ReceiptResult =
  { ok: true; blob: Blob; filename: string } | { ok: false; message: string }

export interface ReceiptRequest {
  paymentId: string
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
  if (res.status === 401) return said ?? RECEIPT_MESSAGES.signIn
  if (res.status === 404) return said ?? RECEIPT_MESSAGES.missing
  return said ?? RECEIPT_MESSAGES.failed
}

/** Asks the `receipts` function for a payment's receipt. */
export async function fetchReceipt(request: ReceiptRequest): Promise<ReceiptResult> {
  const fetchImpl = request.fetchImpl ?? fetch
  let res: Response
  try {
    res = await fetchImpl(`${request.url}/functions/v1/receipts`, {
      method: 'POST',
      headers: {
        apikey: request.apiKey,
        authorization: `Bearer ${request.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ payment: request.paymentId }),
      signal: AbortSignal.timeout(RECEIPT_TIMEOUT_MS),
    })
  } catch {
    return { ok: false, message: RECEIPT_MESSAGES.failed }
  }
  if (!res.ok) return { ok: false, message: await errorMessage(res) }
  try {
    const bytes = await readWithProgress(res, request.onProgress)
    // '%PDF-': anything else (a captive portal's page, say) is not saved as a receipt.
    if (![0x25, 0x50, 0x44, 0x46, 0x2d].every((b, i) => bytes[i] === b))
      return { ok: false, message: RECEIPT_MESSAGES.notPdf }
    return {
      ok: true,
      blob: new Blob([bytes], { type: 'application/pdf' }),
      filename: filenameOf(
        res.headers.get('content-disposition'),
        `receipt-${request.paymentId}.pdf`,
      ),
    }
  } catch {
    return { ok: false, message: RECEIPT_MESSAGES.failed }
  }
}
