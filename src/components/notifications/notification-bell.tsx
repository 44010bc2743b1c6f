import '@mantine/core/styles/Indicator.css'
import { lazy, Suspense, useState } from 'react'
import { ActionIcon, Indicator } from '@mantine/core'
import { useNotifications } from '@/db/use-notifications'
import { badgeText } from './logic'

// The list loads when first opened, not with every dashboard.
const loadList = () => import('./notification-list')
const NotificationList = lazy(loadList)

/**
 * The header's bell (loaded after the dashboard shows, so no first load grows): the count of new notifications, and the list behind it (P01-P07).
 */
export default function NotificationBell() {
  const notifications = useNotifications()
  const [opened, setOpened] = useState(false)
  const count = badgeText(notifications.newCount)
  return (
    <>
      <Indicator
        label={count}
        disabled={!count}
        size={16}
        color="red"
        offset={4}
        data-testid="notification-count"
      >
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={count ? `Notifications: ${count} new` : 'Notifications'}
          onPointerEnter={() => void loadList()}
          onFocus={() => void loadList()}
          onClick={() => setOpened(true)}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none">
            <path
              d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Zm4 3a2 2 0 0 0 4 0"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
        </ActionIcon>
      </Indicator>
      {opened && (
        <Suspense fallback={null}>
          <NotificationList notifications={notifications} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  )
}
