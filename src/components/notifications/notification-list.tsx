import '@mantine/core/styles/Modal.css'
import { Badge, Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useRouter } from '@tanstack/react-router'
import type { Notifications } from '@/db/use-notifications'
import { centreFormat } from '@/lib/time/centre-format'
import { NARROW_QUERY } from '@/lib/navigation/model'
import { destinationOf, newestFirst, type NotificationItem } from './logic'

export interface NotificationListProps {
  notifications: Notifications
  onClose(): void
}

/**
 * The notifications list dialog (P02-P06): newest first and live from this device's copy;
 * opening one marks it read and goes to what it is about; 'Clear' removes the read ones.
 */
export default function NotificationList({ notifications, onClose }: NotificationListProps) {
  const router = useRouter()
  const narrow = useMediaQuery(NARROW_QUERY) ?? false
  const items = newestFirst(notifications.items)
  const hasRead = items.some((i) => !i.isNew)
  const openItem = async (item: NotificationItem) => {
    await notifications.markRead(item.id)
    const where = destinationOf(item)
    if (!where) return
    if (where.tab === 'new') {
      window.open(where.href, '_blank', 'noopener,noreferrer')
      return
    }
    onClose()
    await router.navigate({ href: where.href })
  }
  return (
    <Modal opened onClose={onClose} title="Notifications" fullScreen={narrow} size="md">
      <Stack gap="xs">
        {items.length === 0 ? (
          <Text c="dimmed">You have no notifications.</Text>
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Your notifications">
            {items.map((item) => (
              <li key={item.id}>
                <UnstyledButton
                  w="100%"
                  p="xs"
                  onClick={() => void openItem(item)}
                  aria-label={`${item.isNew ? 'New: ' : ''}${item.title}`}
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={item.isNew ? 700 : 400}>
                        {item.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {centreFormat(item.date, 'd MMM yyyy, HH:mm')}
                      </Text>
                    </Stack>
                    {item.isNew && (
                      <Badge size="sm" color="red" variant="light" style={{ flexShrink: 0 }}>
                        New
                      </Badge>
                    )}
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </ul>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={!hasRead}
            onClick={() => void notifications.clearRead()}
          >
            Clear read notifications
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
