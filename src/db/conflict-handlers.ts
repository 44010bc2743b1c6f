import type { RxConflictHandler, RxConflictHandlerInput } from 'rxdb'
import type { AppDatabase } from '@sync/engine/database'
import {
  lostLessonEdits,
  templateDaysIn,
  timetableConflictHandler,
} from '@sync/rules/timetable/conflict'

// Collections whose conflicts are merged rather than decided wholesale for the server; the
// others keep the server's state (RxDB's default) and the person is told what they lost.
export function conflictHandlersFor(
  database: () => AppDatabase | undefined,
): Record<string, RxConflictHandler<unknown>> {
  return { timetables: timetableConflictHandler(templateDaysIn(database)) }
}

/** What a person lost in a merged conflict, for the notice. */
export const describeLoss: Record<
  string,
  (input: RxConflictHandlerInput<unknown>) => unknown[] | null
> = {
  timetables: lostLessonEdits,
}
