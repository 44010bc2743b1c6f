import { useState } from 'react'
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useAuthMember } from '@/lib/auth/use-auth'
import { centreFormat } from '@/lib/time/centre-format'
import { useMeetings, useMeetingWriter } from '../hooks/use-meetings'
import { nextMeeting, STATUS_LABELS } from '../logic/meetings'

/**
 * A parent's next meeting on Home (N11: one), with the answer they gave on WhatsApp or here, and
 * the two answers to change it. Nothing shows when no meeting is coming.
 */
export default function ParentsNextMeeting() {
  const member = useAuthMember()
  const view = useMeetings()
  const writer = useMeetingWriter()
  // Today in the centre's time, as the Home opened.
  const [today] = useState(() => centreFormat(Date.now(), 'yyyy-MM-dd'))
  if (!view || !member) return null
  const meeting = nextMeeting(view.meetings, today)
  if (!meeting) return null
  const mine = (view.participants[meeting.id] ?? []).find((p) => p.member_id === member.userId)
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Next parents’ meeting">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Parents’ meeting: {meeting.data.title}
        </Title>
        <Text size="sm">
          {meeting.data.date}, {meeting.data.startTime}–{meeting.data.endTime}
        </Text>
        {meeting.data.description && <Text size="sm">{meeting.data.description}</Text>}
        {mine && (
          <>
            <Text size="sm" data-testid="my-answer">
              Your answer:{' '}
              {mine.status === 'accepted' || mine.status === 'rejected' ? (
                <Badge color={mine.status === 'accepted' ? 'green' : 'red'} variant="light">
                  {STATUS_LABELS[mine.status]}
                </Badge>
              ) : (
                'not given yet'
              )}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant={mine.status === 'accepted' ? 'filled' : 'default'}
                aria-pressed={mine.status === 'accepted'}
                onClick={() => void writer.answer(mine.id, 'accepted')}
              >
                I’ll come
              </Button>
              <Button
                size="xs"
                variant={mine.status === 'rejected' ? 'filled' : 'default'}
                aria-pressed={mine.status === 'rejected'}
                onClick={() => void writer.answer(mine.id, 'rejected')}
              >
                I can’t come
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  )
}
