import { Outlet } from '@tanstack/react-router'
import { useMediaQuery } from '@mantine/hooks'
import {
  administrationNav,
  administrationTitles,
  builtOnly,
  MOBILE_QUERY,
} from '../../lib/navigation/model'
import { DashboardShell } from '../../components/layouts/dashboard-shell'
import { useBuiltScreens } from '../router-context'
import { AccountMenu } from './account-menu'
import { DatabaseProvider } from '../../db/provider'
import { SyncStatus } from '../../components/status/sync-status'

export function AdministrationDashLayout() {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false
  const built = useBuiltScreens()
  return (
    <DashboardShell
      layout="administrationdash"
      title={administrationTitles.navigation}
      items={builtOnly(administrationNav({ isMobile }), built)}
      defaultPane="inquiries"
      isMobile={isMobile}
      headerExtra={
        <>
          <DatabaseProvider quiet>
            <SyncStatus />
          </DatabaseProvider>
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
