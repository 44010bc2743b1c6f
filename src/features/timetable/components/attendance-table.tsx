import { useState } from 'react'
import { Box, Group, Select, Stack, Table, Text } from '@mantine/core'
import { termOf, type TermNumber } from '@/lib/time/academic-year'
import { BarChart, type BarSeries } from '@/components/charts/bar-chart'
import { attendance, groupAttendance, schoolDaysHeld, type AbsenceRecord } from '../logic/absences'
import type { TimetableLookups } from '../hooks/use-lookups'
import { todayAtCentre } from '../hooks/use-timetable-writer'

const PRESENT: readonly BarSeries[] = [{ label: 'Present', color: 'teal', pattern: 'solid' }]

/** Per group and term, each child's school days away, lessons missed and attendance (L10). */
export function AttendanceTable(props: { lookups: TimetableLookups; absences: AbsenceRecord[] }) {
  const today = todayAtCentre()
  const current = termOf(today)
  const groups = props.lookups.groups.filter((g) => g.status === 'active')
  const [groupId, setGroupId] = useState<string | null>(groups[0]?.id ?? null)
  const [term, setTerm] = useState<string>(String(current.term))
  const group = groups.find((g) => g.id === groupId)
  const days = schoolDaysHeld(
    current.year,
    Number(term) as TermNumber,
    today,
    props.lookups.holidays,
  )
  const rows = group
    ? attendance(
        [...group.students].sort((a, b) => a.name.localeCompare(b.name)),
        props.absences.filter((a) => a.groupId === group.id),
        days,
      )
    : []
  const byGroup = groupAttendance(groups, props.absences, days)
  return (
    <Stack gap="xs">
      {byGroup.length > 0 && (
        <BarChart
          testId="chart-group-attendance"
          title={`Attendance by group, Term ${term} (${current.year})`}
          description="The school days each group's children came, out of those held so far. A group's bar opens its children below."
          series={PRESENT}
          format={(v) => `${v}% present`}
          empty=""
          rows={byGroup.map((g) => ({
            key: g.groupId,
            label: `${g.name} · ${g.children === 1 ? '1 child' : `${g.children} children`}, ${g.daysAway === 1 ? '1 day' : `${g.daysAway} days`} away`,
            values: [g.percent],
            onOpen: () => setGroupId(g.groupId),
          }))}
        />
      )}
      <Group grow>
        <Select
          label="Group"
          data={groups.map((g) => ({ value: g.id, label: g.name }))}
          value={groupId}
          onChange={setGroupId}
          allowDeselect={false}
        />
        <Select
          label={`Term (${current.year})`}
          data={[1, 2, 3].map((t) => ({ value: String(t), label: `Term ${t}` }))}
          value={term}
          onChange={(v) => v && setTerm(v)}
          allowDeselect={false}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {days.length === 0
          ? 'No school days of this term have been held yet.'
          : `${days.length} school days held so far.`}
      </Text>
      {rows.length > 0 && days.length > 0 && (
        // Scrolls sideways on a narrow phone; focusable so the keyboard can scroll it too.
        <Box
          tabIndex={0}
          role="region"
          aria-label="Attendance by student"
          style={{ overflowX: 'auto' }}
        >
          <Table data-testid="attendance" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Student</Table.Th>
                <Table.Th>Days away</Table.Th>
                <Table.Th>Lessons away</Table.Th>
                <Table.Th>Present</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.studentId}>
                  <Table.Td>{r.name}</Table.Td>
                  <Table.Td>{r.daysAway}</Table.Td>
                  <Table.Td>{r.lessonsMissed}</Table.Td>
                  <Table.Td>{r.percent === null ? '–' : `${r.percent}%`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Stack>
  )
}
