import { describe, expect, it } from 'vitest'
import { parseRow } from '@sync/contract/schema'
import { payments as paymentsCollection } from '@sync/contract/collections/payments'
import type { PaymentLike } from '@sync/rules/fees/overview'
import {
  contributionPaymentRow,
  feePaymentRow,
  NO_EMAIL_ADDRESS,
  savedMessage,
  serverAnswerOf,
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
      reference: '',
      sendEmail: true,
      ...change,
    },
    student: { id: 'st-tiago', name: 'Tiago Fernandes', monthlyFee: 16700 },
    family,
    payments: [paidNovember],
    today: '2026-12-03',
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
  it('keeps the UPI or bank reference the office typed, and none when it is left empty', () => {
    expect(feePaymentRow(input({ reference: 'UPI 612345678901' })).data.reference).toBe(
      'UPI 612345678901',
    )
    expect(feePaymentRow(input()).data).not.toHaveProperty('reference')
    const report = { ...paidNovember, id: 'r1', status: 'reported' as const }
    const reported = { ...report, data: { ...report.data, reference: 'UPI 1111' } }
    expect(feePaymentRow(input({}, { report: reported })).data.reference).toBe('UPI 1111')
    expect(
      feePaymentRow(input({ reference: 'NEFT 2222' }, { report: reported })).data.reference,
    ).toBe('NEFT 2222')
  })
  it('asks for the receipt e-mail and sends none of its own: the server writes it', () => {
    const row = feePaymentRow(input())
    expect(row.data.sendEmail).toBe(true)
    expect(row.data).not.toHaveProperty('email')
  })
  it('asks for no e-mail when it is not to be sent', () => {
    const row = feePaymentRow(input({ sendEmail: false }))
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
    reference: '',
    sendEmail: true,
  }
  it('records the family’s contribution in the fee year of its date, with its receipt', () => {
    const row = contributionPaymentRow({ id: 'c1', values, family })
    expect(() => parseRow(paymentsCollection, row)).not.toThrow()
    expect(row).toMatchObject({
      kind: 'contribution',
      student_id: null,
      status: 'recorded',
      data: {
        contributionType: 'Term',
        feeYear: '2026-27',
        amount: 5000,
        familyName: family.name,
        sendEmail: true,
      },
    })
    expect(row.data).not.toHaveProperty('email')
  })
  it('keeps the reference the office typed', () => {
    const row = contributionPaymentRow({
      id: 'c9',
      values: { ...values, reference: 'CHQ 7' },
      family,
    })
    expect(row.data.reference).toBe('CHQ 7')
  })
  it('refuses to e-mail the receipt of a family without an address', () => {
    expect(() =>
      contributionPaymentRow({ id: 'c1', values, family: { ...family, emails: [] } }),
    ).toThrow(NO_EMAIL_ADDRESS)
  })
  it('refuses a row for another family', () => {
    expect(() =>
      contributionPaymentRow({ id: 'c1', values: { ...values, familyId: 'other' }, family }),
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
    [
      true,
      true,
      'Payment receipt generated and e-mail queued; it goes out when the mail server takes it',
    ],
    [true, false, 'Payment recorded'],
    [
      false,
      true,
      'Payment saved on this device. Its receipt is numbered and e-mailed when it syncs.',
    ],
    [false, false, 'Payment saved on this device. Its receipt is numbered when it syncs.'],
  ])('accepted by the server %s, e-mail %s', (accepted, sendEmail, message) => {
    expect(savedMessage(accepted, sendEmail)).toBe(message)
  })
})

describe('serverAnswerOf: the receipt is only "generated" once the server numbered it (issue 30)', () => {
  it.each([
    [{ status: 'recorded' as const, receipt_number: '2026-27/0005' }, 'numbered'],
    [{ status: 'recorded' as const, receipt_number: null }, 'waiting'],
    [{ status: 'recorded' as const }, 'waiting'],
    // A new payment the server refused is removed from the device; a confirmed report goes back.
    [null, 'refused'],
    [{ status: 'recorded' as const, receipt_number: null, _deleted: true }, 'refused'],
    [{ status: 'reported' as const, receipt_number: null }, 'refused'],
  ])('%j is %s', (doc, answer) => {
    expect(serverAnswerOf(doc)).toBe(answer)
  })
})
