import { inflateSync } from 'node:zlib'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { receiptPdf, wrapText, type Receipt } from './receipt.ts'

/** The text a PDF's pages draw: each content stream inflated, its hex strings before Tj decoded. */
function textOf(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf).toString('latin1')
  const out: string[] = []
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string
    try {
      body = inflateSync(Buffer.from(m[1] ?? '', 'latin1')).toString('latin1')
    } catch {
      continue
    }
    for (const t of body.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      out.push(Buffer.from(t[1] ?? '', 'hex').toString('latin1'))
  }
  return out
}

const receipt: Receipt = {
  centreName: 'Banyan Tree Learning Centre',
  number: '2026-27/0007',
  date: '2026-06-05',
  family: 'Sharma family',
  students: ['Asha Sharma', 'Ravi Sharma'],
  paymentFor: 'Monthly Fee',
  period: 'June 2026',
  receivedFrom: 'Priya Sharma',
  paymentOption: 'Indian Bank Transfer',
  amount: 1450000,
}

describe('receiptPdf', () => {
  it('prints the centre, family, students, period and the amount in Indian grouping and words', async () => {
    const pdf = await receiptPdf(receipt)
    const text = textOf(pdf)
    expect(text).toEqual(
      expect.arrayContaining([
        'Banyan Tree Learning Centre',
        'Payment receipt',
        '2026-27/0007',
        '5 June 2026',
        'Sharma family',
        'Asha Sharma, Ravi Sharma',
        'Monthly Fee',
        'June 2026',
        'Priya Sharma',
        'Indian Bank Transfer',
        'Rs. 14,50,000.00',
      ]),
    )
    expect(text.join(' ')).toContain('Rupees Fourteen Lakh Fifty Thousand Only')
    const doc = await PDFDocument.load(pdf)
    expect(doc.getPageCount()).toBe(1)
    expect(doc.getTitle()).toBe('Receipt 2026-27/0007')
  })

  it('makes the same file for the same payment, so a resent receipt is the same receipt', async () => {
    const a = Buffer.from(await receiptPdf(receipt))
    const b = Buffer.from(await receiptPdf(receipt))
    expect(a.equals(b)).toBe(true)
  })

  it('prints characters the font lacks as ?', async () => {
    const text = textOf(await receiptPdf({ ...receipt, family: 'शर्मा family' }))
    expect(text).toContain('????? family')
  })

  it.each([0, -10, Number.NaN])('refuses the amount %d', async (amount) => {
    await expect(receiptPdf({ ...receipt, amount })).rejects.toThrow(RangeError)
  })

  it('refuses a date it cannot read', async () => {
    await expect(receiptPdf({ ...receipt, date: 'soon' })).rejects.toThrow(RangeError)
  })
})

describe('wrapText', () => {
  it('breaks between words within the width', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica)
    const lines = wrapText('Rupees Fourteen Lakh Fifty Thousand Only', font, 11, 100)
    expect(lines.length).toBeGreaterThan(1)
    for (const line of lines) expect(font.widthOfTextAtSize(line, 11)).toBeLessThanOrEqual(100)
    expect(lines.join(' ')).toBe('Rupees Fourteen Lakh Fifty Thousand Only')
  })

  it('prints a dash for a field an older row lacks instead of failing (issue 29, item 9)', async () => {
    const older = { ...receipt, paymentOption: null, receivedFrom: '' } as unknown as Receipt
    const text = textOf(await receiptPdf(older))
    expect(text[text.indexOf('Paid by') + 1]).toBe('-')
    expect(text[text.indexOf('Received from') + 1]).toBe('-')
  })
})
