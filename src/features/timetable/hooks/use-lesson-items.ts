import { map } from 'rxjs/operators'
import { useObservable } from '../../../db/hooks'

export interface LessonItem {
  id: string
  kind: 'comment' | 'resource' | 'assignment'
  lessonId: string | null
  facilitatorId: string | null
  createdAt: string
  data: Record<string, unknown>
}

type Raw = { id: unknown; get(f: string): unknown }
const toItem = (d: Raw): LessonItem => ({
  id: String(d.id),
  kind: d.get('kind') as LessonItem['kind'],
  lessonId: (d.get('lesson_id') as string | null) ?? null,
  facilitatorId: (d.get('facilitator_id') as string | null) ?? null,
  createdAt: String(d.get('created_at') ?? ''),
  data: (d.get('data') ?? {}) as Record<string, unknown>,
})
const byCreated = (a: LessonItem, b: LessonItem) => a.createdAt.localeCompare(b.createdAt)

/** A lesson's comments, resources and assignments, oldest first. */
export function useLessonItems(lessonId: string): LessonItem[] {
  return useObservable(
    (open) =>
      open.db.lesson_items
        .find({ selector: { lesson_id: lessonId } })
        .$.pipe(map((docs: Raw[]) => docs.map(toItem).sort(byCreated))),
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
        .$.pipe(map((docs: Raw[]) => docs.map(toItem).sort((a, b) => byCreated(b, a)))),
    [],
    [kind, facilitatorId],
  )
}
