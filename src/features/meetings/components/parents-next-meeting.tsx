import { useState } from 'react'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useAuthMember } from '@/lib/auth/use-auth'
import { useMeetings, useMeetingWriter } from '../hooks/use-meetings'
import { meetingDay, myInvitation, nextMeeting, STATUS_LABELS } from '../logic/meetings'
import { dayText } from '@/lib/time/centre-format'

/**
 * A parent's next meeting on Home (N11: one), with the answer they gave on WhatsApp or here, and
 * the two answers to change it, offline too. Nothing shows when no meeting is coming.
 */
export default function ParentsNextMeeting() {
  const member = useAuthMember()
  const view = useMeetings()
  const writer = useMeetingWriter()
  // Today in the centre's time, as the Home opened.
  const [today] = useState(() => meetingDay(new Date()))
  if (!view || !member) return null
  const meeting = nextMeeting(view.meetings, today)
  if (!meeting) return null
  const mine = myInvitation(view.participants[meeting.id] ?? [], member.userId)
  const answered = mine?.status === 'accepted' || mine?.status === 'rejected'
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="home-meeting">
      <Stack gap="xs">
        <Title order={2} size="h4" id="home-meeting">
          Parents’ meeting: {meeting.data.title}
        </Title>
        <Text size="sm">
          {dayText(meeting.data.date)}, {meeting.data.startTime}–{meeting.data.endTime}
        </Text>
        {meeting.data.description && <Text size="sm">{meeting.data.description}</Text>}
        {mine && (
          <>
            <Text size="sm" data-testid="my-answer">
              Your answer:{' '}
              <Text span inherit fw={700}>
                {answered ? STATUS_LABELS[mine.status] : 'not given yet'}
              </Text>
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
