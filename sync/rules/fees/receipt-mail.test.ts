import { describe, expect, it } from 'vitest'
import { MissingPlaceholderError } from '../messaging/templates.ts'
import { receiptEmail } from './receipt-mail.ts'

const signature = { centreName: 'Banyan Tree', senderName: 'Savio', appLink: 'https://app.test' }
const fee = {
  paymentType: 'Monthly Fee' as const,
  paymentOption: 'Indian Bank Transfer' as const,
  period: {
    key: '2026-27/month/2026-12',
    label: 'December 2026',
    months: 1,
    start: '2026-12-01',
    end: '2026-12-31',
  },
  feeYear: '2026-27',
  receivedFrom: 'Maria <b>Fernandes</b>',
  amount: 16700,
  paymentDate: '2026-12-03',
  studentsFee: 16700,
  totalFee: 16700,
  yearPaymentTotal: 33400,
  studentName: 'Tiago Fernandes',
  familyName: 'Fernandes <&>',
  sendEmail: true,
}
const contribution = {
  contributionType: 'Term' as const,
  paymentOption: 'Cash' as const,
  feeYear: '2026-27',
  receivedFrom: 'João',
  amount: 5000,
  paymentDate: '2027-03-10',
  familyName: 'Fernandes <&>',
  sendEmail: true,
}

describe('receiptEmail', () => {
  it('writes a fee receipt from the default template, escaped, naming the receipt number', () => {
    const mail = receiptEmail({
      kind: 'fee',
      number: '2026-27/0007',
      data: fee,
      stored: null,
      signature,
    })
    expect(mail.subject).toBe(
      'Receipt for Tiago Fernandes: Monthly Fee December 2026 · Receipt 2026-27/0007',
    )
    expect(mail.html).toContain('Dear Maria &lt;b&gt;Fernandes&lt;/b&gt;,')
    expect(mail.html).toContain('₹16,700.00 by Indian Bank Transfer on 3 December 2026')
    expect(mail.html).toContain('Paid this year: ₹33,400.00. Still due this year: ₹1,67,000.00')
    expect(mail.html).toContain('https://app.test')
    expect(mail.html).toContain('Savio<br>Banyan Tree')
    expect(mail.html).not.toContain('{{')
  })

  it('writes it from the centre’s own version of the template', () => {
    const stored = {
      subject: '{{centreName}} receipt: ₹{{amount}} for {{studentName}}',
      html: '<p>Namaste {{receivedFrom}}, ₹{{pending}} is still due.</p>',
    }
    const mail = receiptEmail({ kind: 'fee', number: 'N1', data: fee, stored, signature })
    expect(mail.subject).toBe('Banyan Tree receipt: ₹16,700.00 for Tiago Fernandes · Receipt N1')
    expect(mail.html).toBe(
      '<p>Namaste Maria &lt;b&gt;Fernandes&lt;/b&gt;, ₹1,67,000.00 is still due.</p>',
    )
  })

  it('falls back to the default when the centre’s version names a placeholder a receipt cannot fill', () => {
    const stored = { subject: 'See you on {{meetingDate}}', html: '<p>{{meetingDate}}</p>' }
    const mail = receiptEmail({ kind: 'fee', number: 'N1', data: fee, stored, signature })
    expect(mail.subject).toBe('Receipt for Tiago Fernandes: Monthly Fee December 2026 · Receipt N1')
  })

  it('writes a contribution receipt, from the centre’s version too', () => {
    const plain = receiptEmail({
      kind: 'contribution',
      number: 'C2',
      data: contribution,
      stored: null,
      signature,
    })
    expect(plain.subject).toBe('Receipt for your contribution to Banyan Tree · Receipt C2')
    expect(plain.html).toContain('Term contribution of ₹5,000.00 from the Fernandes &lt;&amp;&gt;')
    const own = receiptEmail({
      kind: 'contribution',
      number: 'C2',
      data: contribution,
      stored: {
        subject: 'Thank you, {{familyName}} family',
        html: '<p>{{contributionType}}: ₹{{amount}} by {{paymentOption}} on {{paymentDate}}</p>',
      },
      signature,
    })
    expect(own.subject).toBe('Thank you, Fernandes <&> family · Receipt C2')
    expect(own.html).toBe('<p>Term: ₹5,000.00 by Cash on 10 March 2027</p>')
  })

  it('names what the payment lacks rather than send a gap', () => {
    const { studentName: _name, ...without } = fee
    expect(() =>
      receiptEmail({ kind: 'fee', number: 'N1', data: without, stored: null, signature }),
    ).toThrow(MissingPlaceholderError)
  })
})
