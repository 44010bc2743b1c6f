import { describe, expect, it } from 'vitest'
import { parseRow } from '@sync/contract/schema'
import { payments as paymentsCollection } from '@sync/contract/collections/payments'
import type { PaymentLike } from '@sync/rules/fees/overview'
import { DEFAULT_TEMPLATES } from '@sync/rules/messaging/templates'
import {
  contributionPaymentRow,
  feePaymentRow,
  NO_EMAIL_ADDRESS,
  savedMessage,
  setAsideRow,
  type FeeRowInput,
} from './payment-rows'
import type { FeeFamily } from './office-fees'

const family: FeeFamily = {
  id: 'demo-family-fernandes',
  name: 'Fernandes <&>',
  guardianNames: ['Maria Fernandes'],
  emails: ['guardian@demo.school', 'joao.fernandes@demo.school'],
}
const signature = { centreName: 'Banyan Tree', senderName: 'Savio', appLink: 'https://app.test' }
const nov = {
  key: '2026-27/month/2026-11',
  label: 'November 2026',
  months: 1,
  start: '2026-11-01',
  end: '2026-11-30',
}
const paidNovember: PaymentLike = {
  id: 'p-nov',
  family_id: family.id,
  student_id: 'st-tiago',
  kind: 'fee',
  status: 'recorded',
  data: {
    paymentType: 'Monthly Fee',
    paymentOption: 'UPI',
    period: nov,
    feeYear: '2026-27',
    receivedFrom: 'Maria',
    amount: 16700,
    paymentDate: '2026-11-02',
  },
}

const input = (change: Partial<FeeRowInput['values']> = {}, extra: Partial<FeeRowInput> = {}) =>
  ({
    id: 'pay-1',
    values: {
      paymentType: 'Monthly Fee',
      paymentOption: 'Indian Bank Transfer',
      periodKey: '2026-27/month/2026-12',
      receivedFrom: '  Maria <b>Fernandes</b> ',
      paymentAmount: 16700,
      paymentDate: '2026-12-03',
      sendEmail: true,
      ...change,
    },
    student: { id: 'st-tiago', name: 'Tiago Fernandes', monthlyFee: 16700 },
    family,
    payments: [paidNovember],
    today: '2026-12-03',
    signature,
    template: DEFAULT_TEMPLATES.feeReceipt,
    ...extra,
  }) satisfies FeeRowInput

describe('feePaymentRow', () => {
  it('records the fee with its period, fee year, totals and names, valid for the collection', () => {
    const row = feePaymentRow(input())
    expect(() => parseRow(paymentsCollection, row)).not.toThrow()
    expect(row).toMatchObject({
      id: 'pay-1',
      family_id: 'demo-family-fernandes',
      student_id: 'st-tiago',
      kind: 'fee',
      status: 'recorded',
      data: {
        paymentType: 'Monthly Fee',
        paymentOption: 'Indian Bank Transfer',
        period: { key: '2026-27/month/2026-12', label: 'December 2026', months: 1 },
        feeYear: '2026-27',
        receivedFrom: 'Maria <b>Fernandes</b>',
        amount: 16700,
        studentsFee: 16700,
        totalFee: 16700,
        yearPaymentTotal: 33400,
        studentName: 'Tiago Fernandes',
        familyName: 'Fernandes <&>',
        sendEmail: true,
      },
    })
  })
  it('writes the receipt e-mail to every guardian, escaped, from the fee receipt template', () => {
    const email = feePaymentRow(input()).data.email!
    expect(email.to).toEqual(['guardian@demo.school', 'joao.fernandes@demo.school'])
    expect(email.subject).toBe('Receipt for Tiago Fernandes: Monthly Fee December 2026')
    expect(email.html).toContain('Dear Maria &lt;b&gt;Fernandes&lt;/b&gt;,')
    expect(email.html).toContain('₹16,700.00 by Indian Bank Transfer on 3 December 2026')
    expect(email.html).toContain('Paid this year: ₹33,400.00. Still due this year: ₹1,67,000.00')
    expect(email.html).toContain('https://app.test')
    expect(email.html).not.toContain('{{')
  })
  it('writes the receipt from the centre’s own version of the template', () => {
    const template = {
      subject: '{{centreName}} receipt: ₹{{amount}} for {{studentName}}',
      html: '<p>Namaste {{receivedFrom}}, ₹{{pending}} is still due.</p>',
    }
    const email = feePaymentRow(input({}, { template })).data.email!
    expect(email.subject).toBe('Banyan Tree receipt: ₹16,700.00 for Tiago Fernandes')
    expect(email.html).toBe(
      '<p>Namaste Maria &lt;b&gt;Fernandes&lt;/b&gt;, ₹1,67,000.00 is still due.</p>',
    )
  })
  it('writes no e-mail when it is not to be sent', () => {
    const row = feePaymentRow(input({ sendEmail: false }))
    expect(row.data.email).toBeUndefined()
    expect(row.data.sendEmail).toBe(false)
  })
  it.each([
    [
      'a family without an address cannot have the e-mail',
      {},
      { family: { ...family, emails: [] } },
      NO_EMAIL_ADDRESS,
    ],
    [
      'a period not offered',
      { periodKey: '2020-21/month/2020-12' },
      {},
      'Choose the period the payment is for',
    ],
    [
      'a period of another type',
      { paymentType: 'Term Fee' as const },
      {},
      'Choose the period the payment is for',
    ],
  ])('refuses %s', (_, values, extra, message) => {
    expect(() => feePaymentRow(input(values, extra))).toThrow(message)
  })
  it('a yearly fee counts in its fee year and costs twelve months', () => {
    const row = feePaymentRow(
      input(
        { paymentType: 'Yearly Fee', periodKey: '2026-27/year', paymentAmount: 200400 },
        { payments: [] },
      ),
    )
    expect(row.data).toMatchObject({
      feeYear: '2026-27',
      totalFee: 200400,
      yearPaymentTotal: 200400,
    })
  })
  it('confirming a report keeps its reference and does not count it twice', () => {
    const report: PaymentLike = {
      ...paidNovember,
      id: 'pay-1',
      status: 'reported',
      data: { ...paidNovember.data, reference: 'UPI 123' } as PaymentLike['data'],
    }
    const row = feePaymentRow(input({}, { report, payments: [paidNovember, report] }))
    expect(row.data.reference).toBe('UPI 123')
    expect(row.data.yearPaymentTotal).toBe(33400)
    expect(row.status).toBe('recorded')
  })
})

describe('contributionPaymentRow', () => {
  const values = {
    familyId: family.id,
    contributionType: 'Term' as const,
    amount: 5000,
    paymentDate: '2027-03-10',
    receivedFrom: 'João',
    paymentOption: 'Cash' as const,
    sendEmail: true,
  }
  it('records the family’s contribution in the fee year of its date, with its receipt', () => {
    const template = DEFAULT_TEMPLATES.contributionReceipt
    const row = contributionPaymentRow({ id: 'c1', values, family, signature, template })
    expect(() => parseRow(paymentsCollection, row)).not.toThrow()
    expect(row).toMatchObject({
      kind: 'contribution',
      student_id: null,
      status: 'recorded',
      data: { contributionType: 'Term', feeYear: '2026-27', amount: 5000, familyName: family.name },
    })
    expect(row.data.email?.subject).toBe('Receipt for your contribution to Banyan Tree')
    expect(row.data.email?.html).toContain(
      'Term contribution of ₹5,000.00 from the Fernandes &lt;&amp;&gt;',
    )
  })
  it('writes the receipt from the centre’s own version of the template', () => {
    const template = {
      subject: 'Thank you, {{familyName}} family',
      html: '<p>{{contributionType}}: ₹{{amount}} by {{paymentOption}} on {{paymentDate}}</p>',
    }
    const email = contributionPaymentRow({ id: 'c1', values, family, signature, template }).data
      .email!
    expect(email.subject).toBe('Thank you, Fernandes <&> family')
    expect(email.html).toBe('<p>Term: ₹5,000.00 by Cash on 10 March 2027</p>')
  })
  it('refuses a row for another family', () => {
    expect(() =>
      contributionPaymentRow({
        id: 'c1',
        values: { ...values, familyId: 'other' },
        family,
        signature,
        template: DEFAULT_TEMPLATES.contributionReceipt,
      }),
    ).toThrow('Choose the family')
  })
})

describe('setAsideRow', () => {
  it.each([
    ['  Paid twice ', 'Paid twice'],
    ['x'.repeat(500), 'x'.repeat(500)],
  ])('sets the payment aside with the reason %#', (note, kept) => {
    const row = setAsideRow(paidNovember as never, note) as PaymentLike & { data: { note: string } }
    expect(row.status).toBe('void')
    expect(row.data.note).toBe(kept)
    expect(row.data.amount).toBe(16700)
  })
  it.each([
    ['   ', 'Say why the payment is set aside'],
    ['x'.repeat(501), 'Use at most 500 characters'],
  ])('refuses the reason %#', (note, message) => {
    expect(() => setAsideRow(paidNovember as never, note)).toThrow(message)
  })
})

describe('savedMessage (J27)', () => {
  it.each([
    [true, true, 'Payment receipt generated and email sent'],
    [true, false, 'Payment recorded'],
    [
      false,
      true,
      'Payment saved on this device. Its receipt is numbered and e-mailed when it syncs.',
    ],
    [false, false, 'Payment saved on this device. Its receipt is numbered when it syncs.'],
  ])('online %s, e-mail %s', (online, sendEmail, message) => {
    expect(savedMessage(online, sendEmail)).toBe(message)
  })
})
