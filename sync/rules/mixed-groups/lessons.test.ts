import { describe, expect, it } from 'vitest'
import type { MixedGroup, MixedLesson } from '../../contract/collections/timetables.ts'
import { mixedLessonDocId } from '../../contract/collections/timetables.ts'
import { subgroupLessons, teachesSubgroupOf } from './lessons.ts'

const child = (student: string, groupId: string) => ({ student, groupId, group: groupId })
const sub = (
  facilitator: string,
  subject: string,
  students: MixedGroup['subgroups'][string]['students'],
) => ({
  facilitatorId: `f-${facilitator}`,
  facilitator,
  subjectId: `s-${subject}`,
  subject,
  classroomId: null,
  classroom: null,
  students,
})
const group: MixedGroup = {
  name: 'Friday art',
  subgroups: {
    b: sub('Rahul', 'Music', { meera: child('Meera', 'paani') }),
    a: sub('Asha', 'Art', { ira: child('Ira', 'jaul'), zoe: child('Zoe', 'paani') }),
  },
}
const clay: MixedLesson = {
  mainMixedGroupId: 'mg',
  day: 'friday',
  timingId: 't1',
  facilitatorId: 'f-Asha',
  subjectId: 's-Art',
  topicId: null,
  topic: 'Clay',
  subtopicId: null,
  subtopic: null,
  details: '',
}

describe('mixed-group lessons in a week (L01)', () => {
  it("shows a group's week the subgroups its children are in, with their own lesson", () => {
    const jaul = subgroupLessons(group, 'jaul', (id) => (id === 'a' ? clay : null))
    expect(jaul.map((s) => [s.subgroupId, s.children.map((c) => c.name), s.lesson?.topic])).toEqual(
      [['a', ['Ira'], 'Clay']],
    )
    const paani = subgroupLessons(group, 'paani', () => null)
    expect(paani.map((s) => [s.subgroup.facilitator, s.children.map((c) => c.name)])).toEqual([
      ['Asha', ['Zoe']],
      ['Rahul', ['Meera']],
    ])
    expect(subgroupLessons(group, 'dongor', () => null)).toEqual([])
    expect(subgroupLessons(group, null, () => null)).toHaveLength(2)
  })

  it("knows whether a facilitator teaches a subgroup holding one of a group's children", () => {
    expect(teachesSubgroupOf(group, 'jaul', 'f-Asha')).toBe(true)
    expect(teachesSubgroupOf(group, 'jaul', 'f-Rahul')).toBe(false)
    expect(teachesSubgroupOf(group, 'paani', null)).toBe(false)
  })

  it('names a subgroup lesson the same on every device, within 64 characters', () => {
    const id = mixedLessonDocId('2026_49', 'x'.repeat(100), 'friday', 'y'.repeat(100))
    expect(id).toBe(mixedLessonDocId('2026_49', 'x'.repeat(100), 'friday', 'y'.repeat(100)))
    expect(id).not.toBe(mixedLessonDocId('2026_49', 'x'.repeat(100), 'monday', 'y'.repeat(100)))
    expect(id.length).toBeLessThanOrEqual(64)
  })
})
