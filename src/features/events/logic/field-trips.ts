// Field trips (N13–N16, N20): the trip dialog's form and the row it writes on the device, the
// order trips are listed in, which trips a family sees, and what the trip costs the family.
import * as z from 'zod/mini'
import { gatherings } from '@sync/contract/collections/gatherings'
import { parseRow } from '@sync/contract/schema'
import { rupees } from '@sync/rules/text'
import type { GatheringRow } from '@sync/engine/database'
import { academicYearOf } from '@/lib/time/academic-year'
import { daySpanText } from '@/lib/time/centre-format'

export type FieldTripRow = Extract<GatheringRow, { kind: 'field_trip' }>

export const FIELD_TRIP_MESSAGES = {
  title: 'Enter a title',
  start: 'Choose the start date',
  end: 'Choose an end date on or after the start',
  groups: 'Choose at least one group',
  fee: 'Enter the fee in whole rupees (0 when free)',
} as const

const isoDate = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/
const text = z.string().check(z.trim(), z.maxLength(4000, 'Use at most 4000 characters'))

export const fieldTripFormSchema = z
  .object({
    title: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, FIELD_TRIP_MESSAGES.title),
        z.maxLength(200, 'Use at most 200 characters'),
      ),
    description: text,
    itinerary: text,
    packingList: text,
    fee: z
      .number(FIELD_TRIP_MESSAGES.fee)
      .check(
        z.int(FIELD_TRIP_MESSAGES.fee),
        z.gte(0, FIELD_TRIP_MESSAGES.fee),
        z.lte(1_000_000, FIELD_TRIP_MESSAGES.fee),
      ),
    startDate: z.string().check(z.regex(isoDate, FIELD_TRIP_MESSAGES.start)),
    endDate: z.string().check(z.regex(isoDate, FIELD_TRIP_MESSAGES.end)),
    groupIds: z.array(z.string()).check(z.minLength(1, FIELD_TRIP_MESSAGES.groups)),
    studentIds: z.array(z.string()),
    facilitatorIds: z.array(z.string()),
    /** The parents who come along, one name a line. */
    parents: z.string().check(z.maxLength(4000)),
  })
  .check(
    z.refine(
      (v) => !isoDate.test(v.startDate) || !isoDate.test(v.endDate) || v.endDate >= v.startDate,
      { message: FIELD_TRIP_MESSAGES.end, path: ['endDate'] },
    ),
  )
export type FieldTripValues = z.input<typeof fieldTripFormSchema>

export const fieldTripInitial = (): FieldTripValues => ({
  title: '',
  description: '',
  itinerary: '',
  packingList: '',
  fee: 0,
  startDate: '',
  endDate: '',
  groupIds: [],
  studentIds: [],
  facilitatorIds: [],
  parents: '',
})

/** The accompanying parents' names, one a line, blanks dropped. */
export const parentNames = (lines: string): string[] =>
  lines
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .slice(0, 50)

/**
 * The new trip's row: pending (N14), in the academic year its start date falls in (N20). Only
 * students of the trip's groups take part.
 */
export function fieldTripRow(
  values: FieldTripValues,
  id: string,
  studentGroups: Record<string, string | null>,
): FieldTripRow {
  const groups = new Set(values.groupIds)
  return parseRow(gatherings, {
    id,
    kind: 'field_trip',
    meeting_id: null,
    group_ids: values.groupIds,
    status: 'pending',
    data: {
      title: values.title.trim(),
      description: values.description.trim(),
      itinerary: values.itinerary.trim(),
      packingList: values.packingList.trim(),
      fee: values.fee,
      startDate: values.startDate,
      endDate: values.endDate,
      academicYear: academicYearOf(values.startDate),
      studentIds: values.studentIds.filter((s) => groups.has(studentGroups[s] ?? '')),
      facilitatorIds: values.facilitatorIds,
      parents: parentNames(values.parents),
    },
  }) as FieldTripRow
}

/** Trips by start date, latest first (N16); the same day by title. */
export function tripsInOrder<T extends FieldTripRow>(trips: readonly T[]): T[] {
  return [...trips].sort(
    (a, b) =>
      b.data.startDate.localeCompare(a.data.startDate) || a.data.title.localeCompare(b.data.title),
  )
}

/**
 * The trips a family sees: not archived (N15) and not over yet, the soonest first, for the
 * groups of their children.
 */
export function upcomingTrips<T extends FieldTripRow>(
  trips: readonly T[],
  today: string,
  childGroups: readonly string[],
): T[] {
  const groups = new Set(childGroups)
  return trips
    .filter(
      (t) =>
        t.status !== 'archived' &&
        t.data.endDate >= today &&
        t.group_ids.some((g) => groups.has(g)),
    )
    .sort((a, b) => a.data.startDate.localeCompare(b.data.startDate))
}

/**
 * What the trip costs a family (decision N13): the fee for each of their children who takes part;
 * when the trip names no students, each of their children in its groups.
 */
export function familyTripFee<C extends { id: string; group_id: string | null }>(
  trip: FieldTripRow,
  children: readonly C[],
): { going: C[]; total: number } {
  const going = trip.data.studentIds.length
    ? children.filter((c) => trip.data.studentIds.includes(c.id))
    : children.filter((c) => c.group_id !== null && trip.group_ids.includes(c.group_id))
  return { going, total: going.length * trip.data.fee }
}

/** A trip's dates as people read them: one day, or from … to. */
export const tripDates = (trip: FieldTripRow): string =>
  daySpanText(trip.data.startDate, trip.data.endDate)

/** A trip's fee as the screens show it: 'Free', or rupees with Indian digit grouping. */
export const tripFee = (amount: number): string => (amount === 0 ? 'Free' : rupees(amount))
