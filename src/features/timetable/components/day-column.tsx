import { Paper, Stack, Text, Title } from '@mantine/core'
import { format, parseISO } from 'date-fns'
import type { Holiday, Session } from '../logic/types'

export interface DayColumnProps {
  name: string
  date: string
  holiday: Holiday | undefined
  sessions: Session[]
  renderSession(session: Session): React.ReactNode
  /** The field trips of the day, as "Field trip: …". */
  trips?: readonly string[]
}

/** One school day: its date, then its lessons, or why there are none. */
export function DayColumn({
  name,
  date,
  holiday,
  sessions,
  renderSession,
  trips = [],
}: DayColumnProps) {
  return (
    <Stack gap="xs" data-testid="day" data-date={date}>
      <Title order={2} size="h5">
        {name} {format(parseISO(date), 'd MMM')}
      </Title>
      {trips.map((t) => (
        <Text key={t} size="sm" fw={600} data-testid="week-trip">
          {t}
        </Text>
      ))}
      {holiday ? (
        <Paper withBorder p="sm" bg="var(--mantine-color-gray-light)" data-testid="non-school-day">
          <Text size="sm" fw={600}>
            Holiday: {holiday.description}
          </Text>
          <Text size="xs" c="dimmed">
            No lessons
          </Text>
        </Paper>
      ) : sessions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No lessons
        </Text>
      ) : (
        sessions.map((s) => <div key={s.id}>{renderSession(s)}</div>)
      )}
    </Stack>
  )
}
