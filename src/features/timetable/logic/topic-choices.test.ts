import { describe, expect, it } from 'vitest'
import {
  canEditTopic,
  subtopicChoices,
  topicChoices,
  topicLists,
  topicName,
  topicNameProblem,
  type TopicOption,
} from './topic-choices'

const t = (id: string, fields: Partial<TopicOption>): TopicOption => ({
  id,
  name: id,
  kind: 'topic',
  facilitatorId: null,
  subjectId: 'maths',
  topicId: null,
  ...fields,
})
const topics = [
  t('Zebra', { facilitatorId: 'asha' }),
  t('Fractions', {}),
  t('Algebra', { facilitatorId: 'rahul' }),
  t('Plants', { subjectId: 'science' }),
  t('Halves', { kind: 'subtopic', topicId: 'Fractions' }),
]

describe('topic choices', () => {
  it("offers my topics of the subject, then the default ones, never other facilitators' topics", () => {
    expect(topicChoices(topics, 'maths', 'asha')).toEqual([
      { group: 'My topics', items: [{ value: 'Zebra', label: 'Zebra' }] },
      { group: 'Default topics', items: [{ value: 'Fractions', label: 'Fractions' }] },
    ])
    expect(topicChoices(topics, 'science', 'asha')).toEqual([
      { group: 'Default topics', items: [{ value: 'Plants', label: 'Plants' }] },
    ])
  })
  it('offers the subtopics of the chosen topic only', () => {
    expect(subtopicChoices(topics, 'Fractions')).toEqual([{ value: 'Halves', label: 'Halves' }])
    expect(subtopicChoices(topics, null)).toEqual([])
  })
  it('names a topic by id', () => {
    expect(topicName(topics, 'Plants')).toBe('Plants')
    expect(topicName(topics, 'missing')).toBeNull()
  })
})

describe('retired topics and the two lists (K18)', () => {
  const list = [
    t('Mine', { facilitatorId: 'asha' }),
    t('Old', { facilitatorId: 'asha', retired: true }),
    t('Fractions', {}),
    t('Theirs', { facilitatorId: 'rahul' }),
    t('Halves', { kind: 'subtopic', topicId: 'Fractions' }),
    t('My halves', { kind: 'subtopic', topicId: 'Fractions', facilitatorId: 'asha' }),
    t('Their halves', { kind: 'subtopic', topicId: 'Fractions', facilitatorId: 'rahul' }),
    t('Gone halves', { kind: 'subtopic', topicId: 'Fractions', retired: true }),
  ]

  it('leaves a retired topic out, unless the lesson has it', () => {
    expect(topicChoices(list, 'maths', 'asha')[0]!.items).toEqual([
      { value: 'Mine', label: 'Mine' },
    ])
    expect(topicChoices(list, 'maths', 'asha', 'Old')[0]!.items).toEqual([
      { value: 'Mine', label: 'Mine' },
      { value: 'Old', label: 'Old (retired)' },
    ])
  })

  it("offers the default subtopics and the facilitator's own, never a colleague's", () => {
    expect(subtopicChoices(list, 'Fractions', 'asha').map((o) => o.label)).toEqual([
      'Halves',
      'My halves',
    ])
    expect(subtopicChoices(list, 'Fractions', 'asha', 'Gone halves').map((o) => o.label)).toEqual([
      'Halves',
      'My halves',
      'Gone halves (retired)',
    ])
  })

  it.each([
    [{ facilitatorId: 'asha', isFacilitatorAdmin: false }, 'asha', true],
    [{ facilitatorId: 'asha', isFacilitatorAdmin: false }, 'rahul', false],
    [{ facilitatorId: 'asha', isFacilitatorAdmin: false }, null, false],
    [{ facilitatorId: 'rahul', isFacilitatorAdmin: true }, null, true],
    [{ facilitatorId: 'rahul', isFacilitatorAdmin: true }, 'asha', false],
    [{ facilitatorId: null, isFacilitatorAdmin: false }, null, false],
  ])('%o may edit a topic of %s: %s', (who, owner, allowed) => {
    expect(canEditTopic({ facilitatorId: owner }, who)).toBe(allowed)
  })

  it('lists my topics (editable) and the default ones (editable by facilitator admins)', () => {
    const mine = topicLists(list, 'maths', { facilitatorId: 'asha', isFacilitatorAdmin: false })
    expect(mine.map((l) => [l.title, l.editable, l.topics.map((x) => x.topic.id)])).toEqual([
      ['My topics', true, ['Mine', 'Old']],
      ['Default topics', false, ['Fractions']],
    ])
    expect(mine[1]!.topics[0]!.subtopics.map((x) => x.id)).toEqual([
      'Halves',
      'My halves',
      'Gone halves',
    ])
    const admin = topicLists(list, 'maths', { facilitatorId: 'rahul', isFacilitatorAdmin: true })
    expect(admin.map((l) => [l.title, l.editable])).toEqual([
      ['My topics', true],
      ['Default topics', true],
    ])
  })

  it.each([
    ['', 'Enter a name'],
    ['   ', 'Enter a name'],
    ['x'.repeat(201), 'Keep the name under 200 characters'],
    [' Mandó and dulpod ', null],
  ])('a name %j: %s', (name, problem) => {
    expect(topicNameProblem(name)).toBe(problem)
  })
})
