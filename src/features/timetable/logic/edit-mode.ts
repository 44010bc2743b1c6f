import { WEEKDAY_KEYS, type WeekDays, type WeekdayKey } from './types'

// Edit mode of the calendar (operations.md §4, K23-K28). Edits are held as pending changes
// until Save; the state is plain JSON so it can be kept across a reload while offline.

export interface TopicValues {
  topicId: string | null
  topic: string | null
  subtopicId: string | null
  subtopic: string | null
}

/** The topic and subtopic a session will have once the pending edits are saved. */
export type PendingEdit = TopicValues

export interface EditModeState {
  editing: boolean
  /** What each edited session showed before its first edit, by session id. */
  original: Record<string, TopicValues>
  pending: Record<string, PendingEdit>
}

export type EditModeAction =
  | { type: 'start' }
  | { type: 'edit'; sessionId: string; change: Partial<TopicValues>; original: TopicValues }
  | { type: 'cancelOne'; sessionId: string }
  | { type: 'discard' }
  | { type: 'saved'; saved: Record<string, PendingEdit> }

export const initialEditMode: EditModeState = { editing: false, original: {}, pending: {} }

export const editModeActions = {
  start: (): EditModeAction => ({ type: 'start' }),
  edit: (
    sessionId: string,
    change: Partial<TopicValues>,
    originalValues: TopicValues,
  ): EditModeAction => ({ type: 'edit', sessionId, change, original: originalValues }),
  cancelOne: (sessionId: string): EditModeAction => ({ type: 'cancelOne', sessionId }),
  discard: (): EditModeAction => ({ type: 'discard' }),
  /** After a successful save, with the pending edits that were written. */
  saved: (saved: Record<string, PendingEdit>): EditModeAction => ({ type: 'saved', saved }),
}

const TOPIC_FIELDS = ['topicId', 'topic', 'subtopicId', 'subtopic'] as const

export function topicValuesOf(session: TopicValues): TopicValues {
  const { topicId, topic, subtopicId, subtopic } = session
  return { topicId, topic, subtopicId, subtopic }
}

export function sameTopicValues(a: TopicValues | undefined, b: TopicValues | undefined): boolean {
  return !!a && !!b && TOPIC_FIELDS.every((field) => a[field] === b[field])
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = record
  return rest
}

function editedValues(current: TopicValues, change: Partial<TopicValues>): TopicValues {
  const next = { ...current }
  for (const field of TOPIC_FIELDS) {
    const value = change[field]
    if (value !== undefined) next[field] = value
  }
  // A subtopic belongs to its topic: choosing another topic without a subtopic clears it.
  if (next.topicId !== current.topicId && change.subtopicId === undefined) {
    next.subtopicId = null
    next.subtopic = null
  }
  return next
}

function forget(state: EditModeState, sessionId: string): EditModeState {
  return {
    ...state,
    original: without(state.original, sessionId),
    pending: without(state.pending, sessionId),
  }
}

export function editModeReducer(state: EditModeState, action: EditModeAction): EditModeState {
  switch (action.type) {
    case 'start':
      return state.editing ? state : { ...state, editing: true }
    case 'edit': {
      if (!state.editing) return state
      const id = action.sessionId
      const original = state.original[id] ?? topicValuesOf(action.original)
      const next = editedValues(state.pending[id] ?? original, action.change)
      // Editing a session back to what it was is no change and leaves the counter alone.
      if (sameTopicValues(next, original)) return forget(state, id)
      return {
        ...state,
        original: { ...state.original, [id]: original },
        pending: { ...state.pending, [id]: next },
      }
    }
    case 'cancelOne':
      // Without a pending edit the session shows its stored topic and subtopic again: the
      // original, or no topic at all when it had none (K28).
      return forget(state, action.sessionId)
    case 'discard':
      return initialEditMode
    case 'saved': {
      // An edit made while the save was running was not written and stays pending.
      const remaining = Object.keys(action.saved).reduce(
        (acc, id) => (sameTopicValues(acc.pending[id], action.saved[id]) ? forget(acc, id) : acc),
        state,
      )
      return { ...remaining, editing: pendingCount(remaining) > 0 }
    }
  }
}

export function pendingCount(state: EditModeState): number {
  return Object.keys(state.pending).length
}

export function changedSessionIds(state: EditModeState): string[] {
  return Object.keys(state.pending)
}

/** The week as edit mode shows it: stored sessions with their pending topics applied. */
export function applyPending(week: WeekDays, state: EditModeState): WeekDays {
  const days = {} as WeekDays
  for (const day of WEEKDAY_KEYS) {
    const sessions = week[day]
    days[day] = sessions.some((s) => state.pending[s.id])
      ? sessions.map((s) => {
          const pending = state.pending[s.id]
          return pending ? { ...s, ...pending } : s
        })
      : sessions
  }
  return days
}

/** The days whose stored sessions a save must rewrite. */
export function changedDays(week: WeekDays, state: EditModeState): WeekdayKey[] {
  return WEEKDAY_KEYS.filter((day) => week[day].some((s) => state.pending[s.id]))
}

/**
 * Sessions whose stored topic changed (someone else's edit arrived by sync) after they were
 * edited here, so the screen can say so before Save overwrites that change.
 */
export function overtakenEdits(week: WeekDays, state: EditModeState): string[] {
  return WEEKDAY_KEYS.flatMap((day) => week[day])
    .filter((s) => state.pending[s.id] && !sameTopicValues(topicValuesOf(s), state.original[s.id]))
    .map((s) => s.id)
}

function isTopicValues(value: unknown): value is TopicValues {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return TOPIC_FIELDS.every((field) => record[field] === null || typeof record[field] === 'string')
}

/**
 * Edit mode as it was kept before a reload. Anything unreadable is dropped rather than trusted:
 * an edit is kept only with its original, so cancelling it still restores the session.
 */
export function restoreEditMode(kept: unknown): EditModeState {
  if (typeof kept !== 'object' || kept === null) return initialEditMode
  const { editing, original, pending } = kept as Record<string, unknown>
  const originals = (typeof original === 'object' && original) || {}
  const state: EditModeState = { editing: editing === true, original: {}, pending: {} }
  for (const [id, values] of Object.entries((typeof pending === 'object' && pending) || {})) {
    const before: unknown = (originals as Record<string, unknown>)[id]
    if (isTopicValues(values) && isTopicValues(before)) {
      state.original[id] = topicValuesOf(before)
      state.pending[id] = topicValuesOf(values)
    }
  }
  return { ...state, editing: state.editing || pendingCount(state) > 0 }
}
