import { describe, expect, it } from 'vitest'
import { compareByStart, parseTiming } from '@/lib/time/timing'
import {
  FALLBACK_SUBJECT_COLOUR,
  isValidTiming,
  sortSessionsByTiming,
  subjectColour,
} from './sessions'

describe('timings (K08)', () => {
  it.each([
    ['09:30 - 10:15', { start: 570, end: 615 }],
    ['13:00 - 13:45', { start: 780, end: 825 }],
    ['9:30-10:15', { start: 570, end: 615 }],
    ['09:30 – 10:15', { start: 570, end: 615 }],
    ['24:00 - 24:30', undefined],
    ['09:60 - 10:00', undefined],
    ['morning', undefined],
    ['', undefined],
  ])('%j reads as %j', (timing, parsed) => {
    expect(parseTiming(timing)).toEqual(parsed)
  })

  it.each([
    ['09:30 - 10:15', true],
    ['00:00 - 23:59', true],
    ['10:15 - 09:30', false],
    ['10:00 - 10:00', false],
    ['9:30 - 10:15', false],
    ['09:30-10:15', false],
    ['09:30 - 10:15 ', false],
  ])('%j is a valid timing: %s', (timing, valid) => {
    expect(isValidTiming(timing)).toBe(valid)
  })

  it.each([
    ['09:00 - 09:45', '10:00 - 10:45', -1],
    ['11:00 - 11:45', '10:00 - 10:45', 1],
    ['09:00 - 09:30', '09:00 - 09:45', -1],
    ['09:00 - 09:45', '09:00 - 09:45', 0],
    ['09:00 - 09:45', undefined, -1],
    ['lunch', '09:00 - 09:45', 1],
    [undefined, undefined, 0],
  ])('%j against %j orders %i', (a, b, order) => {
    expect(Math.sign(compareByStart(a, b))).toBe(order)
  })
})

describe('sessions sorted by timing (K08)', () => {
  const timingsById = {
    t1: '09:30 - 10:15',
    t2: '10:30 - 11:15',
    t3: '11:30 - 12:15',
    t4: '13:30 - 14:15',
    early: '8:45-9:15',
  }

  it.each([
    ['seeded out of order', ['t3', 't1', 't4', 't2'], ['t1', 't2', 't3', 't4']],
    ['already in order', ['t1', 't2', 't3'], ['t1', 't2', 't3']],
    ['a timing typed loosely', ['t2', 'early', 't1'], ['early', 't1', 't2']],
    ['an unknown timing last', ['gone', 't2', 't1'], ['t1', 't2', 'gone']],
    ['unknown timings in stored order', ['x', 't1', 'y'], ['t1', 'x', 'y']],
  ])('%s', (_, stored, listed) => {
    const sessions = stored.map((timingId, i) => ({ id: `s${i}`, timingId }))
    const sorted = sortSessionsByTiming(sessions, timingsById)
    expect(sorted.map((s) => s.timingId)).toEqual(listed)
  })

  it('keeps sessions sharing a timing in stored order and leaves the input untouched', () => {
    const sessions = [
      { id: 'b', timingId: 't2' },
      { id: 'a', timingId: 't1' },
      { id: 'c', timingId: 't2' },
    ]
    expect(sortSessionsByTiming(sessions, timingsById).map((s) => s.id)).toEqual(['a', 'b', 'c'])
    expect(sessions.map((s) => s.id)).toEqual(['b', 'a', 'c'])
  })
})

describe('subject colour', () => {
  const colours = { maths: '#1864ab', art: '#e64980', legacy: 'red' }

  it.each([
    ['maths', '#1864ab'],
    ['art', '#e64980'],
    ['unknown', FALLBACK_SUBJECT_COLOUR],
    ['legacy', FALLBACK_SUBJECT_COLOUR],
    [null, FALLBACK_SUBJECT_COLOUR],
    [undefined, FALLBACK_SUBJECT_COLOUR],
  ])('subject %j is shown in %s', (subjectId, colour) => {
    expect(subjectColour(subjectId, colours)).toBe(colour)
  })
})
