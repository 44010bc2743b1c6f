import { combineLatest, of } from 'rxjs'
import { map } from 'rxjs/operators'
import type { FamilyRow, StudentRow, TimetableRow } from '@sync/engine/database'
import { templateDocId, weekDocId } from '@sync/contract/collections/timetables'
import { normaliseDays } from '@sync/rules/timetable/normalise'
import { useObservable } from '@/db/hooks'
import type { Holiday, IsoDate } from '@sync/rules/timetable/types'
import {
  expiringDocuments,
  homeChildren,
  homeWeek,
  nextHolidays,
  type ExpiringDocument,
  type HomeChild,
  type HomeDay,
  type WorkItemRow,
  type Names,
} from '../logic/home'
import { dueInWeek, lessonWorkOf, type DueAssignment, type LessonWork } from '../logic/home-week'
import { stepWeek } from '@/lib/time/week'

export interface GroupWeekView {
  groupId: string
  groupName: string
  /** Children of the family in this group. */
  children: string[]
  days: HomeDay[]
  /** The week's assignments and resources, under their lessons. */
  work: LessonWork
  /** False when neither the week nor its template has reached this device. */
  known: boolean
  /** The group's field trips this device holds (not archived: the server sends no other). */
  trips: TripSpan[]
}

/** A field trip as the week shows it, on each day from its start to its end. */
export interface TripSpan {
  title: string
  startDate: string
  endDate: string
  groupIds: string[]
}

export interface FamilyHome {
  familyName: string | null
  children: HomeChild[]
  weeks: GroupWeekView[]
  holidays: Holiday[]
  documents: ExpiringDocument[]
  /** Assignments due in the current week (of `thisWeek`), soonest first. */
  due: DueAssignment[]
}

interface Lookups extends Names {
  timings: Record<string, string>
  subjects: Record<string, string>
  groups: Record<string, string>
  holidays: Holiday[]
}

function lookupsOf(refs: readonly { kind: string; id: string; data: unknown }[]): Lookups {
  const out: Lookups = { timings: {}, subjects: {}, groups: {}, holidays: [] }
  for (const ref of refs) {
    const data = ref.data as Record<string, unknown>
    if (ref.kind === 'session_timing') out.timings[ref.id] = String(data.timing ?? '')
    else if (ref.kind === 'subject') out.subjects[ref.id] = String(data.name ?? '')
    else if (ref.kind === 'group') out.groups[ref.id] = String(data.name ?? '')
    else if (ref.kind === 'holiday') out.holidays.push(data as unknown as Holiday)
  }
  return out
}

export function familyHomeOf(
  families: readonly FamilyRow[],
  students: readonly StudentRow[],
  timetables: readonly TimetableRow[],
  lookups: Lookups,
  today: IsoDate,
  weekKey: string,
  items: readonly WorkItemRow[] = [],
  thisWeek: string = weekKey,
  trips: readonly TripSpan[] = [],
): FamilyHome {
  const family = families[0] ?? null
  const children = homeChildren(students, lookups.groups, today)
  const byId = new Map(timetables.map((row) => [row.id, row]))
  const groupIds = [...new Set(children.flatMap((c) => (c.groupId ? [c.groupId] : [])))]
  const groupName = (groupId: string) => lookups.groups[groupId] ?? 'Group'
  const daysOf = (groupId: string, key: string) => {
    const doc = byId.get(weekDocId(groupId, key)) ?? byId.get(templateDocId(groupId))
    const days =
      doc && (doc.kind === 'week' || doc.kind === 'group_template')
        ? normaliseDays(doc.data.days)
        : normaliseDays({})
    const mixed = timetables.flatMap((row) =>
      row.kind === 'mixed_lesson' && row.week_key === key ? [row.data] : [],
    )
    return { days: homeWeek(days, key, lookups, lookups.holidays, mixed), known: Boolean(doc) }
  }
  const weeks = groupIds.map((groupId) => {
    const { days, known } = daysOf(groupId, weekKey)
    return {
      groupId,
      groupName: groupName(groupId),
      children: children.filter((c) => c.groupId === groupId).map((c) => c.name),
      days,
      work: lessonWorkOf(items, groupId, weekKey, days),
      known,
      trips: trips.filter((t) => t.groupIds.includes(groupId)),
    }
  })
  const dueWeeks = Object.fromEntries(
    [stepWeek(thisWeek, -1), thisWeek].map((key) => [
      key,
      groupIds.map((groupId) => ({
        groupId,
        groupName: groupName(groupId),
        days: daysOf(groupId, key).days,
      })),
    ]),
  )
  return {
    familyName: family?.name ?? null,
    children,
    weeks,
    holidays: nextHolidays(lookups.holidays, today),
    documents: expiringDocuments(family?.data ?? null, students, today),
    due: dueInWeek(items, dueWeeks, thisWeek),
  }
}

/**
 * The home of a family (or of a student: their own row, no family record), live from the
 * device's database, so it opens offline.
 */
export function useFamilyHome(
  today: IsoDate,
  weekKey: string,
  withFamily: boolean,
  thisWeek: string = weekKey,
): FamilyHome | null {
  return useObservable<FamilyHome | null>(
    (open) =>
      combineLatest([
        withFamily ? open.db.families.find().$ : of([] as FamilyRow[]),
        open.db.students.find().$,
        open.db.timetables.find({
          selector: { kind: { $in: ['week', 'group_template', 'mixed_lesson'] } },
        }).$,
        open.db.reference.find().$,
        open.db.lesson_items.find({
          selector: {
            week_key: { $in: [...new Set([weekKey, thisWeek, stepWeek(thisWeek, -1)])] },
          },
        }).$,
        // A student's device holds no gatherings.
        withFamily && open.db.collections.gatherings
          ? open.db.gatherings.find({ selector: { kind: 'field_trip' } }).$
          : of([]),
      ]).pipe(
        map(([families, students, timetables, refs, items, gatherings]) =>
          familyHomeOf(
            families,
            students,
            timetables,
            lookupsOf(refs),
            today,
            weekKey,
            items.map((d) => d.toMutableJSON() as WorkItemRow),
            thisWeek,
            gatherings.flatMap((d) => {
              const row = d.toMutableJSON()
              return row.kind === 'field_trip' && row.status !== 'archived'
                ? [
                    {
                      title: row.data.title,
                      startDate: row.data.startDate,
                      endDate: row.data.endDate,
                      groupIds: row.group_ids,
                    },
                  ]
                : []
            }),
          ),
        ),
      ),
    null,
    [today, weekKey, withFamily, thisWeek],
  )
}
