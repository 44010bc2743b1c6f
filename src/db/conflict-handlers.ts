import type { RxConflictHandler, RxConflictHandlerInput } from 'rxdb'
import { lostLessonEdits, timetableConflictHandler } from '../../sync/timetable/conflict'

// Collections whose conflicts are merged rather than decided wholesale for the server; the
// others keep the server's state (RxDB's default) and the person is told what they lost.
export const conflictHandlers: Record<string, RxConflictHandler<unknown>> = {
  timetables: timetableConflictHandler,
}

/** What a person lost in a merged conflict, for the notice. */
export const describeLoss: Record<
  string,
  (input: RxConflictHandlerInput<unknown>) => unknown[] | null
> = {
  timetables: lostLessonEdits,
}
