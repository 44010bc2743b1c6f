import './styles'
import { Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useAuthMember } from '../../../lib/auth/use-auth'
import { holidayOn } from '../logic/school-days'
import { sortSessionsByTiming } from '../logic/sessions'
import { schoolDaysOf } from '../logic/week'
import { useFacilitatorWeek } from '../hooks/use-facilitator-week'
import { useTimetableLookups } from '../hooks/use-lookups'
import { DayColumn } from './day-column'
import { WeekNav } from './week-nav'
import { SimpleGrid, Paper } from '@mantine/core'

/** The Lessons pane: this facilitator's own lessons of the week, across their groups. */
export function LessonsPane({ weekKey, onWeek }: { weekKey: string; onWeek(w: string): void }) {
  const member = useAuthMember()
  const lookups = useTimetableLookups()
  const week = useFacilitatorWeek(member?.facilitatorId ?? null, weekKey)
  if (!lookups || !week) return <Text c="dimmed">Loading your lessons…</Text>
  return (
    <Stack>
      <Title order={1} size="h2">
        My lessons
      </Title>
      <WeekNav weekKey={weekKey} onChange={onWeek} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
        {schoolDaysOf(weekKey).map(({ day, name, date }) => (
          <DayColumn
            key={day}
            name={name}
            date={date}
            holiday={holidayOn(date, lookups.holidays)}
            sessions={sortSessionsByTiming(week[day], lookups.timings)}
            renderSession={(s) => (
              <Paper
                withBorder
                p="xs"
                component={Link}
                to="/facilitators/dash/groupDays"
                search={{ group: s.groupId, week: weekKey } as never}
                style={{
                  borderLeft: `6px solid ${lookups.subjects[s.subjectId ?? '']?.color ?? '#adb5bd'}`,
                }}
              >
                <Text size="sm" fw={600}>
                  {lookups.timings[s.timingId]} ·{' '}
                  {lookups.subjects[s.subjectId ?? '']?.name ?? 'No subject'}
                </Text>
                <Text size="xs" c="dimmed">
                  {lookups.groups.find((g) => g.id === s.groupId)?.name} ·{' '}
                  {lookups.classrooms[s.classroomId ?? '']?.name ?? ''}
                </Text>
                <Text size="sm">{s.topic ?? 'No topic yet'}</Text>
              </Paper>
            )}
          />
        ))}
      </SimpleGrid>
    </Stack>
  )
}
