// The rules of combined mixed groups (operations.md §3 "Mixed group combined", §4, §5, §8; L02–L05).
// The device checks them before it writes; the server checks the same (L04 as a constraint, L05
// as a trigger), so a refusal reads the same wherever it is made.
import type { MixedGroup, MixedSubgroup } from '../../contract/collections/timetables.ts'
import { normaliseDays } from '../timetable/normalise.ts'
import { WEEKDAY_KEYS } from '../timetable/types.ts'

/** L04: '{student} already in mixed group ({facilitator} - {subject})'. */
export const alreadyInMixedGroup = (student: string, subgroup: MixedSubgroup) =>
  `${student} already in mixed group (${subgroup.facilitator} - ${subgroup.subject})`

/** L05: '{mixed group name} is still in use: {group} on {day}, {timing}'. */
export const stillInUse = (name: string, group: string, day: string, timing: string) =>
  `${name} is still in use: ${group} on ${day}, ${timing}`

/** The subgroup a child is already in (L04), or null. */
export function subgroupOf(
  group: MixedGroup,
  studentId: string,
): { id: string; subgroup: MixedSubgroup } | null {
  for (const [id, subgroup] of Object.entries(group.subgroups)) {
    if (studentId in subgroup.students) return { id, subgroup }
  }
  return null
}

export interface ChildToAdd {
  id: string
  name: string
  groupId: string
  group: string
}

/**
 * The combined group with the child added to one subgroup, or the refusal when the child is in
 * any subgroup of it already (the same one included).
 */
export function addStudent(
  group: MixedGroup,
  subgroupId: string,
  child: ChildToAdd,
): { ok: true; group: MixedGroup } | { ok: false; message: string } {
  const target = group.subgroups[subgroupId]
  if (!target) return { ok: false, message: 'This subgroup has been removed.' }
  const already = subgroupOf(group, child.id)
  if (already) return { ok: false, message: alreadyInMixedGroup(child.name, already.subgroup) }
  const students = {
    ...target.students,
    [child.id]: { student: child.name, groupId: child.groupId, group: child.group },
  }
  return {
    ok: true,
    group: { ...group, subgroups: { ...group.subgroups, [subgroupId]: { ...target, students } } },
  }
}

/** A child in two subgroups, as a merge of two devices' edits can leave them (L04). */
export function studentsInTwoSubgroups(group: MixedGroup): string[] {
  const seen = new Set<string>()
  const twice = new Set<string>()
  for (const subgroup of Object.values(group.subgroups)) {
    for (const id of Object.keys(subgroup.students)) (seen.has(id) ? twice : seen).add(id)
  }
  return [...twice]
}

export interface DerivedFacilitator {
  facilitatorId: string
  facilitator: string
  /** The groups their children come from, by name, in order. */
  groups: string[]
  /** The same, as one line ("Dongor, Jaul"). */
  groupsCombined: string
}

/** L03: each facilitator of a combined group with the groups their children come from. */
export function facilitatorInfos(group: MixedGroup): DerivedFacilitator[] {
  const byFacilitator = new Map<string, { name: string; groups: Set<string> }>()
  for (const subgroup of Object.values(group.subgroups)) {
    const entry = byFacilitator.get(subgroup.facilitatorId) ?? {
      name: subgroup.facilitator,
      groups: new Set<string>(),
    }
    for (const child of Object.values(subgroup.students)) entry.groups.add(child.group)
    byFacilitator.set(subgroup.facilitatorId, entry)
  }
  return [...byFacilitator.entries()]
    .map(([facilitatorId, { name, groups }]) => {
      const sorted = [...groups].sort((a, b) => a.localeCompare(b))
      return { facilitatorId, facilitator: name, groups: sorted, groupsCombined: sorted.join(', ') }
    })
    .sort((a, b) => a.facilitator.localeCompare(b.facilitator))
}

/** L03: the classrooms a combined group uses, each once, by name. */
export function classroomsOf(group: MixedGroup): string[] {
  const names = Object.values(group.subgroups).flatMap((s) => (s.classroom ? [s.classroom] : []))
  return [...new Set(names)].sort((a, b) => a.localeCompare(b))
}

/** A group's weekly template or week as far as L05 needs it. */
export interface TimetableUse {
  groupName: string
  days: unknown
}

const dayName = (day: string) => day.charAt(0).toUpperCase() + day.slice(1)

/**
 * L05: the first group session that uses the combined group (by its `mainMixedGroupId`), as the
 * refusal to delete it says it; null when nothing uses it.
 */
export function mixedGroupInUse(
  mainId: string,
  name: string,
  timetables: readonly TimetableUse[],
  timings: Readonly<Record<string, string>>,
): string | null {
  for (const t of timetables) {
    const days = normaliseDays(t.days)
    for (const day of WEEKDAY_KEYS) {
      const used = days[day].find((s) => s.mainMixedGroupId === mainId)
      if (used)
        return stillInUse(name, t.groupName, dayName(day), timings[used.timingId] ?? used.timingId)
    }
  }
  return null
}
