import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/Switch.css'
import { useState } from 'react'
import { Alert, Divider, Modal, Stack, Switch, Text } from '@mantine/core'
import { notifyResult } from '@/components/feedback/notify-result'
import {
  setMemberNotifications,
  useMemberNotifications,
  type NotificationAudience,
} from '../hooks/use-members'
import { MemberNotificationList } from './member-notification-list'

const AUDIENCES: { audience: NotificationAudience; label: string }[] = [
  { audience: 'facilitator', label: 'As a facilitator' },
  { audience: 'administration', label: 'As administration' },
  { audience: 'parents', label: 'As a parent' },
  { audience: 'students', label: 'As a student' },
]

function Switches({ member }: { member: string }) {
  const { switches, error, reload } = useMemberNotifications(member)
  const [busy, setBusy] = useState<NotificationAudience | null>(null)
  if (error) return <Alert color={navigator.onLine ? 'red' : 'yellow'}>{error}</Alert>
  if (!switches) return <Text c="dimmed">Loading…</Text>
  const change = async (audience: NotificationAudience, enabled: boolean) => {
    setBusy(audience)
    const result = await setMemberNotifications(member, audience, enabled)
    setBusy(null)
    if (notifyResult(result)) reload()
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The notifications this member receives in the app, for each part they play.
      </Text>
      {AUDIENCES.map(({ audience, label }) => (
        <Switch
          key={audience}
          label={label}
          checked={switches[audience]}
          disabled={busy !== null}
          onChange={(e) => void change(audience, e.currentTarget.checked)}
        />
      ))}
    </Stack>
  )
}

/**
 * The member notifications dialog: an admin turns each audience on or off for one member, and
 * sees and clears the notifications the member has (F28).
 */
export default function MemberNotificationsDialog({
  member,
  onClose,
}: {
  member: { id: string; name: string }
  onClose(): void
}) {
  return (
    <Modal opened onClose={onClose} title={`Notifications of ${member.name}`}>
      <Stack gap="md">
        <Switches member={member.id} />
        <Divider />
        <MemberNotificationList member={member.id} />
      </Stack>
    </Modal>
  )
}
