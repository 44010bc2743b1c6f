// When two devices changed the same group's week, RxDB asks how to resolve the conflict. A
// week is merged session by session against the version both started from, so edits to
// different lessons both survive; only a lesson both changed keeps the server's version, and
// the person whose edit lost is told which lesson and what they had entered.
import { defaultConflictHandler, type RxConflictHandler, type RxConflictHandlerInput } from 'rxdb'
import { mergeWeeks } from './merge.ts'
import { normaliseDays } from './normalise.ts'
import type { WeekdayKey } from './types.ts'

type Doc = Record<string, unknown> & { kind?: unknown; data?: unknown; _deleted?: boolean }

function weekData(
  doc: Doc | undefined,
): { days: ReturnType<typeof normaliseDays>; groupName?: unknown } | null {
  if (!doc || doc.kind !== 'week' || doc._deleted) return null
  const data = (doc.data ?? {}) as Record<string, unknown>
  return { ...data, days: normaliseDays(data.days) }
}

export const timetableConflictHandler: RxConflictHandler<unknown> = {
  isEqual: (a, b, context) => defaultConflictHandler.isEqual(a, b, context),
  async resolve(input) {
    const real = input.realMasterState as Doc
    const mine = weekData(input.newDocumentState as Doc)
    const theirs = weekData(real)
    if (!mine || !theirs) return input.realMasterState
    const base = weekData(input.assumedMasterState as Doc | undefined)
    const { merged } = mergeWeeks({ base, mine, theirs })
    return { ...real, data: merged } as never
  },
}

/** A lesson edit that lost to the server's version, as the notice names it. */
export interface LostLessonEdit {
  sessionId: string
  day: WeekdayKey
  timingId: string
  subjectId: string | null
  groupName: string
  weekKey: string
  mine: { topic: string | null; subtopic: string | null } | null
  kept: { topic: string | null; subtopic: string | null } | null
}

/** The lessons whose edits did not survive a merge ([] when every edit survived). */
export function lostLessonEdits(input: RxConflictHandlerInput<unknown>): LostLessonEdit[] | null {
  const real = input.realMasterState as Doc
  const mine = weekData(input.newDocumentState as Doc)
  const theirs = weekData(real)
  if (!mine || !theirs) return null
  const base = weekData(input.assumedMasterState as Doc | undefined)
  const { lost } = mergeWeeks({ base, mine, theirs })
  return lost.map((l) => ({
    sessionId: l.sessionId,
    day: l.day,
    timingId: l.timingId,
    subjectId: (l.theirs ?? l.mine)?.subjectId ?? null,
    groupName: String(theirs.groupName ?? ''),
    weekKey: String(real.week_key ?? ''),
    mine: l.mine ? { topic: l.mine.topic, subtopic: l.mine.subtopic } : null,
    kept: l.theirs ? { topic: l.theirs.topic, subtopic: l.theirs.subtopic } : null,
  }))
}
