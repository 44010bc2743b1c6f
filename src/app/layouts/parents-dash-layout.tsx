import { Outlet } from '@tanstack/react-router'
import { useMediaQuery } from '@mantine/hooks'
import {
  builtOnly,
  MOBILE_QUERY,
  PARENTS_DEFAULT_PANE,
  parentsNav,
} from '../../lib/navigation/model'
import { DashboardShell } from '../../components/layouts/dashboard-shell'
import { useBuiltScreens } from '../router-context'
import { AccountMenu } from './account-menu'
import { DatabaseProvider } from '../../db/provider'
import { SyncStatus } from '../../components/status/sync-status'

export function ParentsDashLayout() {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false
  const built = useBuiltScreens()
  return (
    <DashboardShell
      layout="parentsdash"
      title="Parents"
      items={builtOnly(parentsNav(), built)}
      defaultPane={PARENTS_DEFAULT_PANE}
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
