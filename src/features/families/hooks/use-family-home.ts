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
  weekWork,
  type ExpiringDocument,
  type HomeChild,
  type HomeDay,
  type HomeWork,
  type WorkItemRow,
  type Names,
} from '../logic/home'

export interface GroupWeekView {
  groupId: string
  groupName: string
  /** Children of the family in this group. */
  children: string[]
  days: HomeDay[]
  /** The week's assignments and resources, in the order of the lessons. */
  work: HomeWork[]
  /** False when neither the week nor its template has reached this device. */
  known: boolean
}

export interface FamilyHome {
  familyName: string | null
  children: HomeChild[]
  weeks: GroupWeekView[]
  holidays: Holiday[]
  documents: ExpiringDocument[]
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
): FamilyHome {
  const family = families[0] ?? null
  const children = homeChildren(students, lookups.groups, today)
  const byId = new Map(timetables.map((row) => [row.id, row]))
  const groupIds = [...new Set(children.flatMap((c) => (c.groupId ? [c.groupId] : [])))]
  const weeks = groupIds.map((groupId) => {
    const doc = byId.get(weekDocId(groupId, weekKey)) ?? byId.get(templateDocId(groupId))
    const days = doc && doc.kind !== 'change_log' ? normaliseDays(doc.data.days) : normaliseDays({})
    const week = homeWeek(days, weekKey, lookups, lookups.holidays)
    return {
      groupId,
      groupName: lookups.groups[groupId] ?? 'Group',
      children: children.filter((c) => c.groupId === groupId).map((c) => c.name),
      days: week,
      work: weekWork(items, groupId, weekKey, week),
      known: Boolean(doc),
    }
  })
  return {
    familyName: family?.name ?? null,
    children,
    weeks,
    holidays: nextHolidays(lookups.holidays, today),
    documents: expiringDocuments(family?.data ?? null, students, today),
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
): FamilyHome | null {
  return useObservable<FamilyHome | null>(
    (open) =>
      combineLatest([
        withFamily ? open.db.families.find().$ : of([] as FamilyRow[]),
        open.db.students.find().$,
        open.db.timetables.find({ selector: { kind: { $in: ['week', 'group_template'] } } }).$,
        open.db.reference.find().$,
        open.db.lesson_items.find({ selector: { week_key: weekKey } }).$,
      ]).pipe(
        map(([families, students, timetables, refs, items]) =>
          familyHomeOf(
            families,
            students,
            timetables,
            lookupsOf(refs),
            today,
            weekKey,
            items.map((d) => d.toMutableJSON() as WorkItemRow),
          ),
        ),
      ),
    null,
    [today, weekKey, withFamily],
  )
}
