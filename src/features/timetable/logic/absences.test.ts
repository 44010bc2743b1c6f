import { describe, expect, it } from 'vitest'
import {
  attendance,
  awayAllDay,
  groupAttendance,
  missedLessons,
  missesLesson,
  schoolDaysHeld,
  termRange,
  type AbsenceRecord,
  type HeldLesson,
} from './absences'

const away = (fields: Partial<AbsenceRecord>): AbsenceRecord => ({
  id: fields.id ?? `${fields.studentId}-${fields.date}-${fields.lessonId ?? 'day'}`,
  studentId: 'st-ira',
  groupId: 'rg-jaul',
  lessonId: null,
  date: '2026-11-23',
  reportedBy: 'facilitator',
  ...fields,
})

const lesson = (
  lessonId: string,
  timing: string,
  fields: Partial<HeldLesson> = {},
): HeldLesson => ({
  lessonId,
  timing,
  subject: 'Maths',
  topic: null,
  subtopic: null,
  assignments: [],
  resources: [],
  ...fields,
})

const monday = [
  lesson('2026_48:mo_1', '09:30 - 10:30', { topic: 'Fractions', assignments: ['Page 12'] }),
  lesson('2026_48:mo_2', '11:00 - 12:00', { subject: 'English', resources: ['Poem'] }),
]
const tuesday = [lesson('2026_48:tu_1', '09:30 - 10:30', { subject: 'Science' })]
const lessonsOn = (_group: string, date: string) =>
  date === '2026-11-23' ? monday : date === '2026-11-24' ? tuesday : []

describe('who is away', () => {
  const absences = [away({}), away({ studentId: 'st-kabir', lessonId: '2026_48:mo_2' })]
  it.each([
    ['st-ira', '2026-11-23', '2026_48:mo_1', true, true],
    ['st-kabir', '2026-11-23', '2026_48:mo_2', true, false],
    ['st-kabir', '2026-11-23', '2026_48:mo_1', false, false],
    ['st-ira', '2026-11-24', '2026_48:tu_1', false, false],
  ])('%s on %s, lesson %s: misses it %s, away all day %s', (st, date, id, misses, allDay) => {
    expect(missesLesson(absences, st, date, id)).toBe(misses)
    expect(awayAllDay(absences, st, date)).toBe(allDay)
  })
})

describe('missed lessons', () => {
  it('lists every lesson of a day away and a single lesson, newest first, with what was covered', () => {
    const missed = missedLessons(
      [
        away({ date: '2026-11-23' }),
        away({
          date: '2026-11-24',
          lessonId: '2026_48:tu_1',
          reportedBy: 'family',
          reason: 'Dentist',
        }),
      ],
      lessonsOn,
    )
    expect(missed.map((m) => [m.date, m.subject, m.topic, m.reason])).toEqual([
      ['2026-11-24', 'Science', null, 'Dentist'],
      ['2026-11-23', 'Maths', 'Fractions', undefined],
      ['2026-11-23', 'English', null, undefined],
    ])
    expect(missed[1]!.assignments).toEqual(['Page 12'])
    expect(missed[2]!.resources).toEqual(['Poem'])
  })

  it('lists a lesson once when it was marked on a day the child was away all day', () => {
    const missed = missedLessons(
      [away({ lessonId: '2026_48:mo_1' }), away({ lessonId: null })],
      lessonsOn,
    )
    expect(missed.map((m) => m.lessonId)).toEqual(['2026_48:mo_1', '2026_48:mo_2'])
  })

  it('has nothing for a day the timetable does not know', () => {
    expect(missedLessons([away({ date: '2026-11-27' })], lessonsOn)).toEqual([])
  })
})

describe('attendance per term', () => {
  it.each([
    ['2026-27', 1, '2026-06-01', '2026-08-31'],
    ['2026-27', 2, '2026-09-01', '2026-12-31'],
    ['2026-27', 3, '2027-01-01', '2027-05-31'],
  ] as const)('%s term %i runs %s to %s', (year, term, from, to) => {
    expect(termRange(year, term)).toEqual({ from, to })
  })

  it('counts the school days held so far, without weekends and holidays', () => {
    const days = schoolDaysHeld('2026-27', 2, '2026-09-08', [
      {
        description: 'Ganesh Chaturthi',
        startDate: '2026-09-07',
        endDate: '2026-09-07',
        singleDay: true,
        academicYear: '2026-27',
      },
    ])
    expect(days).toEqual(['2026-09-01', '2026-09-02', '2026-09-03', '2026-09-04', '2026-09-08'])
  })

  it('counts days away and, apart, lessons missed on days the child came', () => {
    const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']
    const rows = attendance(
      [
        { id: 'st-ira', name: 'Ira' },
        { id: 'st-kabir', name: 'Kabir' },
      ],
      [
        away({ date: '2026-11-23' }),
        away({ date: '2026-11-23', lessonId: '2026_48:mo_1' }),
        away({ date: '2026-11-24', lessonId: '2026_48:tu_1' }),
        away({ date: '2026-12-01' }),
      ],
      days,
    )
    expect(rows).toEqual([
      { studentId: 'st-ira', name: 'Ira', daysHeld: 4, daysAway: 1, lessonsMissed: 1, percent: 75 },
      {
        studentId: 'st-kabir',
        name: 'Kabir',
        daysHeld: 4,
        daysAway: 0,
        lessonsMissed: 0,
        percent: 100,
      },
    ])
  })

  it('has no percentage before the first school day', () => {
    expect(attendance([{ id: 'st-ira', name: 'Ira' }], [], [])[0]!.percent).toBeNull()
  })
})

describe('attendance per group (issue 38)', () => {
  const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26']
  const groups = [
    {
      id: 'rg-jaul',
      name: 'Jaul',
      students: [
        { id: 'st-ira', name: 'Ira' },
        { id: 'st-kabir', name: 'Kabir' },
      ],
    },
    { id: 'rg-tanni', name: 'Tanni', students: [{ id: 'st-ines', name: 'Inês' }] },
    { id: 'rg-empty', name: 'Empty', students: [] },
  ]

  it("counts each group's days present out of those its children could have come", () => {
    const rows = groupAttendance(
      groups,
      [
        away({ date: '2026-11-23' }),
        away({ date: '2026-11-24', studentId: 'st-kabir' }),
        // A single lesson is not a day away; a day outside the term is not counted.
        away({ date: '2026-11-25', lessonId: '2026-W48:3' }),
        away({ date: '2026-11-30' }),
        away({ date: '2026-11-23', studentId: 'st-ines', groupId: 'rg-tanni' }),
      ],
      days,
    )
    expect(rows).toEqual([
      { groupId: 'rg-jaul', name: 'Jaul', children: 2, daysAway: 2, percent: 75 },
      { groupId: 'rg-tanni', name: 'Tanni', children: 1, daysAway: 1, percent: 75 },
    ])
  })

  it('has nothing to show before the first school day of the term', () => {
    expect(groupAttendance(groups, [], [])).toEqual([])
  })
})
