import { useState } from 'react'
import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import { useMeetings, useMeetingWriter } from '../hooks/use-meetings'
import {
  attendanceCounts,
  deliveryLabel,
  meetingsInOrder,
  STATUS_LABELS,
  type MeetingRow,
  type ParticipantRow,
} from '../logic/meetings'
import { MeetingDialog } from './meeting-dialog'
import { dayText } from '@/lib/time/centre-format'

/**
 * The Meetings list (N01, N04): every parents' meeting, newest first, with its status, the
 * attendance counts as answers arrive, and each guardian's invitation and answer.
 */
export function MeetingsPane() {
  const view = useMeetings()
  const [creating, setCreating] = useState(false)
  return (
    <Stack gap="md" data-testid="meetings-pane">
      <Group justify="space-between">
        <Title order={1}>Meetings</Title>
        <Button onClick={() => setCreating(true)}>New meeting</Button>
      </Group>
      {view && view.meetings.length === 0 && <Text c="dimmed">No parents’ meetings yet.</Text>}
      {view &&
        meetingsInOrder(view.meetings).map((m) => (
          <MeetingCard key={m.id} meeting={m} participants={view.participants[m.id] ?? []} />
        ))}
      <MeetingDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  )
}

export default MeetingsPane

function MeetingCard({
  meeting,
  participants,
}: {
  meeting: MeetingRow
  participants: ParticipantRow[]
}) {
  const writer = useMeetingWriter()
  const counts = attendanceCounts(participants)
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={meeting.data.title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {meeting.data.title}
          </Title>
          <Text fw={700} size="sm">
            {STATUS_LABELS[meeting.status]}
          </Text>
        </Group>
        <Text size="sm">
          {dayText(meeting.data.date)}, {meeting.data.startTime}–{meeting.data.endTime}
        </Text>
        {meeting.data.description && <Text size="sm">{meeting.data.description}</Text>}
        <Text size="sm" fw={600} data-testid="attendance">
          Accepted {counts.accepted} · Declined {counts.declined} · Pending {counts.pending}
        </Text>
        {participants.length === 0 && meeting.status === 'pending' && (
          <Text size="sm" c="dimmed">
            The invitations go out once this meeting reaches the server.
          </Text>
        )}
        <List size="sm" spacing={4}>
          {participants.map((p) => (
            <List.Item key={p.id} data-testid="participant">
              <Text span fw={600} size="sm">
                {p.data.name}
              </Text>{' '}
              <Text span size="sm" fw={700}>
                ({STATUS_LABELS[p.status]})
              </Text>{' '}
              <Text span size="sm">
                {deliveryLabel(p)}
              </Text>
            </List.Item>
          ))}
        </List>
        {meeting.status !== 'archived' && (
          <Group justify="flex-end">
            <Button variant="default" size="xs" onClick={() => void writer.archive(meeting.id)}>
              Archive
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  )
}
