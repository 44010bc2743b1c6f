import { describe, expect, it } from 'vitest'
import { termAbsences } from './term-absences'

const children = [
  { id: 'st-ines', name: 'Inês' },
  { id: 'st-tiago', name: 'Tiago' },
]
const away = (studentId: string, date: string, oneLesson = false) => ({
  studentId,
  date,
  oneLesson,
})

describe('termAbsences', () => {
  it("counts this term's days away and, apart, lessons missed on days the child came", () => {
    const rows = termAbsences(
      children,
      [
        away('st-ines', '2026-09-01'),
        away('st-ines', '2026-11-27'),
        // A lesson on a day away all day is that day; another lesson is counted apart.
        away('st-ines', '2026-11-27', true),
        away('st-tiago', '2026-11-20', true),
        // Not this term: term 1 of the year, and a day to come.
        away('st-tiago', '2026-08-31'),
        away('st-tiago', '2026-12-01'),
      ],
      '2026-11-28',
    )
    expect(rows).toEqual([
      { id: 'st-ines', name: 'Inês', daysAway: 2, lessonsMissed: 0 },
      { id: 'st-tiago', name: 'Tiago', daysAway: 0, lessonsMissed: 1 },
    ])
  })

  it('keeps May in term 3 of its academic year', () => {
    const rows = termAbsences(
      children,
      [away('st-ines', '2027-01-05'), away('st-ines', '2027-05-31')],
      '2027-05-31',
    )
    expect(rows[0]!.daysAway).toBe(2)
  })
})
