import { Fragment, useMemo, useState } from 'react'
import { Badge, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { useOfficeData } from '../hooks/use-office-families'
import { activeStudents, STUDENT_STATUS_LABELS, type StudentListEntry } from '../logic/office'

const today = () => new Date().toISOString().slice(0, 10)

/** Administration's Students pane (I13, I14): the students on the roll, by group, then name. */
export function StudentsPane() {
  const data = useOfficeData()
  const [search, setSearch] = useState('')
  const list = useMemo(() => {
    if (!data) return []
    const words = search.trim().toLowerCase()
    return activeStudents(data.students, data.families, data.groups, today()).filter(
      (s) => !words || `${s.name}\n${s.familyName}\n${s.groupName}`.toLowerCase().includes(words),
    )
  }, [data, search])
  const byGroup = useMemo(() => {
    const groups: { name: string; students: StudentListEntry[] }[] = []
    for (const s of list) {
      const last = groups[groups.length - 1]
      if (last && last.name === s.groupName) last.students.push(s)
      else groups.push({ name: s.groupName, students: [s] })
    }
    return groups
  }, [list])
  return (
    <Stack gap="md" data-testid="students-pane">
      <Title order={1}>Students</Title>
      <TextInput
        label="Search"
        placeholder="Student, family or group"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      {data === null ? (
        <Text c="dimmed">Opening the students on this device…</Text>
      ) : list.length === 0 ? (
        <Text c="dimmed">
          {search.trim() ? 'No student matches this search.' : 'No students are enrolled yet.'}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {list.length === 1 ? '1 student' : `${list.length} students`} on the roll
        </Text>
      )}
      {byGroup.map((group, i) => (
        <Fragment key={group.name}>
          <Title order={2} size="h4" id={`students-group-${i}`}>
            {group.name} ({group.students.length})
          </Title>
          <Stack gap={6} role="list" aria-labelledby={`students-group-${i}`}>
            {group.students.map((s) => (
              <Paper
                withBorder
                radius="sm"
                p="xs"
                role="listitem"
                key={s.id}
                data-testid="student-row"
              >
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div>
                    <Text fw={600}>{s.name}</Text>
                    <Text size="sm" c="dimmed">
                      {s.familyName ? `${s.familyName} family` : 'Family not on this device'}
                      {s.age !== null ? ` · ${s.age} years` : ''}
                    </Text>
                  </div>
                  {s.status === 'trial' && (
                    <Badge variant="light" color="orange">
                      {STUDENT_STATUS_LABELS.trial}
                    </Badge>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        </Fragment>
      ))}
    </Stack>
  )
}
