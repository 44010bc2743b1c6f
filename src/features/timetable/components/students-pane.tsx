import './styles'
import { Card, SimpleGrid, Stack, Text, Title, Anchor } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useTimetableLookups } from '../hooks/use-lookups'

/** The Students pane: each group's students; a group opens its week, a student their lessons. */
export function StudentsPane({ weekKey }: { weekKey: string }) {
  const lookups = useTimetableLookups()
  if (!lookups) return <Text c="dimmed">Loading students…</Text>
  const groups = lookups.groups.filter((g) => g.status === 'active' && g.students.length > 0)
  return (
    <Stack>
      <Title order={1} size="h2">
        Students
      </Title>
      {groups.length === 0 && <Text c="dimmed">No students are listed in the groups yet.</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {groups.map((g) => (
          <Card key={g.id} withBorder>
            {/* The group's name opens its week: on a phone, where the menu has no Lessons or
                Groups, this is the way to the lesson editor. */}
            <Anchor
              component={Link}
              to="/facilitators/dash/groupDays"
              search={{ group: g.id, week: weekKey } as never}
              fw={600}
              mb={4}
              data-testid="group-week-link"
            >
              {g.name}
            </Anchor>
            <Stack gap={2}>
              {[...g.students]
                .sort((a, b) => a.name.localeCompare(b.name))
                .map((st) => (
                  <Anchor
                    key={st.id}
                    component={Link}
                    to="/facilitators/dash/students"
                    search={{ student: st.id, week: weekKey } as never}
                    size="sm"
                  >
                    {st.name}
                  </Anchor>
                ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
