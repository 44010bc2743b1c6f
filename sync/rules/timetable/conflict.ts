// When two devices changed the same group's week, RxDB asks how to resolve the conflict. A
// week is merged session by session against the version both started from, so edits to
// different lessons both survive; only a lesson both changed keeps the server's version, and
// the person whose edit lost is told which lesson and what they had entered. Two devices that
// made the same week at once (its id is the same everywhere) both started from the group's
// template: that is the version they are merged against. The merge itself is loaded with the
// first conflict: a parent's device, which never writes a week, does not download it.
import { defaultConflictHandler, type RxConflictHandler, type RxConflictHandlerInput } from 'rxdb'
import type { AppDatabase } from '../../engine/database.ts'
import { templateDocId, timetables } from '../../contract/collections/timetables.ts'
import type { LostEdit } from './merge.ts'
import type { MixedGroup } from '../../contract/collections/timetables.ts'
import type { LostMixedGroupEdit } from '../mixed-groups/merge.ts'
import { normaliseDays } from './normalise.ts'
import type { WeekdayKey } from './types.ts'

type Doc = Record<string, unknown> & {
  kind?: unknown
  data?: unknown
  group_id?: unknown
  _deleted?: boolean
}

function weekData(
  doc: Doc | undefined,
): { days: ReturnType<typeof normaliseDays>; groupName?: unknown } | null {
  if (!doc || doc.kind !== 'week' || doc._deleted) return null
  const data = (doc.data ?? {}) as Record<string, unknown>
  return { ...data, days: normaliseDays(data.days) }
}

/** The days of a group's weekly template as this device has it (null when it has none). */
export type TemplateDays = (groupId: string) => Promise<unknown>

/** Reads templates from a device's database once it is open. */
export function templateDaysIn(database: () => AppDatabase | undefined): TemplateDays {
  return async (groupId) => {
    const template = await database()
      ?.collections.timetables?.findOne(templateDocId(groupId))
      .exec()
    return template?.kind === 'group_template' ? template.data.days : null
  }
}

// What each resolution lost, for the notice (RxDB hands the same input to the conflict$ stream).
const lostByInput = new WeakMap<object, LostEdit[]>()

async function baseOf(input: RxConflictHandlerInput<unknown>, templateDays?: TemplateDays) {
  const assumed = weekData(input.assumedMasterState as Doc | undefined)
  if (assumed || input.assumedMasterState || !templateDays) return assumed
  // Made on this device and on another before either had synced: both began from the template.
  const groupId = (input.realMasterState as Doc).group_id
  if (typeof groupId !== 'string') return null
  const days = await templateDays(groupId)
  return days ? { days: normaliseDays(days) } : null
}

export function timetableConflictHandler(templateDays?: TemplateDays): RxConflictHandler<unknown> {
  return {
    isEqual: (a, b, context) => defaultConflictHandler.isEqual(a, b, context),
    async resolve(input) {
      const real = input.realMasterState as Doc
      if (real.kind === 'mixed_group') return resolveMixedGroup(input)
      if (real.kind === 'mixed_lesson') return resolveMixedLesson(input)
      const mine = weekData(input.newDocumentState as Doc)
      const theirs = weekData(real)
      if (!mine || !theirs) return input.realMasterState
      const { mergeWeeks } = await import('./merge.ts')
      const { merged, lost } = mergeWeeks({ base: await baseOf(input, templateDays), mine, theirs })
      lostByInput.set(input, lost)
      return { ...real, data: merged } as never
    },
  }
}

// What each merge of a combined mixed group lost, for the notice.
const lostMixedByInput = new WeakMap<object, LostMixedGroupEdit[]>()

/** Combined mixed groups merge field by field, subgroup by subgroup (sync/rules/mixed-groups). */
async function resolveMixedGroup(input: RxConflictHandlerInput<unknown>) {
  const real = input.realMasterState as Doc
  const mine = input.newDocumentState as Doc
  const base = input.assumedMasterState as Doc | undefined
  if (real._deleted || mine.kind !== 'mixed_group') return input.realMasterState
  if (mine._deleted) {
    // Removed here while another admin changed it: it stays, with their changes, and this
    // device is told (a removal the server has not seen changed is simply pushed again).
    const changed = !base || JSON.stringify(base.data) !== JSON.stringify(real.data)
    lostMixedByInput.set(
      input,
      changed
        ? [{ field: 'mixed group', mine: 'removed', kept: 'kept, as another admin changed it' }]
        : [],
    )
    return changed ? input.realMasterState : ({ ...real, _deleted: true } as never)
  }
  const { mergeMixedGroups } = await import('../mixed-groups/merge.ts')
  const data = (doc: Doc) => doc.data as MixedGroup
  const { merged, lost } = mergeMixedGroups({
    base: base && base.kind === 'mixed_group' && !base._deleted ? data(base) : null,
    mine: data(mine),
    theirs: data(real),
  })
  lostMixedByInput.set(input, lost)
  return { ...real, data: merged } as never
}

// What each merge of a subgroup's lesson lost, for the notice.
const lostMixedLessonByInput = new WeakMap<object, LostMixedGroupEdit[] | null>()

/**
 * A subgroup's lesson (L01) merges field by field against the version both started from: one
 * facilitator's topic and another's details both survive; a field both changed keeps the
 * server's, and the facilitator whose value lost is told.
 */
async function resolveMixedLesson(input: RxConflictHandlerInput<unknown>) {
  const { resolveByFields } = await import('../merge/conflict.ts')
  const { merged, lost } = resolveByFields(input, timetables.serverColumns)
  lostMixedLessonByInput.set(input, lost)
  return merged as never
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

/**
 * The lessons whose edits did not survive a merge ([] when every edit survived), as the merge
 * of this very conflict found them; null (the whole change reported) when no merge ran.
 */
export function lostLessonEdits(
  input: RxConflictHandlerInput<unknown>,
): LostLessonEdit[] | LostMixedGroupEdit[] | null {
  const real = input.realMasterState as Doc
  if (real.kind === 'mixed_group') return lostMixedByInput.get(input) ?? null
  if (real.kind === 'mixed_lesson') return lostMixedLessonByInput.get(input) ?? null
  const theirs = weekData(real)
  const lost = lostByInput.get(input)
  if (!theirs || !lost) return null
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
