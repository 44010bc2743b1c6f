import './styles'
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { holidayOn } from '../logic/school-days'
import { sortSessionsByTiming } from '../logic/sessions'
import { schoolDaysOf } from '../logic/week'
import { useGroupWeek } from '../hooks/use-group-week'
import { useTimetableLookups, type TimetableLookups } from '../hooks/use-lookups'
import { DayColumn } from './day-column'
import { WeekNav } from './week-nav'

function Week({
  groupId,
  weekKey,
  lookups,
}: {
  groupId: string
  weekKey: string
  lookups: TimetableLookups
}) {
  const week = useGroupWeek(groupId, weekKey)
  if (!week) return null
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
      {schoolDaysOf(weekKey).map(({ day, name, date }) => (
        <DayColumn
          key={day}
          name={name}
          date={date}
          holiday={holidayOn(date, lookups.holidays)}
          sessions={sortSessionsByTiming(week.days[day], lookups.timings)}
          renderSession={(s) => (
            <Paper
              withBorder
              p="xs"
              style={{
                borderLeft: `6px solid ${lookups.subjects[s.subjectId ?? '']?.color ?? '#adb5bd'}`,
              }}
              data-testid="session"
            >
              <Text size="sm" fw={600}>
                {lookups.timings[s.timingId]} ·{' '}
                {lookups.subjects[s.subjectId ?? '']?.name ?? 'No subject'}
              </Text>
              <Text size="xs" c="dimmed">
                {lookups.facilitators[s.facilitatorId ?? '']?.name ?? ''}
              </Text>
              <Text size="sm">
                {s.topic ? `${s.topic}${s.subtopic ? ` — ${s.subtopic}` : ''}` : 'No topic yet'}
              </Text>
            </Paper>
          )}
        />
      ))}
    </SimpleGrid>
  )
}

/** Student lessons detail: one student's lessons for the week (their group's timetable). */
export function StudentLessons({
  studentId,
  weekKey,
  onWeek,
}: {
  studentId: string
  weekKey: string
  onWeek(w: string): void
}) {
  const lookups = useTimetableLookups()
  if (!lookups) return <Text c="dimmed">Loading…</Text>
  const group = lookups.groups.find((g) => g.students.some((s) => s.id === studentId))
  const student = group?.students.find((s) => s.id === studentId)
  if (!group || !student) return <Text>This student is not in any group on this device.</Text>
  return (
    <Stack>
      <Title order={1} size="h2">
        {student.name}
      </Title>
      <Text c="dimmed">{group.name}</Text>
      <WeekNav weekKey={weekKey} onChange={onWeek} />
      <Week groupId={group.id} weekKey={weekKey} lookups={lookups} />
    </Stack>
  )
}
