import '@mantine/core/styles/Card.css'
import { Badge, Card, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { FEEDBACK_COLOUR_SWATCH, FEEDBACK_COLOUR_WORDS } from '@sync/rules/feedback/colours'
import { centreFormat } from '@/lib/time/centre-format'
import type { FeedbackEntry } from '../logic/entries'

const STATUS_WORDS = { draft: 'Draft', ready: 'Ready', released: 'Released' } as const

/** The colour as a swatch and in words (never the colour alone). */
export function ColourBadge({ color }: { color: FeedbackEntry['color'] }) {
  return (
    <Badge
      variant="light"
      color={FEEDBACK_COLOUR_SWATCH[color].split('.')[0]}
      leftSection={
        <span
          aria-hidden
          style={{
            display: 'inline-block',
            width: 10,
            height: 10,
            borderRadius: 5,
            background: `var(--mantine-color-${FEEDBACK_COLOUR_SWATCH[color].replace('.', '-')})`,
          }}
        />
      }
    >
      {FEEDBACK_COLOUR_WORDS[color]}
    </Badge>
  )
}

/** One entry of the weekly display (M05). */
export function FeedbackEntryCard(props: {
  entry: FeedbackEntry
  showStatus?: boolean
  showStudent?: boolean
  actions?: ReactNode
}) {
  const { entry } = props
  return (
    <Card withBorder data-testid="feedback-entry" component="article">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Text fw={600} component="h3" size="md" m={0}>
            {entry.title}
          </Text>
          <Group gap={4}>
            <ColourBadge color={entry.color} />
            {props.showStatus && (
              <Badge variant="outline" color="gray">
                {STATUS_WORDS[entry.status]}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {[
            props.showStudent === false ? null : entry.studentName,
            entry.subjectName,
            entry.facilitatorName,
            entry.createdAt ? centreFormat(entry.createdAt, 'd MMM yyyy') : 'Not yet sent',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {entry.notParticipating ? (
          <Text size="sm" fs="italic">
            Not participating
          </Text>
        ) : null}
        {entry.feedback && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {entry.feedback}
          </Text>
        )}
        {entry.groupFeedback && (
          <Text size="sm" c="dimmed">
            Group: {entry.groupFeedback}
          </Text>
        )}
        {props.actions}
      </Stack>
    </Card>
  )
}
