// The notifications container with its styles: both load behind the page, so a first visit
// does not download styles for notifications that are not showing.
import '@mantine/core/styles/Notification.css'
import '@mantine/notifications/styles.css'
import './notifications-container.css'

export { Notifications } from '@mantine/notifications'
