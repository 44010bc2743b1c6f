import { describe, expect, it } from 'vitest'
import { subtopicChoices, topicChoices, topicName, type TopicOption } from './topic-choices'

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
