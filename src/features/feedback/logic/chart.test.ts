import { describe, expect, it } from 'vitest'
import { feedbackChart, weekOf, writtenAt } from './chart'
import type { FeedbackEntry } from './entries'

const entry = (p: Partial<FeedbackEntry> & { id: string }): FeedbackEntry => ({
  term: '2026_2027_2',
  groupId: 'g',
  subjectId: 's',
  studentId: 'st',
  facilitatorId: 'f',
  facilitatorName: '',
  subjectName: 'Mathematics',
  studentName: 'Tiago',
  title: 't',
  feedback: '',
  groupFeedback: '',
  color: 'green',
  notParticipating: false,
  status: 'released',
  createdAt: null,
  ...p,
})

describe('feedbackChart', () => {
  it('puts the latest colour of each subject and week in a cell, with its letter and words', () => {
    const chart = feedbackChart([
      entry({ id: 'a', createdAt: '2026-11-02T09:00:00+05:30', color: 'orange' }),
      entry({ id: 'b', createdAt: '2026-11-06T09:00:00+05:30', color: 'green' }),
      entry({ id: 'c', createdAt: '2026-11-10T09:00:00+05:30', color: 'red' }),
      entry({
        id: 'd',
        createdAt: '2026-11-10T09:00:00+05:30',
        subjectName: 'English',
        notParticipating: true,
      }),
    ])
    expect(chart.weeks).toEqual(['2026-11-02', '2026-11-09'])
    expect(chart.subjects.map((s) => s.name)).toEqual(['English', 'Mathematics'])
    expect(chart.subjects[0]!.cells).toEqual([
      null,
      { color: 'none', letter: '–', words: 'Not participating', entries: 1 },
    ])
    expect(chart.subjects[1]!.cells).toEqual([
      { color: 'green', letter: 'G', words: 'Going well', entries: 2 },
      { color: 'red', letter: 'A', words: 'Needs attention', entries: 1 },
    ])
  })

  it('keeps the latest when the older entry comes second', () => {
    const chart = feedbackChart([
      entry({ id: 'b', createdAt: '2026-11-06T09:00:00+05:30', color: 'yellow' }),
      entry({ id: 'a', createdAt: '2026-11-02T09:00:00+05:30', color: 'orange' }),
    ])
    expect(chart.subjects[0]!.cells).toEqual([
      { color: 'yellow', letter: 'S', words: 'Steady', entries: 2 },
    ])
  })

  it("dates an entry still on the device by its id's time, in the centre's week", () => {
    // 2026-11-08T20:00:00Z is Monday 9 November at 01:30 in Goa.
    const ms = Date.parse('2026-11-08T20:00:00Z')
    const id = `${ms
      .toString(16)
      .padStart(12, '0')
      .replace(/(.{8})(.{4})/, '$1-$2')}-7abc-8def-0123456789ab`
    expect(writtenAt({ id, createdAt: null })?.getTime()).toBe(ms)
    expect(feedbackChart([entry({ id })]).weeks).toEqual(['2026-11-09'])
    expect(writtenAt({ id: 'not-a-uuid', createdAt: null })).toBeNull()
  })

  it('weeks start on Monday', () => {
    expect(weekOf('2026-11-15')).toBe('2026-11-09')
    expect(weekOf('2026-11-09')).toBe('2026-11-09')
  })
})
