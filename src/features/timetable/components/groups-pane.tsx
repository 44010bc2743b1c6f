import './styles'
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { runTask } from '@/components/feedback/task'
import { useAuthMember } from '@/lib/auth/use-auth'
import { useTimetableLookups } from '../hooks/use-lookups'
import { useTimetableWriter } from '../hooks/use-timetable-writer'
import { weekRangeLabel } from '../logic/week-label'

/** The Groups pane: every active group, opening its days page for the chosen week. */
export function GroupsPane({ weekKey }: { weekKey: string }) {
  const lookups = useTimetableLookups()
  const member = useAuthMember()
  const writer = useTimetableWriter()
  if (!lookups) return <Text c="dimmed">Loading groups…</Text>
  const groups = lookups.groups.filter((g) => g.status === 'active')
  const generate = () =>
    runTask(
      {
        running: 'Updating Calendar week...',
        local: true,
        done: (made: number) => ({
          title: 'Calendar week updated',
          message: `${made} ${made === 1 ? 'group has' : 'groups have'} a timetable for ${weekRangeLabel(weekKey)} now.`,
        }),
      },
      () =>
        writer.generateWeek(
          weekKey,
          groups.map((g) => g.id),
        ),
    )
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={1} size="h2">
            Groups
          </Title>
          <Text size="sm" data-testid="groups-week">
            Week {Number(weekKey.slice(5))} · {weekRangeLabel(weekKey)}
          </Text>
        </Stack>
        {member?.isFacilitatorAdmin && (
          <Stack gap={2} align="flex-end">
            <Button variant="light" onClick={generate}>
              Make timetables for {weekRangeLabel(weekKey).replace(/ \d{4}$/, '')}
            </Button>
            <Text size="xs">Groups below with no timetable for that week get their usual one.</Text>
          </Stack>
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
              {lookups.dayHours[g.timingSet] ?? 'No lesson times set'} · {g.students.length}{' '}
              {g.students.length === 1 ? 'student' : 'students'}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
