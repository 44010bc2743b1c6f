import { describe, expect, it } from 'vitest'
import { ledgerCsv, ledgerFileName, ledgerOf, type LedgerEntry } from './accounting'

type Payment = Parameters<typeof ledgerOf>[0][number]

const payment = (
  id: string,
  over: Partial<Omit<Payment, 'data'>> & { data?: Partial<Payment['data']> } = {},
): Payment => ({
  id,
  family_id: 'fam-kamat',
  student_id: 'st-aarav',
  kind: 'fee',
  status: 'recorded',
  receipt_number: null,
  ...over,
  data: {
    paymentType: 'Monthly Fee',
    paymentOption: 'UPI',
    period: {
      key: '2027-01',
      label: 'January 2027',
      months: 1,
      start: '2027-01-01',
      end: '2027-01-31',
    },
    feeYear: '2026-27',
    receivedFrom: 'Inês Kamat',
    amount: 16700,
    paymentDate: '2027-01-05',
    familyName: 'Kamat',
    studentName: 'Aarav Kamat',
    sendEmail: true,
    ...over.data,
  } as Payment['data'],
})

/** A strict RFC 4180 reader, independent of the writer: the test of what a spreadsheet reads. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const endCell = () => {
    row.push(cell)
    cell = ''
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') {
      if (cell !== '') throw new Error(`a quote inside an unquoted cell at ${i}`)
      quoted = true
    } else if (c === ',') endCell()
    else if (c === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`a bare CR at ${i}`)
      endCell()
      rows.push(row)
      row = []
      i++
    } else if (c === '\n') throw new Error(`a bare LF at ${i}`)
    else cell += c
  }
  if (quoted) throw new Error('an unclosed quote')
  if (cell !== '' || row.length > 0) throw new Error('the last line has no CRLF')
  return rows
}

describe('the Accounting pane’s payments (J13)', () => {
  const payments = [
    payment('p3', { receipt_number: '2026-27/0007', data: { paymentDate: '2027-01-05' } }),
    payment('p1', {
      kind: 'contribution',
      student_id: null,
      receipt_number: '2026-27/0002',
      data: {
        paymentType: undefined,
        period: undefined,
        contributionType: 'Annual',
        amount: 2000,
        paymentDate: '2026-11-12',
        paymentOption: 'Cash',
        receivedFrom: 'Rui "Bob" Kamat, Jr.',
        studentName: undefined,
      },
    }),
    payment('p2', { status: 'reported', data: { paymentDate: '2026-12-01' } }),
    payment('p4', { status: 'void', data: { paymentDate: '2026-12-02' } }),
    payment('p5', { data: { paymentDate: '2026-05-30', feeYear: '2025-26' } }),
    // Recorded offline: no receipt number yet, listed after the numbered ones of its day.
    payment('p6', { data: { paymentDate: '2027-01-05', reference: 'UPI 7134 5521' } }),
  ]

  it('lists who paid and what for, recorded payments only, oldest first', () => {
    const entries = ledgerOf(payments, { feeYear: '2026-27' })
    expect(entries.map((e) => e.id)).toEqual(['p1', 'p3', 'p6'])
    expect(entries[0]).toMatchObject({
      date: '2026-11-12',
      receipt: '2026-27/0002',
      family: 'Kamat',
      student: '',
      paidBy: 'Rui "Bob" Kamat, Jr.',
      type: 'Annual contribution',
      method: 'Cash',
      amount: 2000,
    })
    expect(entries[1]).toMatchObject({
      student: 'Aarav Kamat',
      type: 'Monthly Fee',
      period: 'January 2027',
      receipt: '2026-27/0007',
    })
    expect(entries[2]!.reference).toBe('UPI 7134 5521')
  })

  it('takes a calendar year by the day of payment', () => {
    expect(ledgerOf(payments, { calendarYear: '2026' }).map((e) => e.id)).toEqual(['p5', 'p1'])
    expect(ledgerOf(payments, { calendarYear: '2027' }).map((e) => e.id)).toEqual(['p3', 'p6'])
  })

  it('writes a CSV a spreadsheet reads back cell for cell: BOM, CRLF, quotes, plain amounts', () => {
    const entries = ledgerOf(payments, { feeYear: '2026-27' })
    const file = ledgerCsv(entries)
    expect(file.startsWith('\uFEFF')).toBe(true)
    const bytes = new TextEncoder().encode(file)
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parseCsv(file.slice(1))
    expect(rows[0]).toEqual([
      'Date',
      'Receipt',
      'Family',
      'Student',
      'Paid by',
      'For',
      'Period',
      'Fee year',
      'Method',
      'Reference',
      'Amount (INR)',
    ])
    expect(rows.slice(1)).toEqual([
      [
        '2026-11-12',
        '2026-27/0002',
        'Kamat',
        '',
        'Rui "Bob" Kamat, Jr.',
        'Annual contribution',
        '',
        '2026-27',
        'Cash',
        '',
        '2000.00',
      ],
      [
        '2027-01-05',
        '2026-27/0007',
        'Kamat',
        'Aarav Kamat',
        'Inês Kamat',
        'Monthly Fee',
        'January 2027',
        '2026-27',
        'UPI',
        '',
        '16700.00',
      ],
      [
        '2027-01-05',
        '',
        'Kamat',
        'Aarav Kamat',
        'Inês Kamat',
        'Monthly Fee',
        'January 2027',
        '2026-27',
        'UPI',
        'UPI 7134 5521',
        '16700.00',
      ],
    ])
    // The amounts add up as numbers, as an accountant's SUM would.
    expect(rows.slice(1).reduce((sum, r) => sum + Number(r[10]), 0)).toBe(35400)
  })

  it('keeps a name a family typed from running as a formula, and a line break inside its cell', () => {
    const entry = (paidBy: string): LedgerEntry => ({
      ...ledgerOf([payment('x')], { feeYear: '2026-27' })[0]!,
      paidBy,
    })
    const rows = parseCsv(
      ledgerCsv([
        entry('=HYPERLINK("http://x","pay")'),
        entry('-1+2'),
        entry('Two\r\nlines'),
      ]).slice(1),
    )
    expect(rows.slice(1).map((r) => r[4])).toEqual([
      `'=HYPERLINK("http://x","pay")`,
      `'-1+2`,
      'Two\r\nlines',
    ])
  })

  it('names the file for its year', () => {
    expect(ledgerFileName({ feeYear: '2026-27' })).toBe('payments-fee-year-2026-27.csv')
    expect(ledgerFileName({ calendarYear: '2026' })).toBe('payments-2026.csv')
  })
})
