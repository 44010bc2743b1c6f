import { describe, expect, it } from 'vitest'
import * as fc from 'fast-check'
import type { PaymentLike } from '@sync/rules/fees/overview'
import { dueView, type FamilyFee } from './parents-due'
import {
  ALL_CHILDREN,
  REPORT_MESSAGES,
  reportedRows,
  reportInitialValues,
  reportPeriods,
  suggestedAmount,
  tripReportedRow,
  tripReportInitialValues,
  type ReportContext,
  type ReportFormValues,
} from './parents-report'
import { tripFeeLines, type TripFeeLine } from './trip-fees'

const TODAY = '2026-11-27'
const NOVEMBER = {
  key: '2026-27/month/2026-11',
  label: 'November 2026',
  months: 1,
  start: '2026-11-01',
  end: '2026-11-30',
}

const fees: FamilyFee[] = [
  { studentId: 'st-ines', name: 'Inês Fernandes', monthlyFee: 14500 },
  { studentId: 'st-tiago', name: 'Tiago Fernandes', monthlyFee: 16700 },
]

const inesPaid: PaymentLike = {
  id: 'p1',
  family_id: 'demo-family-fernandes',
  student_id: 'st-ines',
  kind: 'fee',
  status: 'recorded',
  receipt_number: '2026-27/0001',
  data: {
    paymentType: 'Monthly Fee',
    paymentOption: 'UPI',
    period: NOVEMBER,
    feeYear: '2026-27',
    receivedFrom: 'Maria Fernandes',
    amount: 14500,
    paymentDate: '2026-11-01',
  },
}

function context(payments: PaymentLike[] = [inesPaid]): ReportContext {
  return {
    familyId: 'demo-family-fernandes',
    familyName: 'Fernandes',
    guardianName: 'Maria Fernandes',
    due: dueView(fees, payments, TODAY),
    today: TODAY,
  }
}

const ids = () => {
  let n = 0
  return () => `rep-${++n}`
}

const tiagoForm: ReportFormValues = {
  target: 'st-tiago',
  periodKey: NOVEMBER.key,
  amount: 16700,
  paymentDate: '2026-11-26',
  paymentOption: 'UPI',
  reference: ' 432198765012 ',
}

describe('the "I have paid" form', () => {
  it('opens on the child who owes, with their due and today', () => {
    expect(reportInitialValues(context().due, TODAY)).toEqual({
      target: 'st-tiago',
      periodKey: NOVEMBER.key,
      amount: 16700,
      paymentDate: TODAY,
      paymentOption: 'UPI',
      reference: '',
    })
  })

  it('opens on the whole due when several children owe', () => {
    expect(reportInitialValues(context([]).due, TODAY)).toMatchObject({
      target: ALL_CHILDREN,
      amount: 14500 + 16700,
    })
  })

  it('suggests a whole month for another month, and offers the fee year', () => {
    const tiago = context().due.children[1]!
    const periods = reportPeriods(tiago, TODAY)
    expect(periods).toHaveLength(12)
    expect(periods[0]!.label).toBe('June 2026')
    expect(suggestedAmount(tiago, periods[7]!)).toBe(16700)
    const term = { key: 'x', months: 4 }
    expect(suggestedAmount(tiago, term)).toBe(4 * 16700)
  })

  it.each<[string, Partial<ReportFormValues>, string, string]>([
    ['an empty amount', { amount: '' }, 'amount', REPORT_MESSAGES.amount],
    ['an amount of 0', { amount: 0 }, 'amount', REPORT_MESSAGES.amount],
    ['part of a rupee', { amount: 16700.5 }, 'amount', REPORT_MESSAGES.wholeRupees],
    [
      'more than a crore',
      { amount: 1_00_00_001 },
      'amount',
      'An amount cannot be above ₹1,00,00,000',
    ],
    ['no date', { paymentDate: '' }, 'paymentDate', REPORT_MESSAGES.date],
    [
      'a day that does not exist',
      { paymentDate: '2026-02-30' },
      'paymentDate',
      REPORT_MESSAGES.date,
    ],
    ['tomorrow', { paymentDate: '2026-11-28' }, 'paymentDate', REPORT_MESSAGES.future],
    ['no reference', { reference: '   ' }, 'reference', REPORT_MESSAGES.reference],
    [
      'a reference with markup',
      { reference: '<b>1234</b>' },
      'reference',
      REPORT_MESSAGES.referenceChars,
    ],
    ['cash', { paymentOption: 'Cash' }, 'paymentOption', 'Choose how you paid'],
    ['another period', { periodKey: '2025-26/month/2026-01' }, 'periodKey', REPORT_MESSAGES.period],
    ['a child of another family', { target: 'st-ira' }, 'target', REPORT_MESSAGES.unknownChild],
  ])('refuses %s and writes nothing', (_, change, field, message) => {
    const result = reportedRows({ ...tiagoForm, ...change }, context(), ids())
    expect(result).toEqual({ ok: false, errors: expect.objectContaining({ [field]: message }) })
  })

  it('refuses the whole due when nothing is left to pay', () => {
    const result = reportedRows({ ...tiagoForm, target: ALL_CHILDREN }, context([]), ids())
    expect(result.ok).toBe(true)
    const none = reportedRows(
      { ...tiagoForm, target: ALL_CHILDREN },
      { ...context(), due: dueView(fees.slice(0, 1), [inesPaid], TODAY) },
      ids(),
    )
    expect(none).toEqual({ ok: false, errors: { target: REPORT_MESSAGES.nothingDue } })
  })

  it('never writes a row for input it refuses', () => {
    fc.assert(
      fc.property(
        fc.record({
          amount: fc.oneof(
            fc.constant(''),
            fc.double({ max: 0, noNaN: true }),
            fc.double({ min: 0.01, max: 0.99 }),
          ),
          reference: fc.string({ maxLength: 3 }),
        }),
        (bad) => {
          const result = reportedRows({ ...tiagoForm, ...bad }, context(), ids())
          return !result.ok
        },
      ),
    )
  })
})

describe('a reported payment', () => {
  it("is Tiago's fee for the month, waiting, from the guardian, with the reference", () => {
    const result = reportedRows(tiagoForm, context(), ids())
    expect(result).toEqual({
      ok: true,
      rows: [
        {
          id: 'rep-1',
          family_id: 'demo-family-fernandes',
          student_id: 'st-tiago',
          kind: 'fee',
          status: 'reported',
          data: {
            paymentType: 'Monthly Fee',
            paymentOption: 'UPI',
            period: NOVEMBER,
            feeYear: '2026-27',
            receivedFrom: 'Maria Fernandes',
            amount: 16700,
            paymentDate: '2026-11-26',
            studentsFee: 16700,
            totalFee: 16700,
            studentName: 'Tiago Fernandes',
            familyName: 'Fernandes',
            sendEmail: false,
            reference: '432198765012',
          },
        },
      ],
    })
  })

  it('counts in the fee year of the month it pays for', () => {
    const result = reportedRows(
      { ...tiagoForm, periodKey: '2026-27/month/2027-03' },
      context(),
      ids(),
    )
    expect(result.ok && result.rows[0]!.data).toMatchObject({
      feeYear: '2026-27',
      period: { label: 'March 2027', start: '2027-03-01' },
    })
  })

  it('for everything due is one row per child still to pay, each with their due', () => {
    const result = reportedRows(
      { ...tiagoForm, target: ALL_CHILDREN, periodKey: ALL_CHILDREN, amount: 31200 },
      context([]),
      ids(),
    )
    expect(
      result.ok && result.rows.map((r) => [r.id, r.student_id, r.data.amount, r.data.reference]),
    ).toEqual([
      ['rep-1', 'st-ines', 14500, '432198765012'],
      ['rep-2', 'st-tiago', 16700, '432198765012'],
    ])
  })
})

describe('a trip fee reported as paid', () => {
  const goa: TripFeeLine = {
    key: 'trip-goa/st-tiago',
    tripId: 'trip-goa',
    title: 'Old Goa walk',
    startDate: '2026-12-04',
    endDate: '2026-12-04',
    feeYear: '2026-27',
    studentId: 'st-tiago',
    studentName: 'Tiago Fernandes',
    familyId: 'demo-family-fernandes',
    fee: 800,
    paid: 0,
    due: 800,
    receipts: [],
    standing: 'due',
  }
  const { due: _due, ...reporter } = context()
  const form = { ...tripReportInitialValues(goa, TODAY), reference: 'UTR 4321-98' }

  it('opens on what is still due, today and UPI, for the child and the trip', () => {
    expect(tripReportInitialValues({ ...goa, paid: 300, due: 500 }, TODAY)).toEqual({
      target: 'st-tiago',
      periodKey: 'trip-goa',
      amount: 500,
      paymentDate: TODAY,
      paymentOption: 'UPI',
      reference: '',
    })
  })

  it('is a waiting Field Trip payment naming the trip, in its fee year, with no period', () => {
    expect(tripReportedRow(form, goa, reporter, 'rep-trip')).toEqual({
      ok: true,
      rows: [
        {
          id: 'rep-trip',
          family_id: 'demo-family-fernandes',
          student_id: 'st-tiago',
          kind: 'fee',
          status: 'reported',
          data: {
            paymentType: 'Field Trip',
            trip: { id: 'trip-goa', title: 'Old Goa walk' },
            paymentOption: 'UPI',
            feeYear: '2026-27',
            receivedFrom: 'Maria Fernandes',
            amount: 800,
            paymentDate: TODAY,
            studentName: 'Tiago Fernandes',
            familyName: 'Fernandes',
            sendEmail: false,
            reference: 'UTR 4321-98',
          },
        },
      ],
    })
  })

  it('then waits for the office: the fee shows as reported, still due', () => {
    const result = tripReportedRow(form, goa, reporter, 'rep-trip')
    if (!result.ok) throw new Error('refused')
    const trip = {
      id: 'trip-goa',
      status: 'pending',
      group_ids: ['g1'],
      data: {
        title: 'Old Goa walk',
        startDate: '2026-12-04',
        endDate: '2026-12-04',
        academicYear: '2026-27',
        fee: 800,
        studentIds: [],
      },
    }
    const student = {
      id: 'st-tiago',
      name: 'Tiago Fernandes',
      family_id: 'demo-family-fernandes',
      group_id: 'g1',
    }
    const [line] = tripFeeLines([trip], [student], result.rows)
    expect(line).toMatchObject({ standing: 'reported', due: 800, paid: 0 })
  })

  it('refuses more than is due, a fee paid already, another family’s fee, and bad input', () => {
    expect(tripReportedRow({ ...form, amount: 801 }, goa, reporter, 'x')).toEqual({
      ok: false,
      errors: { amount: 'The fee still due for this trip is ₹800.00' },
    })
    expect(
      tripReportedRow(form, { ...goa, paid: 800, due: 0, standing: 'paid' }, reporter, 'x'),
    ).toEqual({ ok: false, errors: { amount: REPORT_MESSAGES.tripPaid } })
    expect(tripReportedRow(form, { ...goa, familyId: 'demo-family-kamat' }, reporter, 'x')).toEqual(
      { ok: false, errors: { target: REPORT_MESSAGES.otherFamily } },
    )
    expect(tripReportedRow({ ...form, periodKey: 'trip-other' }, goa, reporter, 'x')).toEqual({
      ok: false,
      errors: { target: REPORT_MESSAGES.unknownChild },
    })
    const bad = tripReportedRow(
      { ...form, amount: 0, paymentDate: '2026-12-31', reference: 'x\u0000' },
      goa,
      reporter,
      'x',
    )
    expect(bad).toEqual({
      ok: false,
      errors: {
        amount: REPORT_MESSAGES.amount,
        paymentDate: REPORT_MESSAGES.future,
        reference: REPORT_MESSAGES.reference,
      },
    })
  })
})
