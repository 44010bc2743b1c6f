import { defaultConflictHandler, type RxConflictHandler, type RxConflictHandlerInput } from 'rxdb'
import type { AppDatabase } from '@sync/engine/database'
import { families } from '@sync/contract/collections/families'
import { inquiries } from '@sync/contract/collections/inquiries'
import { students } from '@sync/contract/collections/students'
import { gatherings } from '@sync/contract/collections/gatherings'
import {
  lostLessonEdits,
  templateDaysIn,
  timetableConflictHandler,
} from '@sync/rules/timetable/conflict'

// Collections whose conflicts are merged rather than decided wholesale for the server; the
// others keep the server's state (RxDB's default) and the person is told what they lost.

// What each field merge lost, for the notice (RxDB hands the same input to the conflict$ stream).
const lostFields = new WeakMap<object, unknown[] | null>()

/**
 * Families, students and inquiries merge field by field (sync/rules/merge): loaded with the first
 * conflict, so a parent's first load carries none of it.
 */
function mergedByField(keep: readonly string[]): RxConflictHandler<unknown> {
  return {
    isEqual: (a, b, context) => defaultConflictHandler.isEqual(a, b, context),
    async resolve(input) {
      const { resolveByFields } = await import('@sync/rules/merge/conflict')
      const { merged, lost } = resolveByFields(input, keep)
      lostFields.set(input, lost)
      return merged as never
    },
  }
}

const byField = [families, students, inquiries, gatherings]

export function conflictHandlersFor(
  database: () => AppDatabase | undefined,
): Record<string, RxConflictHandler<unknown>> {
  return {
    timetables: timetableConflictHandler(templateDaysIn(database)),
    ...Object.fromEntries(byField.map((def) => [def.name, mergedByField(def.serverColumns)])),
  }
}

const lostFieldsOf = (input: RxConflictHandlerInput<unknown>) => lostFields.get(input) ?? null

/** What a person lost in a merged conflict, for the notice. */
export const describeLoss: Record<
  string,
  (input: RxConflictHandlerInput<unknown>) => unknown[] | null
> = {
  timetables: lostLessonEdits,
  ...Object.fromEntries(byField.map((def) => [def.name, lostFieldsOf])),
}
