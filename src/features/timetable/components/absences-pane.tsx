import './styles'
import { useState } from 'react'
import { Badge, Card, Select, Stack, Text, Title } from '@mantine/core'
import { format, parseISO } from 'date-fns'
import { missedLessons } from '../logic/absences'
import { useAbsences, useHeldLessons } from '../hooks/use-absences'
import { useTimetableLookups } from '../hooks/use-lookups'
import { todayAtCentre } from '../hooks/use-timetable-writer'
import { AttendanceTable } from './attendance-table'
import { MissedLessons } from './missed-lessons'

/**
 * The Absences pane: what families reported ahead, a child's missed lessons with what was
 * covered, and each group's attendance per term (L10).
 */
export function AbsencesPane() {
  const lookups = useTimetableLookups()
  const absences = useAbsences()
  const lessonsOn = useHeldLessons(lookups)
  const [studentId, setStudentId] = useState<string | null>(null)
  if (!lookups) return <Text c="dimmed">Loading absences…</Text>
  const today = todayAtCentre()
  const students = lookups.groups
    .filter((g) => g.status === 'active')
    .flatMap((g) => g.students.map((s) => ({ ...s, group: g.name })))
    .sort((a, b) => a.name.localeCompare(b.name))
  const nameOf = (id: string) => students.find((s) => s.id === id)?.name ?? 'A child'
  const reports = absences
    .filter((a) => a.reportedBy === 'family' && a.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date))
  const past = absences.filter((a) => a.studentId === studentId && a.date <= today)
  return (
    <Stack>
      <Title order={1} size="h2">
        Absences
      </Title>
      <Stack gap="xs" component="section" aria-labelledby="reports-title">
        <Title order={2} size="h4" id="reports-title">
          Reported by families
        </Title>
        {reports.length === 0 && (
          <Text size="sm" c="dimmed">
            No family has reported a coming absence.
          </Text>
        )}
        {reports.map((a) => (
          <Card key={a.id} withBorder p="sm" data-testid="family-report">
            <Text size="sm" fw={600}>
              {nameOf(a.studentId)} · {format(parseISO(a.date), 'EEE d MMM yyyy')}
              <Badge size="xs" variant="light" ml={6}>
                {lookups.groups.find((g) => g.id === a.groupId)?.name ?? 'Group'}
              </Badge>
            </Text>
            {a.reason && <Text size="sm">{a.reason}</Text>}
          </Card>
        ))}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="missed-title">
        <Title order={2} size="h4" id="missed-title">
          Missed lessons
        </Title>
        <Select
          label="Student"
          placeholder="Choose a student"
          searchable
          data={students.map((s) => ({ value: s.id, label: `${s.name} (${s.group})` }))}
          value={studentId}
          onChange={setStudentId}
        />
        {studentId && <MissedLessons lessons={missedLessons(past, lessonsOn)} />}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="attendance-title">
        <Title order={2} size="h4" id="attendance-title">
          Attendance
        </Title>
        <AttendanceTable lookups={lookups} absences={absences} />
      </Stack>
    </Stack>
  )
}
