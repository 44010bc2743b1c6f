import { describe, expect, it } from 'vitest'
import type { FeedbackRow } from '@sync/engine/database'
import { releaseSummary, termOverview } from './term-overview'

const student = (
  id: string,
  who: [string, string],
  status: FeedbackRow['status'],
  facilitator = 'f1',
  term = '2026_2027_2',
  group = 'g-jaul',
): FeedbackRow => ({
  id,
  kind: 'student',
  term,
  group_id: group,
  subject_id: 's-maths',
  facilitator_id: facilitator,
  student_id: who[0],
  status,
  created_at: `2026-11-0${id.slice(-1)}T10:00:00+05:30`,
  data: {
    title: id,
    feedback: 'Text',
    groupFeedbackId: null,
    color: 'green',
    notParticipating: false,
    studentName: who[1],
  },
})

const groups = [
  {
    id: 'g-jaul',
    name: 'Jaul',
    students: [
      { id: 'st-tiago', name: 'Tiago' },
      { id: 'st-ana', name: 'Ana' },
    ],
  },
  { id: 'g-mog', name: 'Mog', students: [{ id: 'st-rui', name: 'Rui' }] },
]
const names = {
  facilitators: { f1: 'Asha', f2: 'Ravi' },
  subjects: { 's-maths': 'Mathematics' },
}

describe('termOverview', () => {
  const rows: FeedbackRow[] = [
    student('e1', ['st-tiago', 'Tiago'], 'ready', 'f1'),
    student('e2', ['st-tiago', 'Tiago'], 'draft', 'f2'),
    student('e3', ['st-rui', 'Rui'], 'released', 'f1', '2026_2027_2', 'g-mog'),
    student('e4', ['st-ana', 'Ana'], 'ready', 'f1', '2026_2027_1'),
    {
      id: 'gf1',
      kind: 'group',
      term: '2026_2027_2',
      group_id: 'g-jaul',
      subject_id: 's-maths',
      facilitator_id: 'f2',
      student_id: null,
      status: 'ready',
      data: { projectedCurriculum: 'Fractions', coveredCurriculum: 'Halves' },
    },
  ]
  const o = termOverview(rows, '2026_2027_2', groups, names)

  it("names each child's facilitators and who is missing, per group", () => {
    const jaul = o.groups.find((g) => g.groupName === 'Jaul')!
    expect(jaul.students.map((s) => [s.name, s.entries.map((e) => e.facilitatorName)])).toEqual([
      ['Ana', []],
      ['Tiago', ['Ravi', 'Asha']],
    ])
    expect(jaul.missing).toEqual(['Ana'])
    expect(jaul.groupFeedback).toEqual([
      { id: 'gf1', subjectName: 'Mathematics', facilitatorName: 'Ravi', status: 'ready' },
    ])
    expect(o.groups.find((g) => g.groupName === 'Mog')!.missing).toEqual([])
  })

  it('counts the statuses and lists what a release sends, per term and per group', () => {
    expect(o.counts).toEqual({ draft: 1, ready: 2, released: 1 })
    expect([...o.readyIds].sort()).toEqual(['e1', 'gf1'])
    expect(o.groups.find((g) => g.groupName === 'Mog')!.readyIds).toEqual([])
  })

  it('keeps a group that has feedback though it is no longer active', () => {
    const gone = termOverview(rows, '2026_2027_1', [], { ...names, groups: { 'g-jaul': 'Jaul' } })
    expect(gone.groups.map((g) => [g.groupName, g.students.map((s) => s.name)])).toEqual([
      ['Jaul', ['Ana']],
    ])
  })
})

describe('releaseSummary', () => {
  it('says what goes out and what stays', () => {
    expect(releaseSummary({ draft: 0, ready: 1, released: 0 })).toBe(
      '1 entry ready will be released to the families.',
    )
    expect(releaseSummary({ draft: 2, ready: 3, released: 4 })).toBe(
      '3 entries ready will be released to the families. 2 drafts stay with their facilitator until marked ready.',
    )
  })
})
