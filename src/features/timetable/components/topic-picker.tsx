import { useState } from 'react'
import { Button, Select, Stack, Text } from '@mantine/core'
import { useAuthMember } from '@/lib/auth/use-auth'
import type { TimetableLookups } from '../hooks/use-lookups'
import { subtopicChoices, topicChoices } from '../logic/topic-choices'
import type { Session } from '../logic/types'
import { TopicManager } from './topic-manager'

/**
 * The lesson's topic and subtopic, from the facilitator's own list and the default list (K18),
 * and the lists themselves, which the facilitator adds to and edits here.
 */
export function TopicPicker({
  session: s,
  lookups,
  onTopic,
  onSubtopic,
}: {
  session: Session
  lookups: TimetableLookups
  onTopic(topicId: string | null): void
  onSubtopic(subtopicId: string | null): void
}) {
  const member = useAuthMember()
  const facilitatorId = member?.facilitatorId ?? null
  const who = { facilitatorId, isFacilitatorAdmin: member?.isFacilitatorAdmin ?? false }
  const subject = s.subjectId ? lookups.subjects[s.subjectId] : undefined
  const choices = topicChoices(lookups.topics, s.subjectId, facilitatorId, s.topicId)
  const [managing, setManaging] = useState(false)
  return (
    <Stack gap="xs">
      <Select
        label="Topic"
        placeholder={
          choices.length ? 'Choose a topic' : `No topics for ${subject?.name ?? 'this lesson'} yet`
        }
        data={choices}
        value={s.topicId}
        onChange={onTopic}
        searchable
        clearable
        nothingFoundMessage="No topic of that name"
      />
      <Select
        label="Subtopic"
        placeholder="Choose a subtopic"
        data={subtopicChoices(lookups.topics, s.topicId, facilitatorId, s.subtopicId)}
        value={s.subtopicId}
        onChange={onSubtopic}
        disabled={!s.topicId}
        clearable
      />
      <Text size="xs" c="dimmed">
        Topic changes are kept as pending changes until you save the calendar.
      </Text>
      {subject && (facilitatorId || who.isFacilitatorAdmin) && (
        <>
          <Button
            size="compact-sm"
            variant="light"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => setManaging((m) => !m)}
            aria-expanded={managing}
          >
            {managing ? 'Close the topic lists' : `Add or change topics of ${subject.name}`}
          </Button>
          {managing && (
            <TopicManager
              topics={lookups.topics}
              subjectId={subject.id}
              subjectName={subject.name}
              who={who}
            />
          )}
        </>
      )}
    </Stack>
  )
}
