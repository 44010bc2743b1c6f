import { Link, Outlet } from '@tanstack/react-router'
import { Button } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { adminNav, builtOnly, MOBILE_QUERY } from '../../lib/navigation/model'
import { DashboardShell } from '../../components/layouts/dashboard-shell'
import { useBuiltScreens } from '../router-context'
import { AccountMenu } from './account-menu'
import { DatabaseProvider } from '../../db/provider'
import { SyncStatus } from '../../components/status/sync-status'

export function AdminDashLayout() {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false
  const built = useBuiltScreens()
  return (
    <DashboardShell
      layout="admindash"
      title="Admin Dashboard"
      items={builtOnly(adminNav(), built)}
      isMobile={isMobile}
      headerExtra={
        <>
          <DatabaseProvider quiet>
            <SyncStatus />
          </DatabaseProvider>
          <Button component={Link} to="/admin/dash/settings" variant="subtle" size="compact-sm">
            Settings
          </Button>
          <AccountMenu />
        </>
      }
    >
      <DatabaseProvider>
        <Outlet />
      </DatabaseProvider>
    </DashboardShell>
  )
}
