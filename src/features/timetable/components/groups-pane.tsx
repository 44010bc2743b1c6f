import './styles'
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { notifications } from '@mantine/notifications'
import { useAuthMember } from '../../../lib/auth/use-auth'
import { useTimetableLookups } from '../hooks/use-lookups'
import { useTimetableWriter } from '../hooks/use-timetable-writer'

/** The Groups pane: every active group, opening its days page for the chosen week. */
export function GroupsPane({ weekKey }: { weekKey: string }) {
  const lookups = useTimetableLookups()
  const member = useAuthMember()
  const writer = useTimetableWriter()
  if (!lookups) return <Text c="dimmed">Loading groups…</Text>
  const groups = lookups.groups.filter((g) => g.status === 'active')
  const generate = async () => {
    const id = notifications.show({
      loading: true,
      message: 'Updating Calendar week...',
      autoClose: false,
    })
    try {
      const made = await writer.generateWeek(
        weekKey,
        groups.map((g) => g.id),
      )
      notifications.update({
        id,
        loading: false,
        color: 'green',
        title: 'Calendar week updated',
        message: `${made} ${made === 1 ? 'group has' : 'groups have'} this week's timetable now.`,
        autoClose: 2000,
      })
    } catch (error) {
      notifications.update({
        id,
        loading: false,
        color: 'red',
        message: (error as Error).message,
        autoClose: 3000,
      })
    }
  }
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Groups
        </Title>
        {member?.isFacilitatorAdmin && (
          <Button variant="light" onClick={generate}>
            Make this week's timetable
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {groups.map((g) => (
          <Card
            key={g.id}
            withBorder
            component={Link}
            to="/facilitators/dash/groupDays"
            search={{ group: g.id, week: weekKey } as never}
            data-testid="group-card"
          >
            <Text fw={600}>{g.name}</Text>
            <Text size="sm" c="dimmed">
              Timing set {g.timingSet} · {g.students.length}{' '}
              {g.students.length === 1 ? 'student' : 'students'}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
