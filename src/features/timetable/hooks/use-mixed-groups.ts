import { map } from 'rxjs/operators'
import {
  mixedGroupSchema,
  type MixedGroup,
  type MixedSubgroup,
} from '@sync/contract/collections/timetables'
import { uuidv7 } from '@sync/contract/ids'
import { addStudent, mixedGroupInUse, type ChildToAdd } from '@sync/rules/mixed-groups/rules'
import type { TimetableRow } from '@sync/engine/database'
import { useObservable } from '@/db/hooks'
import { useOpenDatabase } from '@/db/provider'

export interface CombinedMixedGroup {
  id: string
  group: MixedGroup
}

const isMixed = (row: TimetableRow): row is Extract<TimetableRow, { kind: 'mixed_group' }> =>
  row.kind === 'mixed_group'

/** The combined mixed groups on this device, by name (L02). */
export function useMixedGroups(): CombinedMixedGroup[] | null {
  return useObservable<CombinedMixedGroup[] | null>(
    (open) =>
      open.db.timetables.find({ selector: { kind: 'mixed_group' } }).$.pipe(
        map((docs) =>
          docs
            .map((d) => d.toJSON() as TimetableRow)
            .filter(isMixed)
            .map((row) => ({ id: row.id, group: row.data }))
            .sort((a, b) => a.group.name.localeCompare(b.group.name)),
        ),
      ),
    null,
    [],
  )
}

/** A refusal the person can read under the field or above the list. */
export class MixedGroupRefusal extends Error {}

/** Mixed groups are written on the device first; the sync engine sends them when it can. */
export function useMixedGroupWriter() {
  const { db } = useOpenDatabase()

  async function change(id: string, edit: (group: MixedGroup) => MixedGroup) {
    const doc = await db.timetables.findOne(id).exec()
    if (!doc || doc.kind !== 'mixed_group')
      throw new MixedGroupRefusal('This mixed group has been removed.')
    let refusal: Error | null = null
    await doc.incrementalModify((current) => {
      if (current.kind !== 'mixed_group') return current
      try {
        return { ...current, data: mixedGroupSchema.parse(edit(current.data)) }
      } catch (e) {
        refusal = e as Error
        return current
      }
    })
    if (refusal) throw refusal
  }

  return {
    async create(name: string): Promise<string> {
      const id = uuidv7()
      const data = mixedGroupSchema.parse({ name, subgroups: {} })
      await db.timetables.insert({ id, kind: 'mixed_group', group_id: null, week_key: null, data })
      return id
    },
    rename: (id: string, name: string) => change(id, (g) => ({ ...g, name })),
    addSubgroup: (id: string, subgroup: Omit<MixedSubgroup, 'students'>) =>
      change(id, (g) => ({
        ...g,
        subgroups: { ...g.subgroups, [uuidv7()]: { ...subgroup, students: {} } },
      })),
    removeSubgroup: (id: string, subgroupId: string) =>
      change(id, (g) => {
        const { [subgroupId]: _removed, ...subgroups } = g.subgroups
        return { ...g, subgroups }
      }),
    /** L04: refused with the spec's message when the child is in a subgroup already. */
    addStudent: (id: string, subgroupId: string, child: ChildToAdd) =>
      change(id, (g) => {
        const r = addStudent(g, subgroupId, child)
        if (!r.ok) throw new MixedGroupRefusal(r.message)
        return r.group
      }),
    removeStudent: (id: string, subgroupId: string, studentId: string) =>
      change(id, (g) => {
        const s = g.subgroups[subgroupId]
        if (!s) return g
        const { [studentId]: _removed, ...students } = s.students
        return { ...g, subgroups: { ...g.subgroups, [subgroupId]: { ...s, students } } }
      }),
    /** L05: refused while a group's weekly template has a session of it. */
    async remove(id: string, timings: Readonly<Record<string, string>>) {
      const doc = await db.timetables.findOne(id).exec()
      if (!doc || doc.kind !== 'mixed_group') return
      const templates = await db.timetables.find({ selector: { kind: 'group_template' } }).exec()
      const uses = templates.flatMap((t) =>
        t.kind === 'group_template' && t.data.status === 'active'
          ? [{ groupName: t.data.groupName, days: t.data.days }]
          : [],
      )
      uses.sort((a, b) => a.groupName.localeCompare(b.groupName))
      const inUse = mixedGroupInUse(id, doc.data.name, uses, timings)
      if (inUse) throw new MixedGroupRefusal(inUse)
      await doc.remove()
    },
  }
}
