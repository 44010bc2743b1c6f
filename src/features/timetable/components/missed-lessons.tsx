import { Badge, Card, List, Stack, Text } from '@mantine/core'
import { format, parseISO } from 'date-fns'
import type { MissedLesson } from '../logic/absences'

/** A child's missed lessons, newest first, each with what was covered (L10). */
export function MissedLessons({ lessons }: { lessons: MissedLesson[] }) {
  if (lessons.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No missed lessons.
      </Text>
    )
  return (
    <Stack gap="xs" data-testid="missed-lessons">
      {lessons.map((l) => (
        <Card key={`${l.date}|${l.lessonId}`} withBorder p="sm" data-testid="missed-lesson">
          <Text fw={600} size="sm">
            {format(parseISO(l.date), 'EEE d MMM yyyy')} · {l.timing} · {l.subject}
            {l.reportedBy === 'family' && (
              <Badge size="xs" variant="light" ml={6}>
                Reported by the family
              </Badge>
            )}
          </Text>
          {l.reason && (
            <Text size="xs" c="dimmed">
              {l.reason}
            </Text>
          )}
          <Text size="sm">
            Topic: {l.topic ?? 'none set'}
            {l.subtopic ? ` · ${l.subtopic}` : ''}
          </Text>
          {l.assignments.length > 0 && (
            <>
              <Text size="sm">Assignments:</Text>
              <List size="sm">
                {l.assignments.map((a, i) => (
                  <List.Item key={i}>{a}</List.Item>
                ))}
              </List>
            </>
          )}
          {l.resources.length > 0 && (
            <>
              <Text size="sm">Resources:</Text>
              <List size="sm">
                {l.resources.map((r, i) => (
                  <List.Item key={i}>{r}</List.Item>
                ))}
              </List>
            </>
          )}
        </Card>
      ))}
    </Stack>
  )
}
