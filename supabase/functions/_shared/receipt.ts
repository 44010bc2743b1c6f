// The payment receipt as a PDF (J28), made with pdf-lib, which runs the same in Deno (the edge
// functions) and Node (the local host). The standard Helvetica font keeps the file small; it has
// no rupee sign, so amounts read 'Rs. 14,500.00'.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { rupeesInWords } from '@sync/rules/fees/words.ts'
import { amountText, isCalendarDate, longDate } from '@sync/rules/text.ts'

export interface Receipt {
  centreName: string
  /** The receipt number as printed, e.g. '2026-27/0007'. */
  number: string
  /** ISO date the payment was received. */
  date: string
  family: string
  students: readonly string[]
  /** The fee type or contribution, e.g. 'Monthly Fee'. */
  paymentFor: string
  /** The period paid for, e.g. 'June 2026'. */
  period: string
  receivedFrom: string
  paymentOption: string
  amount: number
}

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 56
const GREEN = rgb(0.184, 0.42, 0.227)

/** Splits text into lines no wider than `width` at `size`, breaking between words. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line)
      line = word
    } else line = next
  }
  if (line) lines.push(line)
  return lines.length ? lines : ['']
}

/** Helvetica's encoding covers Latin-1 and a few more; anything else prints as '?'. */
function printable(text: string | null | undefined): string {
  // A field a row lacks (an old row, a field added since) prints as a dash, never breaks the PDF.
  if (typeof text !== 'string' || text.trim() === '') return '-'
  return text.normalize('NFC').replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?')
}

function formatDate(iso: string): string {
  if (!isCalendarDate(iso)) throw new RangeError(`Not a date: ${iso}`)
  return longDate(iso)
}

export async function receiptPdf(r: Receipt): Promise<Uint8Array> {
  if (!Number.isFinite(r.amount) || r.amount <= 0)
    throw new RangeError(`Not an amount paid: ${r.amount}`)
  const doc = await PDFDocument.create()
  doc.setTitle(`Receipt ${r.number}`)
  doc.setAuthor(r.centreName)
  doc.setSubject(`Payment receipt for ${r.family}`)
  doc.setCreationDate(new Date(`${r.date.slice(0, 10)}T00:00:00Z`))
  doc.setModificationDate(new Date(`${r.date.slice(0, 10)}T00:00:00Z`))
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const page: PDFPage = doc.addPage(A4)
  const width = A4[0] - 2 * MARGIN
  let y = A4[1] - MARGIN

  const write = (
    text: string | null | undefined,
    font: PDFFont,
    size: number,
    x = MARGIN,
    w = width,
  ) => {
    for (const line of wrapText(printable(text), font, size, w)) {
      y -= size * 1.3
      page.drawText(line, { x, y, size, font, color: font === bold ? GREEN : rgb(0, 0, 0) })
    }
  }

  write(r.centreName, bold, 18)
  y -= 6
  write('Payment receipt', bold, 14)
  y -= 10
  const rows: [string, string | null | undefined][] = [
    ['Receipt number', r.number],
    ['Date', formatDate(r.date)],
    ['Family', r.family],
    ['Students', r.students.length ? r.students.join(', ') : '-'],
    ['Payment for', r.paymentFor],
    ['Period', r.period],
    ['Received from', r.receivedFrom],
    ['Paid by', r.paymentOption],
    ['Amount', `Rs. ${amountText(r.amount)}`],
    ['Amount in words', rupeesInWords(r.amount)],
  ]
  const labelWidth = 130
  for (const [label, value] of rows) {
    const top = y
    write(label, bold, 11)
    const afterLabel = y
    y = top
    write(value, regular, 11, MARGIN + labelWidth, width - labelWidth)
    y = Math.min(y, afterLabel) - 4
  }
  y -= 16
  write('Thank you. This receipt was made by the centre and needs no signature.', regular, 9)
  return doc.save()
}
