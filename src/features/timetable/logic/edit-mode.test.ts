import { describe, expect, it } from 'vitest'
import {
  applyPending,
  changedDays,
  changedSessionIds,
  editModeActions as act,
  editModeReducer,
  initialEditMode,
  overtakenEdits,
  pendingCount,
  restoreEditMode,
  topicValuesOf,
  type EditModeAction,
  type EditModeState,
  type TopicValues,
} from './edit-mode'
import { session, week } from '@sync/rules/timetable/fixtures'

const fractions = session('s1', {
  topicId: 'fractions',
  topic: 'Fractions',
  subtopicId: 'halves',
  subtopic: 'Halves',
})
const blank = session('s2', { timingId: 'second' })
const stored = week({ monday: [fractions, blank], tuesday: [session('s3')] })

const decimals: Partial<TopicValues> = { topicId: 'decimals', topic: 'Decimals' }
const tenths: Partial<TopicValues> = { subtopicId: 'tenths', subtopic: 'Tenths' }

function run(...actions: EditModeAction[]): EditModeState {
  return actions.reduce(editModeReducer, initialEditMode)
}

const editFractions = (change: Partial<TopicValues>) =>
  act.edit('s1', change, topicValuesOf(fractions))
const editBlank = (change: Partial<TopicValues>) => act.edit('s2', change, topicValuesOf(blank))

describe('pending edits and the counter (K23)', () => {
  it.each([
    ['nothing edited', [act.start()], 0],
    ['one session edited', [act.start(), editFractions(decimals)], 1],
    ['two sessions edited', [act.start(), editFractions(decimals), editBlank(decimals)], 2],
    ['one session edited twice', [act.start(), editFractions(decimals), editFractions(tenths)], 1],
    [
      'a session edited back to its original',
      [act.start(), editFractions(decimals), editFractions(topicValuesOf(fractions))],
      0,
    ],
    ['an edit outside edit mode', [editFractions(decimals)], 0],
  ])('%s counts %i', (_, actions, count) => {
    expect(pendingCount(run(...actions))).toBe(count)
  })

  it('shows pending topics in the week without touching the stored week', () => {
    const state = run(act.start(), editFractions(decimals), editFractions(tenths))
    const shown = applyPending(stored, state)
    expect(shown.monday[0]).toMatchObject({
      topicId: 'decimals',
      topic: 'Decimals',
      subtopicId: 'tenths',
      subtopic: 'Tenths',
    })
    expect(stored.monday[0]).toBe(fractions)
    expect(shown.monday[1]).toBe(blank)
    expect(shown.tuesday).toBe(stored.tuesday)
    expect(changedSessionIds(state)).toEqual(['s1'])
    expect(changedDays(stored, state)).toEqual(['monday'])
  })

  it('keeps the first original however many times a session is edited', () => {
    const state = run(
      act.start(),
      editFractions(decimals),
      act.edit(
        's1',
        { topicId: 'shapes', topic: 'Shapes' },
        { ...topicValuesOf(fractions), topic: 'x' },
      ),
    )
    expect(state.original.s1).toEqual(topicValuesOf(fractions))
  })

  it('clears the subtopic when another topic is chosen without one', () => {
    const state = run(act.start(), editFractions(decimals))
    expect(state.pending.s1).toEqual({
      topicId: 'decimals',
      topic: 'Decimals',
      subtopicId: null,
      subtopic: null,
    })
  })
})

describe('cancelling one session’s edit (K28)', () => {
  it.each([
    ['a session with an original topic', fractions, topicValuesOf(fractions)],
    [
      'a session that had no topic',
      blank,
      { topicId: null, topic: null, subtopicId: null, subtopic: null },
    ],
  ])('restores %s and clears its changed flag', (_, target, shownAfter) => {
    const state = run(
      act.start(),
      act.edit(target.id, { ...decimals, ...tenths }, topicValuesOf(target)),
      editBlank(decimals),
      act.cancelOne(target.id),
    )
    const shown = applyPending(stored, state).monday.find((s) => s.id === target.id)
    expect(shown && topicValuesOf(shown)).toEqual(shownAfter)
    expect(changedSessionIds(state)).not.toContain(target.id)
    expect(state.original[target.id]).toBeUndefined()
  })

  it('leaves the other pending edits in place', () => {
    const state = run(act.start(), editFractions(decimals), editBlank(tenths), act.cancelOne('s1'))
    expect(changedSessionIds(state)).toEqual(['s2'])
    expect(state.editing).toBe(true)
  })
})

describe('discarding and saving (K24, K27)', () => {
  it('discards every pending edit and leaves edit mode', () => {
    const state = run(act.start(), editFractions(decimals), editBlank(tenths), act.discard())
    expect(state).toEqual(initialEditMode)
    expect(applyPending(stored, state)).toEqual(stored)
  })

  it('clears what was saved and leaves edit mode', () => {
    const editing = run(act.start(), editFractions(decimals), editBlank(tenths))
    const state = editModeReducer(editing, act.saved(editing.pending))
    expect(pendingCount(state)).toBe(0)
    expect(state).toEqual(initialEditMode)
  })

  it('keeps an edit made while the save was running', () => {
    const editing = run(act.start(), editFractions(decimals), editBlank(tenths))
    const writing = editing.pending
    const later = editModeReducer(editing, editBlank({ topicId: 'shapes', topic: 'Shapes' }))
    const state = editModeReducer(later, act.saved(writing))
    expect(changedSessionIds(state)).toEqual(['s2'])
    expect(state.pending.s2?.topic).toBe('Shapes')
    expect(state.editing).toBe(true)
  })
})

describe('keeping edit mode across a reload', () => {
  it('survives JSON and carries on working', () => {
    const state = run(act.start(), editFractions(decimals), editBlank(tenths))
    const reloaded = restoreEditMode(JSON.parse(JSON.stringify(state)))
    expect(reloaded).toEqual(state)
    expect(pendingCount(editModeReducer(reloaded, act.cancelOne('s1')))).toBe(1)
  })

  it.each([
    ['nothing kept', null],
    ['a string', 'editing'],
    ['an empty object', {}],
    [
      'an edit without its original',
      { editing: true, original: {}, pending: { s1: topicValuesOf(fractions) } },
    ],
    [
      'an edit with a malformed value',
      {
        editing: true,
        original: { s1: topicValuesOf(fractions) },
        pending: { s1: { topicId: 4, topic: 'x', subtopicId: null, subtopic: null } },
      },
    ],
  ])('starts clean from %s', (_, kept) => {
    expect(pendingCount(restoreEditMode(kept))).toBe(0)
  })
})

describe('edits overtaken by a synced change', () => {
  it('names the sessions whose stored topic changed after they were edited here', () => {
    const state = run(act.start(), editFractions(decimals), editBlank(tenths))
    const synced = week({
      monday: [{ ...fractions, topicId: 'shapes', topic: 'Shapes' }, blank],
    })
    expect(overtakenEdits(stored, state)).toEqual([])
    expect(overtakenEdits(synced, state)).toEqual(['s1'])
  })
})
