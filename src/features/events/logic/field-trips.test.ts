import { describe, expect, it } from 'vitest'
import {
  familyTripFee,
  FIELD_TRIP_MESSAGES,
  fieldTripFormSchema,
  fieldTripInitial,
  fieldTripRow,
  tripFee,
  tripsInOrder,
  upcomingTrips,
  type FieldTripRow,
  type FieldTripValues,
} from './field-trips'

const values = (extra: Partial<FieldTripValues> = {}): FieldTripValues => ({
  ...fieldTripInitial(),
  title: 'Botanical garden',
  startDate: '2027-01-14',
  endDate: '2027-01-15',
  groupIds: ['rg-jaul'],
  fee: 350,
  ...extra,
})

const trip = (id: string, startDate: string, extra: Partial<FieldTripRow> = {}): FieldTripRow => ({
  ...fieldTripRow(values({ startDate, endDate: startDate, title: id }), id, {}),
  ...extra,
})

describe('fieldTripRow (N13, N14, N20)', () => {
  it('is pending, in the academic year of its start date, with only students of its groups', () => {
    const row = fieldTripRow(
      values({
        studentIds: ['st-a', 'st-b'],
        parents: ' Maria \n\n Ravi ',
        startDate: '2027-05-31',
        endDate: '2027-06-02',
      }),
      'ft-1',
      { 'st-a': 'rg-jaul', 'st-b': 'rg-vaaro' },
    )
    expect(row).toMatchObject({
      kind: 'field_trip',
      status: 'pending',
      group_ids: ['rg-jaul'],
      data: {
        academicYear: '2026-27',
        studentIds: ['st-a'],
        parents: ['Maria', 'Ravi'],
        fee: 350,
      },
    })
  })
})

describe('the field-trip form', () => {
  it.each<[Partial<FieldTripValues>, string, string]>([
    [{ title: ' ' }, 'title', FIELD_TRIP_MESSAGES.title],
    [{ endDate: '2027-01-13' }, 'endDate', FIELD_TRIP_MESSAGES.end],
    [{ groupIds: [] }, 'groupIds', FIELD_TRIP_MESSAGES.groups],
    [{ fee: -1 }, 'fee', FIELD_TRIP_MESSAGES.fee],
    [{ fee: 10.5 }, 'fee', FIELD_TRIP_MESSAGES.fee],
  ])('%j is refused at %s', (extra, path, message) => {
    const parsed = fieldTripFormSchema.safeParse(values(extra))
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      path,
      message,
    ])
  })
  it('takes a one-day trip', () => {
    expect(fieldTripFormSchema.safeParse(values({ endDate: '2027-01-14' })).success).toBe(true)
  })
})

describe('tripsInOrder (N16)', () => {
  it('lists the latest start date first', () => {
    const list = [trip('a', '2026-10-01'), trip('b', '2027-02-01'), trip('c', '2026-12-01')]
    expect(tripsInOrder(list).map((t) => t.id)).toEqual(['b', 'c', 'a'])
  })
})

describe('upcomingTrips (N15)', () => {
  it('shows a family their groups’ trips not archived and not over, soonest first', () => {
    const list = [
      trip('later', '2027-02-01'),
      trip('soon', '2026-12-01'),
      trip('past', '2026-11-01'),
      trip('archived', '2026-12-05', { status: 'archived' }),
      trip('other', '2026-12-03', { group_ids: ['rg-vaaro'] }),
    ]
    expect(upcomingTrips(list, '2026-11-28', ['rg-jaul']).map((t) => t.id)).toEqual([
      'soon',
      'later',
    ])
  })
})

describe('familyTripFee', () => {
  const children = [
    { id: 'st-a', group_id: 'rg-jaul' },
    { id: 'st-b', group_id: 'rg-jaul' },
    { id: 'st-c', group_id: 'rg-vaaro' },
  ]
  it('is the fee for each of the family’s children who go', () => {
    const t = trip('t', '2026-12-01')
    expect(familyTripFee({ ...t, data: { ...t.data, studentIds: ['st-b'] } }, children)).toEqual({
      going: [children[1]],
      total: 350,
    })
  })
  it('counts every child in its groups when the trip names no students', () => {
    expect(familyTripFee(trip('t', '2026-12-01'), children)).toEqual({
      going: children.slice(0, 2),
      total: 700,
    })
  })
  it('reads Free when there is no fee', () => {
    expect(tripFee(0)).toBe('Free')
    expect(tripFee(1500)).toBe('₹1,500.00')
  })
})
