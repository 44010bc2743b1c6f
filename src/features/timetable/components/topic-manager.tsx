import { useState } from 'react'
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { Topic } from '../hooks/use-lookups'
import { useTopicsWriter } from '../hooks/use-topics-writer'
import { canEditTopic, topicLists, type TopicEditor } from '../logic/topic-choices'
import { TopicForm } from './topic-form'

/** One topic or subtopic: its name, and Edit and Retire (or Restore) where the person may. */
function TopicLine({ item, who, sub }: { item: Topic; who: TopicEditor; sub?: boolean }) {
  const writer = useTopicsWriter()
  const [editing, setEditing] = useState(false)
  const editable = canEditTopic(item, who)
  const kind = sub ? 'subtopic' : 'topic'
  if (editing)
    return (
      <TopicForm
        label={`Name of the ${kind}`}
        initial={{ name: item.name, description: item.description }}
        submitLabel="Save"
        onSubmit={async (f) => {
          await writer.edit(item.id, f)
          setEditing(false)
        }}
        onCancel={() => setEditing(false)}
      />
    )
  return (
    <Group gap={6} wrap="nowrap" justify="space-between" data-testid={sub ? 'subtopic' : 'topic'}>
      <Text
        size="sm"
        fw={sub ? 400 : 600}
        c={item.retired ? 'dimmed' : undefined}
        style={{ minWidth: 0 }}
      >
        {item.name}
        {item.retired && (
          <Badge size="xs" color="gray" ml={6}>
            Retired
          </Badge>
        )}
      </Text>
      {editable && (
        <Group gap={4} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => setEditing(true)}
            aria-label={`Edit ${item.name}`}
          >
            Edit
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color={item.retired ? undefined : 'red'}
            onClick={() => void writer.setRetired(item.id, !item.retired)}
            aria-label={`${item.retired ? 'Restore' : 'Retire'} ${item.name}`}
          >
            {item.retired ? 'Restore' : 'Retire'}
          </Button>
        </Group>
      )}
    </Group>
  )
}

/**
 * The topics of a subject a facilitator looks after (K18): "My topics", which they add to, edit and
 * retire, and "Default topics", which facilitator admins keep. Anyone who teaches may add their own
 * subtopics to a default topic. Everything is written on the device and works offline.
 */
export function TopicManager({
  topics,
  subjectId,
  subjectName,
  who,
}: {
  topics: Topic[]
  subjectId: string
  subjectName: string
  who: TopicEditor
}) {
  const writer = useTopicsWriter()
  const [subtopicOf, setSubtopicOf] = useState<string | null>(null)
  return (
    <Stack gap="sm" data-testid="topic-manager">
      {topicLists(topics, subjectId, who).map((list) => (
        <Paper
          key={list.title}
          withBorder
          p="xs"
          radius="sm"
          component="section"
          aria-label={list.title}
        >
          <Title order={3} size="h6" mb={4}>
            {list.title}
          </Title>
          <Stack gap={6}>
            {list.topics.length === 0 && (
              <Text size="sm" c="dimmed">
                No {list.title === 'My topics' ? 'topics of your own' : 'default topics'} for{' '}
                {subjectName} yet.
              </Text>
            )}
            {list.topics.map(({ topic, subtopics }) => (
              <Stack key={topic.id} gap={2}>
                <TopicLine item={topic} who={who} />
                <Stack gap={2} pl="md">
                  {subtopics.map((s) => (
                    <TopicLine key={s.id} item={s} who={who} sub />
                  ))}
                  {subtopicOf === topic.id ? (
                    <TopicForm
                      label={`New subtopic of ${topic.name}`}
                      submitLabel="Add subtopic"
                      onSubmit={async (f) => {
                        // Added to an editable list, it is that list's; otherwise the person's own.
                        await writer.addSubtopic(
                          topic,
                          list.editable ? list.owner : who.facilitatorId,
                          f,
                        )
                        setSubtopicOf(null)
                      }}
                      onCancel={() => setSubtopicOf(null)}
                    />
                  ) : (
                    !topic.retired &&
                    (list.editable || who.facilitatorId) && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        style={{ alignSelf: 'flex-start' }}
                        onClick={() => setSubtopicOf(topic.id)}
                        aria-label={`Add a subtopic to ${topic.name}`}
                      >
                        + Subtopic
                      </Button>
                    )
                  )}
                </Stack>
              </Stack>
            ))}
            {list.editable && (
              <TopicForm
                label={list.owner ? 'New topic of my own' : 'New default topic'}
                submitLabel="Add topic"
                onSubmit={(f) => writer.addTopic(subjectId, list.owner, f)}
              />
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  )
}
