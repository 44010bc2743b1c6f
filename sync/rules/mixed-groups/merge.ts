// Two facilitator admins may edit the same combined mixed group offline. It merges as records
// edited on many devices do (sync/rules/merge): against the version both started from, field by
// field, subgroup by subgroup and child by child (they are keyed by id), so different edits both
// survive; a field both changed keeps the server's value and the other person is told. A child
// the two placed in different subgroups stays where the server has them (L04 holds after every
// merge), and the person whose placement lost is told.
import type { MixedGroup, MixedSubgroup } from '../../contract/collections/timetables.ts'
import { mergeFields, type FieldConflict } from '../merge/fields.ts'

/** What this device lost, as the sync notice shows a field (field, mine, kept). */
export interface LostMixedGroupEdit {
  field: string
  mine: string
  kept: string
}

type Plain = Record<string, unknown>

const subgroupName = (s: Partial<MixedSubgroup> | undefined) =>
  s ? `${s.facilitator ?? '?'} - ${s.subject ?? '?'}` : 'a removed subgroup'

const FIELD_NAMES: Record<string, string> = {
  facilitatorId: 'facilitator',
  facilitator: 'facilitator',
  subjectId: 'subject',
  subject: 'subject',
  classroomId: 'classroom',
  classroom: 'classroom',
}

function shown(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'nothing'
  if (typeof value === 'string') return value
  const o = value as Plain
  if (typeof o.student === 'string') return o.student
  if (typeof o.facilitator === 'string') return subgroupName(o as Partial<MixedSubgroup>)
  return 'a change'
}

/** A conflict as a person reads it: "subgroup (Asha - Maths) › classroom". */
function describe(c: FieldConflict, mine: MixedGroup, theirs: MixedGroup): LostMixedGroupEdit {
  const [, top, subId, field] = c.path.split('.')
  if (top !== 'subgroups' || !subId)
    return { field: 'name', mine: shown(c.mine), kept: shown(c.theirs) }
  const where = `subgroup (${subgroupName(theirs.subgroups[subId] ?? mine.subgroups[subId])})`
  if (!field) return { field: where, mine: shown(c.mine), kept: shown(c.theirs) }
  if (field === 'students')
    return { field: `${where} › child`, mine: shown(c.mine), kept: shown(c.theirs) }
  const named = FIELD_NAMES[field] ?? field
  const pick = (s: MixedSubgroup | undefined) => (s ? (s as unknown as Plain)[named] : undefined)
  return {
    field: `${where} › ${named}`,
    mine: shown(pick(mine.subgroups[subId])),
    kept: shown(pick(theirs.subgroups[subId])),
  }
}

function asGroup(data: unknown): MixedGroup {
  const d = (data ?? {}) as Partial<MixedGroup>
  return { name: typeof d.name === 'string' ? d.name : '', subgroups: d.subgroups ?? {} }
}

/**
 * The combined group both devices meant and what this device lost. `base` is the version both
 * started from (null when both made it at once).
 */
export function mergeMixedGroups(sides: {
  base: MixedGroup | null
  mine: MixedGroup
  theirs: MixedGroup
}): { merged: MixedGroup; lost: LostMixedGroupEdit[] } {
  const { merged: raw, lost: conflicts } = mergeFields({
    base: sides.base ? { data: sides.base } : null,
    mine: { data: sides.mine },
    theirs: { data: sides.theirs },
    keep: [],
  })
  const merged = asGroup(raw.data)
  const lost = new Map<string, LostMixedGroupEdit>()
  for (const c of conflicts) {
    const l = describe(c, sides.mine, sides.theirs)
    // The id and the name of one choice conflict together: one line says it.
    lost.set(`${l.field}:${l.mine}:${l.kept}`, l)
  }
  // L04 after the merge: a child in two subgroups stays in the one the server has them in.
  const subgroups = { ...merged.subgroups }
  const placedByServer = new Map<string, string>()
  for (const [id, s] of Object.entries(sides.theirs.subgroups))
    for (const child of Object.keys(s.students)) placedByServer.set(child, id)
  const order = Object.keys(subgroups).sort(
    (a, b) => Number(b in sides.theirs.subgroups) - Number(a in sides.theirs.subgroups),
  )
  for (const child of new Set(Object.values(subgroups).flatMap((s) => Object.keys(s.students)))) {
    const holders = order.filter((id) => child in subgroups[id]!.students)
    if (holders.length < 2) continue
    const keep = holders.find((id) => placedByServer.get(child) === id) ?? holders[0]!
    for (const id of holders) {
      if (id === keep) continue
      const s = subgroups[id]!
      const { [child]: removed, ...students } = s.students
      subgroups[id] = { ...s, students }
      const l = {
        field: `${removed?.student ?? 'A child'}'s subgroup`,
        mine: subgroupName(s),
        kept: subgroupName(subgroups[keep]),
      }
      lost.set(`${l.field}:${l.mine}:${l.kept}`, l)
    }
  }
  return { merged: { ...merged, subgroups }, lost: [...lost.values()] }
}
