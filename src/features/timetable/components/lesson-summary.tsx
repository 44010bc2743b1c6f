import { Paper, Text } from '@mantine/core'
import type { Session } from '../logic/types'
import type { TimetableLookups } from '../hooks/use-lookups'

/** A read-only lesson: timing, subject colour and name, a second line, and the topic. */
export function LessonSummary({
  session: s,
  lookups: l,
  detail,
}: {
  session: Session
  lookups: TimetableLookups
  detail: string
}) {
  return (
    <Paper
      withBorder
      p="xs"
      style={{ borderLeft: `6px solid ${l.subjects[s.subjectId ?? '']?.color ?? '#adb5bd'}` }}
      data-testid="session"
    >
      <Text size="sm" fw={600}>
        {l.timings[s.timingId]} · {l.subjects[s.subjectId ?? '']?.name ?? 'No subject'}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
      <Text size="sm">
        {s.topic ? `${s.topic}${s.subtopic ? ` — ${s.subtopic}` : ''}` : 'No topic yet'}
      </Text>
    </Paper>
  )
}
