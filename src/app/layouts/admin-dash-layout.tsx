import { Link } from '@tanstack/react-router'
import { ActionIcon, Button } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { adminNav, NARROW_QUERY } from '@/lib/navigation/model'
import { RoleDashLayout } from './role-dash-layout'

/** The centre settings link in the header: a word on wider screens, a gear on a phone. */
function SettingsLink() {
  const narrow = useMediaQuery(NARROW_QUERY) ?? false
  return narrow ? (
    <ActionIcon
      component={Link}
      to="/admin/dash/settings"
      variant="subtle"
      size="lg"
      aria-label="Settings"
      title="Settings"
    >
      <span aria-hidden="true" style={{ fontSize: 18, lineHeight: 1 }}>
        ⚙
      </span>
    </ActionIcon>
  ) : (
    <Button component={Link} to="/admin/dash/settings" variant="subtle" size="compact-sm">
      Settings
    </Button>
  )
}

export function AdminDashLayout() {
  return (
    <RoleDashLayout
      layout="admindash"
      title="Admin Dashboard"
      items={() => adminNav()}
      extra={<SettingsLink />}
    />
  )
}
