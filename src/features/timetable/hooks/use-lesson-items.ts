import { map } from 'rxjs/operators'
import type { RxDocument } from 'rxdb'
import type { LessonItemRow } from '@sync/engine/database'
import { useObservable } from '@/db/hooks'

/** A comment, resource or assignment: `data` is the one its `kind` names. */
export type LessonItem = LessonItemRow & {
  lessonId: string | null
  facilitatorId: string | null
  createdAt: string
}

const toItem = (d: RxDocument<LessonItemRow>): LessonItem => ({
  ...d.toMutableJSON(),
  lessonId: d.lesson_id,
  facilitatorId: d.facilitator_id,
  createdAt: d.created_at,
})
const byCreated = (a: LessonItem, b: LessonItem) => a.createdAt.localeCompare(b.createdAt)

/** A lesson's comments, resources and assignments, oldest first. */
export function useLessonItems(lessonId: string): LessonItem[] {
  return useObservable(
    (open) =>
      open.db.lesson_items
        .find({ selector: { lesson_id: lessonId } })
        .$.pipe(map((docs) => docs.map(toItem).sort(byCreated))),
    [],
    [lessonId],
  )
}

/** A facilitator's own items of one kind (the Assignments and Resources panes), newest first. */
export function useOwnItems(
  kind: 'resource' | 'assignment',
  facilitatorId: string | null,
): LessonItem[] {
  return useObservable(
    (open) =>
      open.db.lesson_items
        .find({ selector: { kind, facilitator_id: facilitatorId ?? '__none__' } })
        .$.pipe(map((docs) => docs.map(toItem).sort((a, b) => byCreated(b, a)))),
    [],
    [kind, facilitatorId],
  )
}
