import { Link } from '@tanstack/react-router'
import { Button } from '@mantine/core'
import { adminNav } from '../../lib/navigation/model'
import { RoleDashLayout } from './role-dash-layout'

export function AdminDashLayout() {
  return (
    <RoleDashLayout
      layout="admindash"
      title="Admin Dashboard"
      items={() => adminNav()}
      extra={
        <Button component={Link} to="/admin/dash/settings" variant="subtle" size="compact-sm">
          Settings
        </Button>
      }
    />
  )
}
