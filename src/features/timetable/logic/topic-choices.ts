export interface TopicOption {
  id: string
  name: string
  kind: 'topic' | 'subtopic'
  facilitatorId: string | null
  subjectId: string | null
  topicId: string | null
  retired?: boolean
}

const RETIRED = ' (retired)'
const option = (t: TopicOption) => ({ value: t.id, label: t.retired ? t.name + RETIRED : t.name })
/** Offered: topics not retired, and the one a lesson already has (so its name still shows). */
const offered = (t: TopicOption, current: string | null) => !t.retired || t.id === current

/**
 * The topics a facilitator can pick for a lesson: their own topics of the lesson's subject
 * first, then the default topics, each group sorted by name; retired topics are left out unless
 * the lesson has one.
 */
export function topicChoices(
  topics: TopicOption[],
  subjectId: string | null,
  facilitatorId: string | null,
  current: string | null = null,
) {
  const ofSubject = topics.filter(
    (t) => t.kind === 'topic' && (!subjectId || t.subjectId === subjectId) && offered(t, current),
  )
  const mine = ofSubject.filter((t) => facilitatorId && t.facilitatorId === facilitatorId)
  const defaults = ofSubject.filter((t) => t.facilitatorId === null)
  const groups = []
  if (mine.length) groups.push({ group: 'My topics', items: mine.map(option) })
  if (defaults.length) groups.push({ group: 'Default topics', items: defaults.map(option) })
  return groups
}

/**
 * The subtopics of the chosen topic: the default ones and the facilitator's own (a facilitator
 * may add their own subtopics to a default topic), retired ones left out unless chosen.
 */
export function subtopicChoices(
  topics: TopicOption[],
  topicId: string | null,
  facilitatorId: string | null = null,
  current: string | null = null,
) {
  if (!topicId) return []
  return topics
    .filter(
      (t) =>
        t.kind === 'subtopic' &&
        t.topicId === topicId &&
        (t.facilitatorId === null || t.facilitatorId === facilitatorId || t.id === current) &&
        offered(t, current),
    )
    .map(option)
}

export function topicName(topics: TopicOption[], id: string | null): string | null {
  return (id && topics.find((t) => t.id === id)?.name) || null
}

export interface TopicEditor {
  facilitatorId: string | null
  isFacilitatorAdmin: boolean
}

/** A facilitator changes their own topics; facilitator admins also change the default list. */
export function canEditTopic(topic: Pick<TopicOption, 'facilitatorId'>, who: TopicEditor) {
  return topic.facilitatorId === null
    ? who.isFacilitatorAdmin
    : !!who.facilitatorId && topic.facilitatorId === who.facilitatorId
}

export interface TopicList<T extends TopicOption> {
  title: 'My topics' | 'Default topics'
  /** Whose list: the facilitator's id, or null for the default list. */
  owner: string | null
  editable: boolean
  topics: { topic: T; subtopics: T[] }[]
}

/**
 * The two lists of a subject a facilitator looks after: "My topics" and "Default topics", each
 * topic with the subtopics this facilitator sees (retired ones included, to be restored).
 */
export function topicLists<T extends TopicOption>(
  topics: T[],
  subjectId: string,
  who: TopicEditor,
): TopicList<T>[] {
  const of = (owner: string | null) =>
    topics
      .filter((t) => t.kind === 'topic' && t.subjectId === subjectId && t.facilitatorId === owner)
      .map((topic) => ({
        topic,
        subtopics: topics.filter(
          (s) =>
            s.kind === 'subtopic' &&
            s.topicId === topic.id &&
            (s.facilitatorId === null || s.facilitatorId === who.facilitatorId),
        ),
      }))
  const lists: TopicList<T>[] = []
  if (who.facilitatorId)
    lists.push({
      title: 'My topics',
      owner: who.facilitatorId,
      editable: true,
      topics: of(who.facilitatorId),
    })
  lists.push({
    title: 'Default topics',
    owner: null,
    editable: who.isFacilitatorAdmin,
    topics: of(null),
  })
  return lists
}

/** A topic's or subtopic's name as typed: trimmed, 1 to 200 characters; or what is wrong. */
export function topicNameProblem(name: string): string | null {
  const trimmed = name.trim()
  if (!trimmed) return 'Enter a name'
  if (trimmed.length > 200) return 'Keep the name under 200 characters'
  return null
}
