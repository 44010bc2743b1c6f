import { describe, expect, it } from 'vitest'
import { session, week } from './fixtures.ts'
import { mergeWeeks } from './merge.ts'
import type { Session, WeekDays } from './types.ts'

const s1 = session('s1', { timingId: 't1' })
const s2 = session('s2', { timingId: 't2' })
const s3 = session('s3', { timingId: 't3' })
const base = week({ monday: [s1, s2], tuesday: [s3] })

const withTopic = (s: Session, topic: string): Session => ({ ...s, topicId: topic, topic })
const ids = (days: WeekDays) =>
  Object.fromEntries(Object.entries(days).map(([day, list]) => [day, list.map((s) => s.id)]))

describe('merging two offline edits of a week', () => {
  it.each([
    ['nothing changed', base, base, { monday: [s1, s2], tuesday: [s3] }],
    [
      'only mine changed a session',
      week({ monday: [withTopic(s1, 'Fractions'), s2], tuesday: [s3] }),
      base,
      { monday: [withTopic(s1, 'Fractions'), s2], tuesday: [s3] },
    ],
    [
      'only theirs changed a session',
      base,
      week({ monday: [s1, withTopic(s2, 'Maps')], tuesday: [s3] }),
      { monday: [s1, withTopic(s2, 'Maps')], tuesday: [s3] },
    ],
    [
      'each side changed a different session',
      week({ monday: [withTopic(s1, 'Fractions'), s2], tuesday: [s3] }),
      week({ monday: [s1, s2], tuesday: [withTopic(s3, 'Clay')] }),
      { monday: [withTopic(s1, 'Fractions'), s2], tuesday: [withTopic(s3, 'Clay')] },
    ],
    [
      'both made the same change',
      week({ monday: [withTopic(s1, 'Fractions'), s2], tuesday: [s3] }),
      week({ monday: [withTopic(s1, 'Fractions'), s2], tuesday: [s3] }),
      { monday: [withTopic(s1, 'Fractions'), s2], tuesday: [s3] },
    ],
    [
      'mine removed a session theirs left alone',
      week({ monday: [s1], tuesday: [s3] }),
      base,
      { monday: [s1], tuesday: [s3] },
    ],
    [
      'theirs removed a session mine left alone',
      base,
      week({ monday: [s2], tuesday: [s3] }),
      { monday: [s2], tuesday: [s3] },
    ],
    [
      'mine moved a session to another day',
      week({ monday: [s1], tuesday: [s3, s2] }),
      base,
      { monday: [s1], tuesday: [s3, s2] },
    ],
  ])('%s: no edit is lost', (_, mine, theirs, expected) => {
    const { merged, lost } = mergeWeeks({
      base: { days: base },
      mine: { days: mine },
      theirs: { days: theirs },
    })
    expect(merged.days).toEqual(week(expected))
    expect(lost).toEqual([])
  })

  it('keeps the server’s version of a session both changed and reports mine as lost', () => {
    const mine = week({ monday: [withTopic(s1, 'Fractions'), s2], tuesday: [s3] })
    const theirs = week({ monday: [withTopic(s1, 'Decimals'), s2], tuesday: [s3] })
    const { merged, lost } = mergeWeeks({
      base: { days: base },
      mine: { days: mine },
      theirs: { days: theirs },
    })
    expect(merged.days.monday[0]?.topic).toBe('Decimals')
    expect(lost).toEqual([
      {
        sessionId: 's1',
        day: 'monday',
        timingId: 't1',
        mine: withTopic(s1, 'Fractions'),
        theirs: withTopic(s1, 'Decimals'),
      },
    ])
  })

  it.each([
    [
      'mine edited a session theirs removed',
      week({ monday: [s1, withTopic(s2, 'Maps')], tuesday: [s3] }),
      week({ monday: [s1], tuesday: [s3] }),
      ['s1'],
      { mine: withTopic(s2, 'Maps'), theirs: null },
    ],
    [
      'mine removed a session theirs edited',
      week({ monday: [s1], tuesday: [s3] }),
      week({ monday: [s1, withTopic(s2, 'Maps')], tuesday: [s3] }),
      ['s1', 's2'],
      { mine: null, theirs: withTopic(s2, 'Maps') },
    ],
  ])('%s: the server side stands and the loss is reported', (_, mine, theirs, monday, loss) => {
    const { merged, lost } = mergeWeeks({
      base: { days: base },
      mine: { days: mine },
      theirs: { days: theirs },
    })
    expect(ids(merged.days).monday).toEqual(monday)
    expect(lost).toEqual([{ sessionId: 's2', day: 'monday', timingId: 't2', ...loss }])
  })

  it('keeps sessions added on either side: theirs in their order, then mine', () => {
    const a = session('a', { timingId: 't4' })
    const b = session('b', { timingId: 't5' })
    const c = session('c', { timingId: 't6' })
    const mine = week({ monday: [s1, s2, a], tuesday: [s3], friday: [c] })
    const theirs = week({ monday: [b, s1, s2], tuesday: [s3] })
    const { merged, lost } = mergeWeeks({
      base: { days: base },
      mine: { days: mine },
      theirs: { days: theirs },
    })
    expect(ids(merged.days)).toEqual({
      monday: ['b', 's1', 's2', 'a'],
      tuesday: ['s3'],
      wednesday: [],
      thursday: [],
      friday: ['c'],
    })
    expect(lost).toEqual([])
  })

  it('merges a week both sides created without a common base', () => {
    const mine = week({ monday: [s1] })
    const theirs = week({ monday: [withTopic(s1, 'Maps'), s2] })
    const { merged, lost } = mergeWeeks({
      base: null,
      mine: { days: mine },
      theirs: { days: theirs },
    })
    expect(ids(merged.days).monday).toEqual(['s1', 's2'])
    expect(lost).toHaveLength(1)
  })

  it('treats a changed list of students as a change', () => {
    const mine = week({ monday: [{ ...s1, students: ['maya'] }, s2], tuesday: [s3] })
    const { merged } = mergeWeeks({
      base: { days: base },
      mine: { days: mine },
      theirs: { days: base },
    })
    expect(merged.days.monday[0]?.students).toEqual(['maya'])
  })

  it('keeps the server document’s other fields and gives the same result every time', () => {
    const mine = week({ monday: [withTopic(s1, 'Fractions'), s2], tuesday: [s3] })
    const theirs = {
      days: week({ monday: [s1, withTopic(s2, 'Maps')], tuesday: [s3] }),
      updatedBy: 'ravi',
    }
    const first = mergeWeeks({ base: { days: base }, mine: { days: mine }, theirs })
    const second = mergeWeeks({ base: { days: base }, mine: { days: mine }, theirs })
    expect(first.merged.updatedBy).toBe('ravi')
    expect(JSON.stringify(first)).toBe(JSON.stringify(second))
  })
})
