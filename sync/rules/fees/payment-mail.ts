// How to pay, as an e-mail tells a family (issue 40): the UPI link and its QR code for the amount
// due (the same link and code as the family's Payments pane: upi.ts and qrcode-generator), and
// the centre's bank details. The QR code travels as an inline image (an attachment the HTML names
// by its Content-ID): mail apps do not show data: or SVG images.
import qrcode from 'qrcode-generator'
import type { BankDetails } from '../../contract/commands/centre/bank-details.ts'
import { escapeHtml, rupees } from '../text.ts'
import { isVpa, upiLink } from './upi.ts'

/** The Content-ID the e-mail's QR image is referred to by (`<img src="cid:…">`). */
export const UPI_QR_CID = 'upi-qr@payment'

export interface PaymentWays {
  /** The centre's UPI address and name, and the note the payment carries; null: no UPI. */
  upi: { vpa: string; payee: string; note: string } | null
  /** The centre's account; null until an admin gives it. */
  bank: BankDetails | null
}

export interface InlineImage {
  filename: string
  /** base64 */
  content: string
  contentType: string
  cid: string
}

/** The HTML with its inline images shown from their content, as a mail app shows them (previews). */
export function withInlineImages(html: string, images: readonly InlineImage[]): string {
  return images.reduce(
    (text, image) =>
      text.replaceAll(`cid:${image.cid}`, `data:${image.contentType};base64,${image.content}`),
    html,
  )
}

/** The UPI link of the amount, or null when the centre takes no UPI or nothing is due. */
export function upiLinkFor(amount: number, ways: PaymentWays): string | null {
  if (!ways.upi || !isVpa(ways.upi.vpa) || !(amount > 0)) return null
  return upiLink({ vpa: ways.upi.vpa, payee: ways.upi.payee, amount, note: ways.upi.note })
}

/** The link as a QR code: a GIF, four pixels a module, with the quiet zone of four modules. */
export function upiQrImage(link: string): InlineImage {
  const qr = qrcode(0, 'M')
  qr.addData(link, 'Byte')
  qr.make()
  const url = qr.createDataURL(4, 16)
  return {
    filename: 'upi-qr.gif',
    content: url.slice(url.indexOf(',') + 1),
    contentType: 'image/gif',
    cid: UPI_QR_CID,
  }
}

const BANK_LINES: [keyof BankDetails, string][] = [
  ['accountName', 'Account name'],
  ['accountNumber', 'Account number'],
  ['ifsc', 'IFSC'],
  ['bankName', 'Bank'],
  ['branch', 'Branch'],
]

/**
 * The "How to pay" part of an e-mail for the amount, and the inline image it shows; empty when
 * the centre has given neither a UPI address nor a bank account.
 */
export function paymentDetails(
  amount: number,
  ways: PaymentWays,
  reference: string,
): { html: string; images: InlineImage[] } {
  const link = upiLinkFor(amount, ways)
  if (!link && !ways.bank) return { html: '', images: [] }
  const e = escapeHtml
  const parts = ['<h3 style="margin:16px 0 4px">How to pay</h3>']
  if (link && ways.upi) {
    const label = `UPI QR code: ${rupees(amount)} to ${ways.upi.vpa}`
    parts.push(
      `<p><strong>By UPI:</strong> scan the code with any UPI app, or on your phone ` +
        `<a href="${e(link)}">pay ${rupees(amount)} by UPI</a>. UPI ID: ${e(ways.upi.vpa)}.</p>`,
      `<p><img src="cid:${UPI_QR_CID}" alt="${e(label)}" width="180" height="180"></p>`,
    )
  }
  if (ways.bank) {
    const bank = ways.bank
    const rows = BANK_LINES.filter(([key]) => bank[key] !== '')
      .map(([key, label]) => `<tr><td>${label}</td><td><strong>${e(bank[key])}</strong></td></tr>`)
      .join('\n')
    parts.push(
      '<p><strong>By bank transfer:</strong></p>',
      `<table cellpadding="4" style="border-collapse:collapse">\n${rows}\n</table>`,
      `<p>Please write “${e(reference)}” as the transfer’s reference.</p>`,
    )
  }
  return { html: parts.join('\n'), images: link ? [upiQrImage(link)] : [] }
}
