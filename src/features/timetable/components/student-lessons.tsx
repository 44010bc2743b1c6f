import './styles'
import { Anchor, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useGroupWeek } from '../hooks/use-group-week'
import { useTimetableLookups, type TimetableLookups } from '../hooks/use-lookups'
import { LessonSummary } from './lesson-summary'
import { WeekGrid } from './week-grid'
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
    <WeekGrid
      weekKey={weekKey}
      days={week.days}
      lookups={lookups}
      renderSession={(s) => (
        <LessonSummary
          session={s}
          lookups={lookups}
          detail={lookups.facilitators[s.facilitatorId ?? '']?.name ?? ''}
        />
      )}
    />
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
      <Anchor
        component={Link}
        to="/facilitators/dash/groupDays"
        search={{ group: group.id, week: weekKey } as never}
        data-testid="group-week-link"
      >
        {group.name}
      </Anchor>
      <Anchor
        component={Link}
        to="/facilitators/dash"
        search={{ pane: 'notes', about: `student:${student.id}` } as never}
      >
        Notes about {student.name}
      </Anchor>
      <WeekNav weekKey={weekKey} onChange={onWeek} />
      <Week groupId={group.id} weekKey={weekKey} lookups={lookups} />
    </Stack>
  )
}
