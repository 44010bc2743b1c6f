import { map } from 'rxjs/operators'
import type { LessonItemRow } from '@sync/engine/database'
import type { Trial } from '@sync/contract/collections/lesson-items'
import { useObservable } from '@/db/hooks'

export interface TrialChild extends Trial {
  id: string
  groupId: string
}

export interface TrialFamily {
  inquiryId: string
  familyName: string
  submitted: string
  children: TrialChild[]
}

/** The trial families of these rows, newest submission first (L07); children by first day. */
export function trialFamiliesOf(rows: readonly LessonItemRow[]): TrialFamily[] {
  const families = new Map<string, TrialFamily>()
  for (const row of rows) {
    if (row.kind !== 'trial' || !row.group_id) continue
    const child: TrialChild = { ...row.data, id: row.id, groupId: row.group_id }
    const family = families.get(child.inquiryId) ?? {
      inquiryId: child.inquiryId,
      familyName: child.familyName,
      submitted: child.submitted,
      children: [],
    }
    family.children.push(child)
    families.set(child.inquiryId, family)
  }
  const list = [...families.values()]
  for (const f of list) f.children.sort((a, b) => a.trialStart.localeCompare(b.trialStart))
  return list.sort(
    (a, b) => b.submitted.localeCompare(a.submitted) || a.familyName.localeCompare(b.familyName),
  )
}

/** The trials this device holds (the server sends only those of the groups one teaches). */
export function useTrialFamilies(): TrialFamily[] | null {
  return useObservable<TrialFamily[] | null>(
    (open) =>
      open.db.lesson_items
        .find({ selector: { kind: 'trial' } })
        .$.pipe(map((docs) => trialFamiliesOf(docs.map((d) => d.toMutableJSON())))),
    null,
    [],
  )
}
