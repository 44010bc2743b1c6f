import { describe, expect, it } from 'vitest'
import {
  DATE_ORDER_ERROR,
  holidayYears,
  recordTitle,
  sortRecords,
  validateRecord,
  type ReferenceRecord,
} from './records'

const rec = (
  kind: ReferenceRecord['kind'],
  id: string,
  data: Record<string, unknown>,
): ReferenceRecord => ({ id, kind, data })

describe('sortRecords', () => {
  it('sorts timings by set and start time', () => {
    const sorted = sortRecords('session_timing', [
      rec('session_timing', 'c', { timing: '13:30 - 14:15', groupNumber: 1 }),
      rec('session_timing', 'd', { timing: '09:30 - 10:30', groupNumber: 2 }),
      rec('session_timing', 'a', { timing: '09:30 - 10:15', groupNumber: 1 }),
      rec('session_timing', 'b', { timing: '10:15 - 11:00', groupNumber: 1 }),
    ])
    expect(sorted.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd'])
  })
  it('sorts fee tariffs by amount, ascending', () => {
    const sorted = sortRecords('fee_tariff', [
      rec('fee_tariff', 'x', { amount: 16700 }),
      rec('fee_tariff', 'y', { amount: 2000 }),
      rec('fee_tariff', 'z', { amount: 14500 }),
    ])
    expect(sorted.map((r) => r.data.amount)).toEqual([2000, 14500, 16700])
  })
  it('sorts holidays by start date and named lists by name, ignoring case', () => {
    expect(
      sortRecords('holiday', [
        rec('holiday', '2', { startDate: '2026-10-02' }),
        rec('holiday', '1', { startDate: '2026-08-15' }),
      ]).map((r) => r.id),
    ).toEqual(['1', '2'])
    expect(
      sortRecords('classroom', [
        rec('classroom', '2', { name: 'mango' }),
        rec('classroom', '1', { name: 'Banyan' }),
      ]).map((r) => r.id),
    ).toEqual(['1', '2'])
  })
})

describe('validateRecord', () => {
  it.each([
    [
      'session_timing',
      { timing: '9:30-10', groupNumber: 1 },
      { timing: 'Use the form HH:MM - HH:MM, for example 09:30 - 10:15' },
    ],
    [
      'session_timing',
      { timing: '10:15 - 09:30', groupNumber: 1 },
      { timing: 'The session must start before it ends' },
    ],
    ['session_timing', { timing: '09:30 - 10:15', groupNumber: 1 }, {}],
    ['subject', { name: ' ', color: '#c92a2a', mixedGroup: false }, { name: 'Enter a name' }],
    [
      'subject',
      { name: 'Art', color: 'pink', mixedGroup: false },
      { color: 'Choose one of the subject colours' },
    ],
    ['fee_tariff', { amount: -5 }, { amount: 'Enter an amount of 0 or more' }],
    [
      'holiday',
      {
        description: 'Diwali',
        startDate: '2026-11-10',
        endDate: '2026-11-09',
        singleDay: false,
        academicYear: '2026-27',
      },
      { endDate: DATE_ORDER_ERROR },
    ],
    [
      'holiday',
      {
        description: 'Diwali',
        startDate: '2026-11-09',
        endDate: '2026-11-10',
        singleDay: false,
        academicYear: '2026-27',
      },
      {},
    ],
    [
      'holiday',
      {
        description: 'Republic Day',
        startDate: '2027-01-26',
        endDate: '2027-01-26',
        singleDay: true,
        academicYear: '2027-28',
      },
      { academicYear: 'The holiday starts in academic year 2026-27' },
    ],
    [
      'holiday',
      {
        description: 'Republic Day',
        startDate: '2027-01-26',
        endDate: '2027-01-26',
        singleDay: true,
      },
      { academicYear: 'Choose the academic year' },
    ],
  ] as const)('%s %o → %o', (kind, data, errors) => {
    expect(validateRecord(kind, data as Record<string, unknown>)).toEqual(errors)
  })
  it('spells out the date-order error exactly as the spec words it', () => {
    expect(DATE_ORDER_ERROR).toBe('Error: Start date must be before end date')
  })
})

describe('recordTitle', () => {
  it('names records as lists show them', () => {
    expect(recordTitle(rec('fee_tariff', 'x', { name: 'Monthly fee', amount: 14500 }))).toBe(
      'Monthly fee: ₹14,500.00',
    )
    expect(
      recordTitle(rec('session_timing', 'x', { timing: '09:30 - 10:15', groupNumber: 2 })),
    ).toBe('09:30 - 10:15 (set 2)')
  })
})

describe('holidayYears (Q05)', () => {
  it('offers the years the calendar covers, 2023-24 up to the current academic year', () => {
    expect(holidayYears('2026-01-15')).toEqual(['2023-24', '2024-25', '2025-26'])
    expect(holidayYears('2026-11-27')).toEqual(['2023-24', '2024-25', '2025-26', '2026-27'])
  })
  it('keeps a year a holiday already names, and ignores anything that is not a year', () => {
    expect(holidayYears('2026-01-15', ['2027-28', '2025-26', 'someday', null])).toEqual([
      '2023-24',
      '2024-25',
      '2025-26',
      '2027-28',
    ])
  })
})
