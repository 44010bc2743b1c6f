// A recorded payment's receipt e-mailed again from the office's payment list (J28, J29): asked
// first, then queued by the server (`resend_receipt`) like every e-mail, to the family's guardians.

/** The confirmation asked before the copy is queued. */
export function receiptAgainQuestion(receiptNumber: string): string {
  return `E-mail receipt ${receiptNumber} again to the family's guardians?`
}

export type ReceiptAgainResult = { ok: true; message: string } | { ok: false; message: string }

/** What the person reads once the server has answered `resend_receipt`. */
export function receiptAgainResult(answer: unknown): ReceiptAgainResult {
  const a = answer as { number?: unknown; recipients?: unknown } | null
  const recipients = Array.isArray(a?.recipients)
    ? a.recipients.filter((r): r is string => typeof r === 'string')
    : []
  if (typeof a?.number !== 'string' || recipients.length === 0)
    return {
      ok: false,
      message: 'The centre answered in a way this app cannot read: look in Node Mailer.',
    }
  return {
    ok: true,
    message: `Receipt ${a.number} queued again for ${recipients.join(', ')}; it goes out when the mail server takes it`,
  }
}
