import { describe, expect, it } from 'vitest'
import { dueDateOf } from '@/lib/time/due-date'
import { dueInWeek, firstDayIndex, lessonWorkOf, type WeekOfGroup } from './home-week'
import type { HomeDay, WorkItemRow } from './home'

// Week 2026_48 runs from Monday 23 Nov to Friday 27 Nov; 2026_47 from 16 Nov.
const day = (name: string, date: string, lessons: HomeDay['lessons']): HomeDay => ({
  name,
  date,
  holiday: null,
  lessons,
})
const maths = {
  id: 'rg-jaul_mo_1',
  timing: '09:30 - 10:15',
  subject: 'Mathematics',
  topic: 'Fractions',
}
const science = { id: 'rg-jaul_we_2', timing: '10:15 - 11:00', subject: 'Science', topic: null }
const weekOf = (monday: string, wednesday: string): WeekOfGroup => ({
  groupId: 'rg-jaul',
  groupName: 'Jaul',
  days: [day('Monday', monday, [maths]), day('Wednesday', wednesday, [science])],
})
const item = (
  id: string,
  kind: string,
  lesson: string | null,
  data: Record<string, unknown>,
  weekKey = '2026_48',
): WorkItemRow => ({ id, kind, group_id: 'rg-jaul', week_key: weekKey, lesson_id: lesson, data })

describe('the day shown first', () => {
  it.each([
    ['2026-11-25', 2],
    ['2026-11-23', 0],
    ['2026-11-28', 0],
    ['2026-12-02', 0],
  ])('on %s is day %i of the week of 23 Nov', (today, index) => {
    expect(firstDayIndex('2026_48', today)).toBe(index)
  })
})

describe("a lesson's work", () => {
  it('puts each item under its lesson, and those without a lesson under the week', () => {
    const work = lessonWorkOf(
      [
        item('a1', 'assignment', '2026_48:rg-jaul_mo_1', { title: 'Halve a chapati' }),
        item('r1', 'resource', '2026_48:rg-jaul_mo_1', { link: 'https://example.org/f' }),
        item('r2', 'resource', null, { description: 'Library book' }),
        item('c1', 'comment', '2026_48:rg-jaul_mo_1', { text: 'For facilitators' }),
        item('x1', 'assignment', '2026_47:rg-jaul_mo_1', { title: 'Last week' }, '2026_47'),
      ],
      'rg-jaul',
      '2026_48',
      [day('Monday', '2026-11-23', [maths])],
    )
    expect(work.byLesson['rg-jaul_mo_1']?.map((w) => w.title)).toEqual([
      'Halve a chapati',
      'https://example.org/f',
    ])
    expect(work.week.map((w) => w.title)).toEqual(['Library book'])
  })
})

describe('due dates (decision D41-5)', () => {
  it("is the date the facilitator set, else the lesson's next occurrence a week later", () => {
    expect(dueDateOf({ dueDate: '2026-11-27' }, '2026-11-23')).toBe('2026-11-27')
    expect(dueDateOf({}, '2026-11-23')).toBe('2026-11-30')
    expect(dueDateOf({ dueDate: 'Friday' }, '2026-11-23')).toBe('2026-11-30')
  })

  it("lists what is due this week, from this week's and last week's lessons, soonest first", () => {
    const weeks = {
      '2026_47': [weekOf('2026-11-16', '2026-11-18')],
      '2026_48': [weekOf('2026-11-23', '2026-11-25')],
    }
    const due = dueInWeek(
      [
        item('this-friday', 'assignment', '2026_48:rg-jaul_we_2', {
          title: 'Rain diary',
          dueDate: '2026-11-27',
        }),
        item('next-week', 'assignment', '2026_48:rg-jaul_mo_1', { title: 'Due 30 Nov' }),
        item(
          'from-last-week',
          'assignment',
          '2026_47:rg-jaul_mo_1',
          { title: 'Fraction wall' },
          '2026_47',
        ),
        item(
          'overdue',
          'assignment',
          '2026_47:rg-jaul_we_2',
          { title: 'Old', dueDate: '2026-11-20' },
          '2026_47',
        ),
        item('resource', 'resource', '2026_48:rg-jaul_mo_1', { description: 'Not an assignment' }),
      ],
      weeks,
      '2026_48',
    )
    expect(due.map((d) => [d.title, d.dueDate, d.lessonDay, d.subject])).toEqual([
      ['Fraction wall', '2026-11-23', 'Monday', 'Mathematics'],
      ['Rain diary', '2026-11-27', 'Wednesday', 'Science'],
    ])
    expect(due[0]).toMatchObject({
      lessonDate: '2026-11-16',
      topic: 'Fractions',
      groupName: 'Jaul',
    })
  })
})
