import { useState } from 'react'
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core'
import { notifyResult } from '@/components/feedback/notify-result'
import { centreFormat } from '@/lib/time/centre-format'
import { clearMemberNotifications, useMemberNotificationList } from '../hooks/use-members'

/** The notifications a member has, newest first, and the admin's "clear" (F28). */
export function MemberNotificationList({ member }: { member: string }) {
  const { list, error, reload } = useMemberNotificationList(member)
  const [busy, setBusy] = useState(false)
  if (error) return <Alert color={navigator.onLine ? 'red' : 'yellow'}>{error}</Alert>
  if (!list) return <Text c="dimmed">Loading…</Text>
  const clear = async () => {
    setBusy(true)
    const result = await clearMemberNotifications(member)
    setBusy(false)
    if (notifyResult(result)) reload()
  }
  return (
    <Stack gap="xs" component="section" aria-label="Their notifications">
      <Text fw={600} size="sm">
        Their notifications ({list.total})
      </Text>
      {list.total === 0 && (
        <Text size="sm" c="dimmed">
          This member has no notifications.
        </Text>
      )}
      {list.items.map((n) => (
        <Group
          key={n.id}
          gap="xs"
          wrap="nowrap"
          align="flex-start"
          data-testid="member-notification"
        >
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm">{n.title}</Text>
            <Text size="xs" c="dimmed">
              {centreFormat(n.date, 'd MMM yyyy HH:mm')}
            </Text>
          </Stack>
          {n.isNew && (
            <Badge size="sm" variant="light">
              New
            </Badge>
          )}
        </Group>
      ))}
      {list.total > list.items.length && (
        <Text size="xs" c="dimmed">
          The newest {list.items.length} of {list.total} are shown.
        </Text>
      )}
      {list.total > 0 && (
        <Button
          variant="light"
          color="red"
          loading={busy}
          onClick={() => void clear()}
          style={{ alignSelf: 'flex-start' }}
        >
          Clear their notifications
        </Button>
      )}
    </Stack>
  )
}
