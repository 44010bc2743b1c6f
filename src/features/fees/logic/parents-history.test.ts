import { expect, it } from 'vitest'
import { paidItems, type HistoryRow } from './parents-history'

type Over = Omit<Partial<HistoryRow>, 'data'> & { data?: Partial<HistoryRow['data']> }

const row = (over: Over): HistoryRow => ({
  id: 'p',
  family_id: 'demo-family-fernandes',
  student_id: 'st-tiago',
  kind: 'fee',
  status: 'recorded',
  receipt_number: null,
  ...over,
  data: {
    paymentType: 'Monthly Fee',
    paymentOption: 'Indian Bank Transfer',
    feeYear: '2026-27',
    receivedFrom: 'Maria Fernandes',
    amount: 16700,
    paymentDate: '2026-10-01',
    ...over.data,
  },
})

const october = {
  key: 'k10',
  label: 'October 2026',
  months: 1,
  start: '2026-10-01',
  end: '2026-10-31',
}

it('lists the payments newest first, with what each paid for and where it stands', () => {
  const items = paidItems(
    [
      row({ id: 'a', receipt_number: '2026-27/0001', data: { period: october } }),
      row({
        id: 'b',
        kind: 'contribution',
        student_id: null,
        receipt_number: '2026-27/0003',
        data: {
          paymentType: undefined,
          contributionType: 'Monthly',
          amount: 2000,
          paymentDate: '2026-11-01',
          paymentOption: 'Cash',
        },
      }),
      row({
        id: 'c',
        status: 'reported',
        data: { paymentDate: '2026-11-26', reference: '4321', paymentOption: 'UPI' },
      }),
      row({
        id: 'd',
        status: 'void',
        student_id: 'st-ines',
        data: { paymentDate: '2026-11-02', note: 'Paid twice' },
      }),
      row({
        id: 'e',
        receipt_number: '2026-27/0002',
        student_id: 'st-ines',
        data: { paymentDate: '2026-11-01', studentName: 'Inês Fernandes' },
      }),
    ],
    new Map([
      ['st-tiago', 'Tiago Fernandes'],
      ['st-ines', 'Inês'],
    ]),
  )
  expect(items.map((i) => [i.id, i.who, i.what, i.statusText, i.receiptNumber])).toEqual([
    ['c', 'Tiago Fernandes', 'Monthly Fee', 'Waiting for the centre to confirm', null],
    ['d', 'Inês', 'Monthly Fee', 'Set aside by the centre', null],
    ['b', 'Contribution', 'Monthly contribution', 'Received', '2026-27/0003'],
    ['e', 'Inês Fernandes', 'Monthly Fee', 'Received', '2026-27/0002'],
    ['a', 'Tiago Fernandes', 'Monthly Fee · October 2026', 'Received', '2026-27/0001'],
  ])
  expect(items[0]).toMatchObject({ reference: '4321', option: 'UPI', amount: 16700 })
  expect(items[1]!.note).toBe('Paid twice')
})

it('names a contribution without a plan simply a contribution', () => {
  const [item] = paidItems(
    [row({ kind: 'contribution', student_id: null, data: { contributionType: 'None' } })],
    new Map(),
  )
  expect(item!.what).toBe('Contribution')
})
