import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import type { FeedbackRow } from '@sync/engine/database'
import { useObservable } from '@/db/hooks'

export interface FeedbackGroup {
  id: string
  name: string
  students: { id: string; name: string }[]
}

/** What the staff's feedback panes name things by: groups (with their students), subjects, facilitators. */
export interface FeedbackLookups {
  groups: FeedbackGroup[]
  subjects: { id: string; name: string }[]
  subjectNames: Record<string, string>
  facilitatorNames: Record<string, string>
}

export function useFeedbackLookups(): FeedbackLookups | null {
  return useObservable<FeedbackLookups | null>(
    (open) =>
      combineLatest([open.db.reference.find().$, open.db.facilitators.find().$]).pipe(
        map(([refs, facs]) => {
          const out: FeedbackLookups = {
            groups: [],
            subjects: [],
            subjectNames: {},
            facilitatorNames: {},
          }
          for (const r of refs) {
            if (r.kind === 'group' && r.data.status === 'active')
              out.groups.push({ id: r.id, name: r.data.name, students: r.data.students ?? [] })
            if (r.kind === 'subject') {
              out.subjects.push({ id: r.id, name: r.data.name })
              out.subjectNames[r.id] = r.data.name
            }
          }
          out.groups.sort((a, b) => a.name.localeCompare(b.name))
          out.subjects.sort((a, b) => a.name.localeCompare(b.name))
          for (const f of facs) out.facilitatorNames[f.id] = f.name
          return out
        }),
      ),
    null,
    [],
  )
}

/** A term's feedback rows (of one group, or all groups when none is named). */
export function useTermFeedback(term: string, groupId?: string): FeedbackRow[] {
  return useObservable(
    (open) =>
      open.db.feedback
        .find({ selector: groupId ? { term, group_id: groupId } : { term } })
        .$.pipe(map((docs) => docs.map((d) => d.toMutableJSON()))),
    [],
    [term, groupId],
  )
}
