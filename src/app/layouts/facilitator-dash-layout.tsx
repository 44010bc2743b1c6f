import { Outlet } from '@tanstack/react-router'
import { useMediaQuery } from '@mantine/hooks'
import { builtOnly, facilitatorNav, MOBILE_QUERY } from '../../lib/navigation/model'
import { useAuthMember } from '../../lib/auth/use-auth'
import { DashboardShell } from '../../components/layouts/dashboard-shell'
import { useBuiltScreens } from '../router-context'
import { AccountMenu } from './account-menu'
import { DatabaseProvider } from '../../db/provider'
import { SyncStatus } from '../../components/status/sync-status'

export function FacilitatorDashLayout({ hasTrials = false }: { hasTrials?: boolean }) {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false
  const member = useAuthMember()
  const built = useBuiltScreens()
  const items = builtOnly(
    facilitatorNav({
      isMobile,
      hasTrials,
      isFacilitatorAdmin: member?.isFacilitatorAdmin ?? false,
    }),
    built,
  )
  return (
    <DashboardShell
      layout="facilitatordash"
      title="Facilitator Dashboard"
      items={items}
      defaultPane={items[0]?.pane}
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
