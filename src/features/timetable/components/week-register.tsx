import { useState } from 'react'
import { Badge, Chip, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core'
import { format, parseISO } from 'date-fns'
import { runTask } from '@/components/feedback/task'
import { holidayOn } from '@/lib/time/school-days'
import { schoolDaysOf } from '@/lib/time/week'
import { awayAllDay } from '../logic/absences'
import type { WeekDays } from '../logic/types'
import { useAbsences } from '../hooks/use-absences'
import { useAbsenceWriter } from '../hooks/use-absence-writer'
import type { TimetableLookups } from '../hooks/use-lookups'
import { todayAtCentre } from '../hooks/use-timetable-writer'

/** The date of the day that holds a lesson of the week. */
export function dayOfSession(weekKey: string, days: WeekDays, sessionId: string) {
  return schoolDaysOf(weekKey).find(({ day }) => days[day].some((s) => s.id === sessionId))?.date
}

/**
 * The group's register for a day of the week: one tap per child marks them away for the whole
 * day (a single lesson is marked in the lesson's Students tab). Works offline.
 */
export function WeekRegister(props: {
  groupId: string
  weekKey: string
  lookups: TimetableLookups
}) {
  const days = schoolDaysOf(props.weekKey)
  const today = todayAtCentre()
  const [date, setDate] = useState(
    () => days.find((d) => d.date === today)?.date ?? days[0]?.date ?? today,
  )
  const absences = useAbsences()
  const writer = useAbsenceWriter()
  const group = props.lookups.groups.find((g) => g.id === props.groupId)
  const students = [...(group?.students ?? [])].sort((a, b) => a.name.localeCompare(b.name))
  const holiday = holidayOn(date, props.lookups.holidays)
  const onDay = absences.filter((a) => a.date === date)
  const toggle = (studentId: string, name: string) =>
    runTask(
      { running: 'Updating the register…', done: `Register updated: ${name}`, local: true },
      () => writer.toggle({ studentId, groupId: props.groupId, date, lessonId: null }),
    )
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="register-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="register-title">
          Who is away
        </Title>
        <SegmentedControl
          aria-label="Day of the register"
          fullWidth
          size="sm"
          value={date}
          onChange={setDate}
          data={days.map((d) => ({ value: d.date, label: format(parseISO(d.date), 'EEEEEE d') }))}
        />
        {holiday ? (
          <Text size="sm" c="dimmed">
            Holiday: {holiday.description}. No register.
          </Text>
        ) : students.length === 0 ? (
          <Text size="sm" c="dimmed">
            No students are listed for this group.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Tap a child who is away all day; tap again to take it back.
            </Text>
            <Group gap="xs" data-testid="day-register">
              {students.map((st) => {
                const lessons = onDay.filter((a) => a.studentId === st.id && a.lessonId).length
                return (
                  <Chip
                    key={st.id}
                    checked={awayAllDay(absences, st.id, date)}
                    onChange={() => void toggle(st.id, st.name)}
                    color="red"
                  >
                    {st.name}
                    {lessons > 0 && ` (away ${lessons} ${lessons === 1 ? 'lesson' : 'lessons'})`}
                  </Chip>
                )
              })}
            </Group>
            {onDay
              .filter((a) => a.reportedBy === 'family' && a.groupId === props.groupId)
              .map((a) => (
                <Text key={a.id} size="sm">
                  <Badge size="sm" variant="light" mr={6}>
                    Family
                  </Badge>
                  {students.find((s) => s.id === a.studentId)?.name ?? 'A child'} will be away
                  {a.reason ? `: ${a.reason}` : ''}
                </Text>
              ))}
          </>
        )}
      </Stack>
    </Paper>
  )
}
