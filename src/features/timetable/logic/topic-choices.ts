export interface TopicOption {
  id: string
  name: string
  kind: 'topic' | 'subtopic'
  facilitatorId: string | null
  subjectId: string | null
  topicId: string | null
}

/**
 * The topics a facilitator can pick for a lesson: their own topics of the lesson's subject
 * first, then the default topics, each group sorted by name.
 */
export function topicChoices(
  topics: TopicOption[],
  subjectId: string | null,
  facilitatorId: string | null,
) {
  const ofSubject = topics.filter(
    (t) => t.kind === 'topic' && (!subjectId || t.subjectId === subjectId),
  )
  const mine = ofSubject.filter((t) => facilitatorId && t.facilitatorId === facilitatorId)
  const defaults = ofSubject.filter((t) => t.facilitatorId === null)
  const groups = []
  if (mine.length)
    groups.push({ group: 'My topics', items: mine.map((t) => ({ value: t.id, label: t.name })) })
  if (defaults.length)
    groups.push({
      group: 'Default topics',
      items: defaults.map((t) => ({ value: t.id, label: t.name })),
    })
  return groups
}

export function subtopicChoices(topics: TopicOption[], topicId: string | null) {
  if (!topicId) return []
  return topics
    .filter((t) => t.kind === 'subtopic' && t.topicId === topicId)
    .map((t) => ({ value: t.id, label: t.name }))
}

export function topicName(topics: TopicOption[], id: string | null): string | null {
  return (id && topics.find((t) => t.id === id)?.name) || null
}
