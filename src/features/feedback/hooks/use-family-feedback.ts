import { combineLatest } from 'rxjs'
import { map } from 'rxjs/operators'
import type { FeedbackRow } from '@sync/engine/database'
import { useObservable } from '@/db/hooks'

/**
 * The feedback on this device for a family (the server sends a guardian only what was released
 * for their children, and keeps it there once seen), with the subjects' names.
 */
export function useFamilyFeedback(): {
  rows: FeedbackRow[]
  subjectNames: Record<string, string>
} | null {
  return useObservable(
    (open) =>
      combineLatest([
        open.db.feedback.find().$,
        open.db.reference.find({ selector: { kind: 'subject' } }).$,
      ]).pipe(
        map(([docs, refs]) => {
          const subjectNames: Record<string, string> = {}
          for (const r of refs) if (r.kind === 'subject') subjectNames[r.id] = r.data.name
          return { rows: docs.map((d) => d.toMutableJSON()), subjectNames }
        }),
      ),
    null,
    [],
  )
}
