import { describe, expect, it } from 'vitest'
import type { MixedGroup } from '../../contract/collections/timetables.ts'
import { mergeMixedGroups } from './merge.ts'
import {
  addStudent,
  classroomsOf,
  facilitatorInfos,
  mixedGroupInUse,
  studentsInTwoSubgroups,
} from './rules.ts'

const ira = { id: 'st-ira', name: 'Ira Naik', groupId: 'rg-jaul', group: 'Jaul' }
const tiago = { id: 'st-tiago', name: 'Tiago Fernandes', groupId: 'rg-dongor', group: 'Dongor' }

const combined = (): MixedGroup => ({
  name: 'Friday maths',
  subgroups: {
    a: {
      facilitatorId: 'f1',
      facilitator: 'Asha',
      subjectId: 'rs-maths',
      subject: 'Maths',
      classroomId: 'rc-1',
      classroom: 'Blue room',
      students: {},
    },
    b: {
      facilitatorId: 'f2',
      facilitator: 'Ben',
      subjectId: 'rs-science',
      subject: 'Science',
      classroomId: null,
      classroom: null,
      students: {},
    },
  },
})

function added(group: MixedGroup, sub: string, child: typeof ira): MixedGroup {
  const r = addStudent(group, sub, child)
  if (!r.ok) throw new Error(r.message)
  return r.group
}

describe('a child in at most one subgroup (L04)', () => {
  it('refuses the second subgroup, naming the first one', () => {
    const g = added(combined(), 'a', ira)
    expect(addStudent(g, 'b', ira)).toEqual({
      ok: false,
      message: 'Ira Naik already in mixed group (Asha - Maths)',
    })
    expect(addStudent(g, 'a', ira)).toMatchObject({ ok: false })
    expect(addStudent(g, 'b', tiago)).toMatchObject({ ok: true })
  })
})

describe('derived facilitator infos and classrooms (L03)', () => {
  it('lists each facilitator with the groups their children come from', () => {
    const g = added(added(added(combined(), 'a', ira), 'a', tiago), 'b', { ...ira, id: 'st-x' })
    expect(facilitatorInfos(g)).toEqual([
      {
        facilitatorId: 'f1',
        facilitator: 'Asha',
        groups: ['Dongor', 'Jaul'],
        groupsCombined: 'Dongor, Jaul',
      },
      { facilitatorId: 'f2', facilitator: 'Ben', groups: ['Jaul'], groupsCombined: 'Jaul' },
    ])
    expect(classroomsOf(g)).toEqual(['Blue room'])
  })
})

describe('deleting a mixed group a session uses (L05)', () => {
  it('names the group, day and timing of the first session using it', () => {
    const days = {
      monday: [],
      tuesday: [{ id: 's1', timingId: 't1', groupId: 'rg-jaul', mainMixedGroupId: 'mg-1' }],
    }
    const uses = [{ groupName: 'Jaul', days }]
    expect(mixedGroupInUse('mg-1', 'Friday maths', uses, { t1: '09:30 - 10:15' })).toBe(
      'Friday maths is still in use: Jaul on Tuesday, 09:30 - 10:15',
    )
    expect(mixedGroupInUse('mg-2', 'Other', uses, {})).toBeNull()
  })
})

describe('two admins editing one combined group offline', () => {
  it('keeps both sides’ children and subgroups, and reports the field both changed', () => {
    const base = combined()
    const mine = structuredClone(added(base, 'a', ira))
    mine.subgroups.a!.classroom = 'Green room'
    mine.subgroups.a!.classroomId = 'rc-2'
    const theirs = structuredClone(added(base, 'b', tiago))
    theirs.subgroups.a!.classroom = 'Red room'
    theirs.subgroups.a!.classroomId = 'rc-3'
    const { merged, lost } = mergeMixedGroups({ base, mine, theirs })
    expect(Object.keys(merged.subgroups.a!.students)).toEqual(['st-ira'])
    expect(Object.keys(merged.subgroups.b!.students)).toEqual(['st-tiago'])
    expect(merged.subgroups.a!.classroom).toBe('Red room')
    expect(lost).toEqual([
      { field: 'subgroup (Asha - Maths) › classroom', mine: 'Green room', kept: 'Red room' },
    ])
  })

  it('leaves a child placed in two subgroups where the server has them', () => {
    const base = combined()
    const { merged, lost } = mergeMixedGroups({
      base,
      mine: added(base, 'b', ira),
      theirs: added(base, 'a', ira),
    })
    expect(studentsInTwoSubgroups(merged)).toEqual([])
    expect(Object.keys(merged.subgroups.a!.students)).toEqual(['st-ira'])
    expect(lost).toEqual([
      { field: "Ira Naik's subgroup", mine: 'Ben - Science', kept: 'Asha - Maths' },
    ])
  })
})
