import { describe, expect, it } from 'vitest'
import type { WeekDays } from '@sync/rules/timetable/types'
import { expiringDocuments, homeChildren, homeWeek, nextHolidays, safeLink, weekWork } from './home'

const holiday = (description: string, startDate: string, endDate = startDate) => ({
  description,
  startDate,
  endDate,
  singleDay: startDate === endDate,
  academicYear: '2026-27',
})

describe("the parents' home", () => {
  it('lists enrolled children by name with their group and age, terminated ones left out', () => {
    const children = homeChildren(
      [
        {
          id: 'b',
          name: 'Tiago',
          group_id: 'g1',
          status: 'active',
          data: { firstName: 'Tiago', dob: '2016-07-21' },
        },
        { id: 'a', name: 'Inês', group_id: 'g2', status: 'trial', data: { firstName: 'Inês' } },
        { id: 'c', name: 'Ana', group_id: 'g1', status: 'terminated', data: { firstName: 'Ana' } },
      ],
      { g1: 'Jaul' },
      '2026-11-26',
    )
    expect(children).toEqual([
      { id: 'a', name: 'Inês', groupId: 'g2', groupName: 'No group', age: null, onTrial: true },
      { id: 'b', name: 'Tiago', groupId: 'g1', groupName: 'Jaul', age: 10, onTrial: false },
    ])
  })

  it('shows each school day of the week with its lessons in time order, and holidays closed', () => {
    const session = (id: string, timingId: string, subjectId: string) => ({
      id,
      timingId,
      subjectId,
      topic: id === 's2' ? 'Fractions' : null,
    })
    const days = {
      monday: [session('s2', 't2', 'maths'), session('s1', 't1', 'art')],
      tuesday: [],
      wednesday: [],
      thursday: [],
      friday: [session('s3', 't1', 'maths')],
    } as unknown as WeekDays
    const week = homeWeek(
      days,
      '2026_40',
      {
        timings: { t1: '09:30 - 10:15', t2: '10:15 - 11:00' },
        subjects: { maths: 'Maths', art: 'Art' },
      },
      [holiday('Gandhi Jayanti', '2026-10-02')],
    )
    expect(week.map((d) => [d.name, d.date, d.holiday])).toEqual([
      ['Monday', '2026-09-28', null],
      ['Tuesday', '2026-09-29', null],
      ['Wednesday', '2026-09-30', null],
      ['Thursday', '2026-10-01', null],
      ['Friday', '2026-10-02', 'Gandhi Jayanti'],
    ])
    expect(week[0]!.lessons).toEqual([
      { id: 's1', timing: '09:30 - 10:15', subject: 'Art', topic: null },
      { id: 's2', timing: '10:15 - 11:00', subject: 'Maths', topic: 'Fractions' },
    ])
    expect(week[4]!.lessons).toEqual([])
  })

  it('lists the holidays that have not ended, soonest first', () => {
    const list = nextHolidays(
      [
        holiday('Winter break', '2026-12-21', '2027-01-01'),
        holiday('Term break', '2026-10-19', '2026-10-23'),
        holiday('Children’s Day', '2026-11-14'),
        holiday('Republic Day', '2027-01-26'),
        holiday('Holi', '2027-03-22'),
        holiday('Today', '2026-11-26'),
      ],
      '2026-11-26',
    )
    expect(list.map((h) => h.description)).toEqual(['Today', 'Winter break', 'Republic Day'])
  })

  it('warns of documents expired or expiring within 60 days, not later ones or undated ones', () => {
    const proof = (personName: string, expiryDate: string, hasExpiryDate = true) => ({
      personName,
      identityProofSelection: 'Passport',
      hasExpiryDate,
      expiryDate,
    })
    const docs = expiringDocuments(
      {
        guardians: [
          { parentUUID: 'g1', firstName: 'Maria', identityProof: [proof('Maria', '2026-12-20')] },
          { parentUUID: 'g2', firstName: 'João', identityProof: [proof('João', '2027-06-01')] },
        ],
      },
      [
        {
          name: 'Tiago',
          data: { firstName: 'Tiago', identityProof: [proof('Tiago', '2026-11-25')] },
        },
        {
          name: 'Inês',
          data: { firstName: 'Inês', identityProof: [proof('Inês', '2026-11-30', false)] },
        },
      ],
      '2026-11-26',
    )
    expect(docs).toEqual([
      {
        person: 'Tiago',
        document: 'Passport',
        expiryDate: '2026-11-25',
        expired: true,
        daysLeft: -1,
      },
      {
        person: 'Maria',
        document: 'Passport',
        expiryDate: '2026-12-20',
        expired: false,
        daysLeft: 24,
      },
    ])
  })
})

describe("a group's assignments and resources of the week", () => {
  const days = [
    {
      name: 'Monday',
      date: '2026-11-23',
      holiday: null,
      lessons: [{ id: 'rg-jaul_mo_1', timing: '09:30 - 10:15', subject: 'Maths', topic: null }],
    },
    {
      name: 'Tuesday',
      date: '2026-11-24',
      holiday: null,
      lessons: [{ id: 'rg-jaul_tu_1', timing: '09:30 - 10:15', subject: 'English', topic: null }],
    },
  ]
  const item = (
    id: string,
    kind: string,
    lesson: string | null,
    data: Record<string, unknown>,
    group = 'rg-jaul',
    week = '2026_48',
  ) => ({
    id,
    kind,
    group_id: group,
    week_key: week,
    lesson_id: lesson,
    data,
  })

  it('lists them in the order of the lessons, with their day and subject, leaving comments out', () => {
    const work = weekWork(
      [
        item('a', 'assignment', 'rg-jaul_tu_1', {
          title: 'Write a poem',
          description: 'Ten lines',
        }),
        item('b', 'resource', 'rg-jaul_mo_1', {
          link: 'https://example.com/fractions',
          description: 'Fractions video',
        }),
        item('c', 'comment', 'rg-jaul_mo_1', { text: 'For facilitators' }),
        item('d', 'assignment', 'rg-jaul_mo_1', { title: 'Other group' }, 'rg-tanni'),
        item('e', 'assignment', 'rg-jaul_mo_1', { title: 'Last week' }, 'rg-jaul', '2026_47'),
        item('f', 'resource', null, { link: 'https://example.com/atlas' }),
      ],
      'rg-jaul',
      '2026_48',
      days,
    )
    expect(work).toEqual([
      {
        id: 'b',
        kind: 'resource',
        title: 'Fractions video',
        detail: null,
        link: 'https://example.com/fractions',
        when: 'Monday · Maths',
      },
      {
        id: 'a',
        kind: 'assignment',
        title: 'Write a poem',
        detail: 'Ten lines',
        link: null,
        when: 'Tuesday · English',
      },
      {
        id: 'f',
        kind: 'resource',
        title: 'https://example.com/atlas',
        detail: null,
        link: 'https://example.com/atlas',
        when: null,
      },
    ])
  })

  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['http://example.com', 'http://example.com/'],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    ['not a link', null],
    ['', null],
    [42, null],
  ])('opens %j only as a web address (%j)', (value, expected) => {
    expect(safeLink(value)).toBe(expected)
  })
})
