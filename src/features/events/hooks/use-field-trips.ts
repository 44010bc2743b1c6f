import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import { uuidv7 } from '@sync/contract/ids'
import { useObservable } from '@/db/hooks'
import { useOpenDatabase } from '@/db/provider'
import type { FieldTripRow } from '../logic/field-trips'

export interface Choice {
  id: string
  name: string
}

/** Every field trip this device holds, live (a guardian's device holds their groups' only). */
export function useFieldTrips(): FieldTripRow[] | null {
  return useObservable<FieldTripRow[] | null>(
    (open) =>
      open.db.gatherings.find({ selector: { kind: 'field_trip' } }).$.pipe(
        map((docs) =>
          docs.flatMap((d) => {
            const row = d.toMutableJSON()
            return row.kind === 'field_trip' ? [row] : []
          }),
        ),
      ),
    null,
    [],
  )
}

type TripStudent = { id: string; name: string; group_id: string | null }

/**
 * The students this device knows, with their group: the office's and a family's devices hold the
 * students (those not terminated); a facilitator's holds none, and reads each group's students
 * from the group itself.
 */
export function useTripStudents(): TripStudent[] {
  return useObservable<TripStudent[]>(
    (open) =>
      open.db.collections.students
        ? open.db.students.find().$.pipe(
            map((docs) =>
              docs
                .map((d) => d.toMutableJSON())
                .filter((s) => s.status !== 'terminated')
                .map((s) => ({ id: s.id, name: s.name, group_id: s.group_id }))
                .sort((a, b) => a.name.localeCompare(b.name)),
            ),
          )
        : open.db.reference.find({ selector: { kind: 'group' } }).$.pipe(
            map((refs) =>
              refs
                .map((r) => r.toMutableJSON())
                .flatMap((r) =>
                  r.kind === 'group'
                    ? (r.data.students ?? []).map((s) => ({
                        id: s.id,
                        name: s.name,
                        group_id: r.id,
                      }))
                    : [],
                )
                .sort((a, b) => a.name.localeCompare(b.name)),
            ),
          ),
    [],
    [],
  )
}

/** The centre's active groups and its facilitators, for the trip dialog's choices. */
export function useTripChoices(): { groups: Choice[]; facilitators: Choice[] } {
  return useObservable(
    (open) =>
      combineLatest([
        open.db.reference.find({ selector: { kind: 'group' } }).$,
        open.db.facilitators.find().$,
      ]).pipe(
        map(([refs, facilitators]) => ({
          groups: refs
            .map((r) => r.toMutableJSON())
            .flatMap((r) =>
              r.kind === 'group' && r.data.status === 'active'
                ? [{ id: r.id, name: r.data.name }]
                : [],
            )
            .sort((a, b) => a.name.localeCompare(b.name)),
          facilitators: facilitators
            .map((f) => f.toMutableJSON())
            .filter((f) => f.status === 'active')
            .map((f) => ({ id: f.id, name: f.name }))
            .sort((a, b) => a.name.localeCompare(b.name)),
        })),
      ),
    { groups: [], facilitators: [] },
    [],
  )
}

/** The names of the groups this device holds, by id (to show a trip's groups). */
export function useGroupNames(): Record<string, string> {
  return useObservable(
    (open) =>
      open.db.reference
        .find({ selector: { kind: 'group' } })
        .$.pipe(
          map((refs) =>
            Object.fromEntries(
              refs
                .map((r) => r.toMutableJSON())
                .flatMap((r) => (r.kind === 'group' ? [[r.id, r.data.name] as const] : [])),
            ),
          ),
        ),
    {},
    [],
  )
}

/**
 * Trips are written on the device and pushed when it can, so they are made and archived offline
 * too; the server decides which families see them.
 */
export function useFieldTripWriter() {
  const { db } = useOpenDatabase()
  return {
    newId: (): string => uuidv7(),
    create: async (row: FieldTripRow): Promise<void> => {
      await db.gatherings.insert(row)
    },
    archive: async (id: string): Promise<void> => {
      const doc = await db.gatherings.findOne(id).exec()
      if (doc) await doc.incrementalPatch({ status: 'archived' })
    },
  }
}
