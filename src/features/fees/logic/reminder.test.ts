import { describe, expect, it } from 'vitest'
import qrcode from 'qrcode-generator'
import { UPI_QR_CID } from '@sync/rules/fees/payment-mail'
import { reminderEmail, reminderLines, type ReminderInput } from './reminder'

const base: ReminderInput = {
  familyName: 'Naik',
  guardianNames: ['Priya Naik', 'Daniel Naik'],
  lines: [
    { studentName: 'Ira Naik', feeType: 'Monthly Fee', period: 'December 2026', amount: 16700 },
    {
      studentName: 'Kai Naik',
      feeType: 'Term Fee',
      period: 'Term 2: September to December 2026',
      amount: 58000,
    },
  ],
  centreName: 'Banyan Tree',
  senderName: 'Savio Pereira',
  appLink: 'https://app.test',
}

describe('reminderEmail (J30)', () => {
  it('greets the guardians and lists each child’s due and the total', () => {
    const { subject, html } = reminderEmail(base)
    expect(subject).toBe('Fee reminder from Banyan Tree: ₹74,700.00 due')
    expect(html).toContain('Dear Priya Naik and Daniel Naik,')
    expect(html).toContain('<td>Ira Naik</td><td>Monthly Fee</td><td>December 2026</td>')
    expect(html).toContain('₹16,700.00')
    expect(html).toContain('₹58,000.00')
    expect(html).toContain('<strong>₹74,700.00</strong>')
    expect(html).toContain('Savio Pereira<br>Banyan Tree')
  })
  it('greets the family when no guardian is named', () => {
    expect(reminderEmail({ ...base, guardianNames: [] }).html).toContain('Dear Naik family,')
  })
  it.each([
    ['familyName', { guardianNames: [], familyName: '<script>x</script>' }],
    ['guardianNames', { guardianNames: ['<script>x</script>'] }],
    ['studentName', { lines: [{ ...base.lines[0]!, studentName: '<script>x</script>' }] }],
    ['feeType', { lines: [{ ...base.lines[0]!, feeType: '<script>x</script>' }] }],
    ['period', { lines: [{ ...base.lines[0]!, period: '<script>x</script>' }] }],
    ['centreName', { centreName: '<script>x</script>' }],
    ['senderName', { senderName: '<script>x</script>' }],
    ['appLink', { appLink: '"><script>x</script>' }],
  ])('escapes the %s', (_, change) => {
    const { html } = reminderEmail({ ...base, ...change })
    expect(html).not.toContain('<script>')
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;')
  })
  it('keeps the subject on one line', () => {
    expect(reminderEmail({ ...base, centreName: 'Banyan\r\nBcc: x@y.z' }).subject).not.toMatch(
      /[\r\n]/,
    )
  })
  it('refuses a family with nothing due', () => {
    expect(() => reminderEmail({ ...base, lines: [] })).toThrow('This family has nothing due.')
  })
})

describe('J30, J31: how to pay, in the reminder (issue 40)', () => {
  const bank = {
    accountName: 'Banyan Tree Learning Trust',
    accountNumber: '6012345678',
    ifsc: 'IDIB000A123',
    bankName: 'Indian Bank',
    branch: '',
  }
  const upi = { vpa: 'banyantree@indianbk', payee: 'Banyan Tree', note: 'Fee Naik family' }
  const link =
    'upi://pay?pa=banyantree%40indianbk&pn=Banyan%20Tree&am=74700.00&tn=Fee%20Naik%20family&cu=INR'

  it('carries the UPI link and QR code for the total due, and the bank details', () => {
    const { html, images } = reminderEmail({ ...base, payment: { upi, bank } })
    expect(html).toContain(`<a href="${link.replace(/&/g, '&amp;')}">pay ₹74,700.00 by UPI</a>`)
    expect(html).toContain(
      `<img src="cid:${UPI_QR_CID}" alt="UPI QR code: ₹74,700.00 to banyantree@indianbk"`,
    )
    expect(html).toContain('<tr><td>Account number</td><td><strong>6012345678</strong></td></tr>')
    expect(html).toContain('<tr><td>IFSC</td><td><strong>IDIB000A123</strong></td></tr>')
    expect(html).not.toContain('Branch')
    expect(html).toContain('Please write “Naik family” as the transfer’s reference.')
    // The image is the QR code of that very link: a GIF of its modules, four pixels each.
    expect(images).toHaveLength(1)
    const image = images[0]!
    expect(image).toMatchObject({
      filename: 'upi-qr.gif',
      contentType: 'image/gif',
      cid: UPI_QR_CID,
    })
    const gif = Buffer.from(image.content, 'base64')
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF87a')
    const qr = qrcode(0, 'M')
    qr.addData(link, 'Byte')
    qr.make()
    expect(gif.readUInt16LE(6)).toBe(qr.getModuleCount() * 4 + 32)
  })

  it('leaves out what the centre has not given', () => {
    const bankOnly = reminderEmail({ ...base, payment: { upi: null, bank } })
    expect(bankOnly.html).toContain('By bank transfer')
    expect(bankOnly.html).not.toContain('upi://')
    expect(bankOnly.images).toEqual([])
    const upiOnly = reminderEmail({ ...base, payment: { upi, bank: null } })
    expect(upiOnly.html).toContain('By UPI')
    expect(upiOnly.html).not.toContain('By bank transfer')
    const neither = reminderEmail({ ...base, payment: { upi: { ...upi, vpa: '' }, bank: null } })
    expect(neither.html).not.toContain('How to pay')
  })

  it('escapes the bank details', () => {
    const { html } = reminderEmail({
      ...base,
      payment: { upi: null, bank: { ...bank, bankName: '<script>x</script>' } },
    })
    expect(html).not.toContain('<script>')
  })
})

describe('reminderLines', () => {
  it('keeps only the children with an amount due', () => {
    const period = { key: 'k', label: 'December 2026', months: 1, start: '', end: '' }
    const lines = reminderLines(
      [
        { studentId: 's1', feeType: 'Monthly Fee', period, totalFeePending: 16700 },
        { studentId: 's2', feeType: 'Monthly Fee', period, totalFeePending: 0 },
      ],
      new Map([
        ['s1', 'Ira Naik'],
        ['s2', 'Kai Naik'],
      ]),
    )
    expect(lines).toEqual([
      { studentName: 'Ira Naik', feeType: 'Monthly Fee', period: 'December 2026', amount: 16700 },
    ])
  })
})
