import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { format, parseISO } from 'date-fns'
import { weekKeyOf } from '@/lib/time/week'
import { useTrialFamilies, type TrialChild } from '../hooks/use-trials'

const day = (iso: string) => format(parseISO(iso), 'EEE d MMM yyyy')

function TrialChildCard({ child }: { child: TrialChild }) {
  const week = weekKeyOf(child.trialStart)
  return (
    <Card withBorder p="sm" data-testid="trial-child">
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{child.childName ?? 'A child'}</Text>
        <Badge variant="light">{child.groupName}</Badge>
      </Group>
      <Text size="sm">
        Trial days: {day(child.trialStart)} – {day(child.trialEnd)}
      </Text>
      <Anchor
        component={Link}
        to="/facilitators/dash/groupDays"
        search={{ group: child.groupId, week } as never}
        size="sm"
      >
        {child.groupName}'s week of {format(parseISO(child.trialStart), 'd MMM')}
      </Anchor>
      {child.note ? (
        <Stack gap={2} mt="xs">
          <Text size="sm" fw={600}>
            The office's note
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {child.note.text}
          </Text>
          {child.note.edited && (
            <Text size="xs" c="dimmed">
              {child.note.editedBy ? `${child.note.editedBy}, ` : ''}
              {day(child.note.edited.slice(0, 10))}
            </Text>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" mt="xs">
          The office has shared no note.
        </Text>
      )}
    </Card>
  )
}

/**
 * The Trials pane (L07): the families whose children come for trial days to a group this
 * facilitator teaches, newest submission first, each child with the group, the days, a link to
 * the group's week and the note the office shared.
 */
export default function TrialsPane() {
  const families = useTrialFamilies()
  if (!families) return <Text c="dimmed">Loading trials…</Text>
  return (
    <Stack>
      <Title order={1} size="h2">
        Trials
      </Title>
      {families.length === 0 && (
        <Text c="dimmed">No child is coming for trial days to your groups.</Text>
      )}
      {families.map((f) => (
        <Stack
          key={f.inquiryId}
          gap="xs"
          component="section"
          aria-labelledby={`trial-${f.inquiryId}`}
          data-testid="trial-family"
        >
          <Title order={2} size="h4" id={`trial-${f.inquiryId}`}>
            {f.familyName} family
          </Title>
          <Text size="xs" c="dimmed">
            Inquiry submitted {day(f.submitted.slice(0, 10))}
          </Text>
          {f.children.map((c) => (
            <TrialChildCard key={c.id} child={c} />
          ))}
        </Stack>
      ))}
    </Stack>
  )
}
