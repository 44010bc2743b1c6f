import { memo, useMemo } from 'react'
import { Badge, Button, Group, Paper, Select, Stack, Text, UnstyledButton } from '@mantine/core'
import { subjectColour } from '../logic/sessions'
import type { Session } from '../logic/types'
import type { ItemCounts } from '../hooks/use-group-week'
import type { TimetableLookups } from '../hooks/use-lookups'
import { topicChoices, subtopicChoices } from '../logic/topic-choices'

export interface SessionCardProps {
  session: Session
  lookups: TimetableLookups
  counts: ItemCounts | undefined
  editing: boolean
  changed: boolean
  facilitatorId: string | null
  /** The handlers name the lesson, so one set serves every card and a card redraws only when its own lesson changes. */
  onOpen(session: Session): void
  onTopic(session: Session, topicId: string | null): void
  onSubtopic(session: Session, subtopicId: string | null): void
  onCancel(session: Session): void
}

const colourCache = new WeakMap<TimetableLookups, Record<string, string>>()
function colours(l: TimetableLookups): Record<string, string> {
  let byId = colourCache.get(l)
  if (!byId) {
    byId = Object.fromEntries(Object.values(l.subjects).map((s) => [s.id, s.color]))
    colourCache.set(l, byId)
  }
  return byId
}

/**
 * One lesson: subject colour, timing, classroom, facilitator, topic, and its item counts. An
 * edit redraws only the lesson it changed, not the other lessons of the week.
 */
export const SessionCard = memo(function SessionCard(props: SessionCardProps) {
  const { session: s, lookups: l, counts } = props
  const subject = s.subjectId ? l.subjects[s.subjectId] : undefined
  const title = `${l.timings[s.timingId] ?? 'No timing'} · ${subject?.name ?? 'No subject'}`
  const choices = useMemo(
    () => topicChoices(l.topics, s.subjectId, props.facilitatorId, s.topicId),
    [l.topics, s.subjectId, props.facilitatorId, s.topicId],
  )
  const subtopics = useMemo(
    () => subtopicChoices(l.topics, s.topicId, props.facilitatorId, s.subtopicId),
    [l.topics, s.topicId, props.facilitatorId, s.subtopicId],
  )
  // A subject nobody has written topics for says so, instead of opening an empty list.
  const noTopics = choices.length === 0 && !s.topicId
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      style={{ borderLeft: `6px solid ${subjectColour(s.subjectId, colours(l))}` }}
      data-testid="session"
      data-session={s.id}
    >
      <Stack gap={4}>
        {/* Named by what it shows (WCAG 2.5.3); the dialog it opens is the lesson's details. */}
        <UnstyledButton onClick={() => props.onOpen(s)} aria-haspopup="dialog">
          <Text fw={600} size="sm">
            {title}
          </Text>
          <Text size="xs" c="dimmed">
            {(s.classroomId && l.classrooms[s.classroomId]?.name) || 'No classroom'} ·{' '}
            {(s.facilitatorId && l.facilitators[s.facilitatorId]?.name) || 'No facilitator'}
          </Text>
          {!props.editing && (
            <Text size="sm" data-testid="session-topic">
              {s.topic ? `${s.topic}${s.subtopic ? ` — ${s.subtopic}` : ''}` : 'No topic yet'}
            </Text>
          )}
        </UnstyledButton>
        {props.editing && (
          <>
            <Select
              size="xs"
              aria-label={`Topic for ${title}`}
              placeholder={
                noTopics ? `No topics for ${subject?.name ?? 'this lesson'} yet` : 'Choose a topic'
              }
              disabled={noTopics}
              data={choices}
              value={s.topicId}
              onChange={(t) => props.onTopic(s, t)}
              searchable
              clearable
            />
            <Select
              size="xs"
              aria-label={`Subtopic for ${title}`}
              placeholder="Subtopic"
              data={subtopics}
              value={s.subtopicId}
              onChange={(t) => props.onSubtopic(s, t)}
              disabled={!s.topicId}
              clearable
            />
          </>
        )}
        <Group gap={4} justify="space-between">
          <Group gap={4}>
            {counts && counts.comments > 0 && (
              <Badge size="xs" variant="light" aria-label={`${counts.comments} comments`}>
                💬 {counts.comments}
              </Badge>
            )}
            {counts && counts.resources > 0 && (
              <Badge
                size="xs"
                variant="light"
                color="grape"
                aria-label={`${counts.resources} resources`}
              >
                🔗 {counts.resources}
              </Badge>
            )}
            {counts && counts.assignments > 0 && (
              <Badge
                size="xs"
                variant="light"
                color="orange"
                aria-label={`${counts.assignments} assignments`}
              >
                📝 {counts.assignments}
              </Badge>
            )}
          </Group>
          {props.changed && (
            <Group gap={4}>
              <Badge size="xs" color="orange">
                Changed
              </Badge>
              <Button size="compact-xs" variant="subtle" onClick={() => props.onCancel(s)}>
                Undo
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </Paper>
  )
})
