import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import type { FamilyRow, StudentRow } from '@sync/engine/database'
import { isProfileComplete } from '@sync/rules/families/profile'
import { useObservable } from '@/db/hooks'

/**
 * Whether the signed-in guardian's family profile is complete by core.md §5's rules, from the
 * device; null while it opens, or while the family's record has not arrived (nothing to ask yet).
 */
export function useProfileComplete(familyToken: string | null): boolean | null {
  return useObservable<boolean | null>(
    (open) =>
      combineLatest([open.db.families.find().$, open.db.students.find().$]).pipe(
        map(([familyDocs, studentDocs]) => {
          const rows = familyDocs.map((d) => d.toMutableJSON() as FamilyRow)
          const family = rows.find((f) => f.id === familyToken) ?? rows[0]
          if (!family) return null
          const children = studentDocs
            .map((d) => d.toMutableJSON() as StudentRow)
            .filter((s) => s.family_id === family.id && s.status !== 'terminated')
          return isProfileComplete({
            guardians: family.data.guardians,
            children: children.map((c) => c.data),
            forms: family.data.forms,
            legalGuardianDocuments: family.data.legalGuardianDocuments,
          })
        }),
      ),
    null,
    [familyToken],
  )
}
