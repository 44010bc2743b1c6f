import { lazy, Suspense, type ReactNode } from 'react'
import { Outlet } from '@tanstack/react-router'
import { useMediaQuery } from '@mantine/hooks'
import { builtOnly, MOBILE_QUERY, type NavItem } from '@/lib/navigation/model'
import { DashboardShell } from './dashboard-shell'
import { SyncStatus } from '@/components/status/sync-status'
import { DatabaseProvider } from '@/db/provider'
import { useBuiltScreens } from '../router-context'
import { AccountMenu } from './account-menu'
import { DashboardSwitch } from './dashboard-switch'

// The bell and its list load after the dashboard shows: no dashboard's first load grows.
const NotificationBell = lazy(() => import('@/components/notifications/notification-bell'))

export interface RoleDashLayoutProps {
  layout: string
  title: string
  /** The dashboard's navigation model for this width; items without a built screen are dropped. */
  items(isMobile: boolean): NavItem[]
  /** The pane shown when the URL names none; the first item's when a function. */
  defaultPane?: string | ((items: NavItem[]) => string | undefined)
  /** Header links of this dashboard, before the account menu. */
  extra?: ReactNode
}

/**
 * What every dashboard shares: its side pane, the sync status and account menu in the header,
 * and the person's local database for the screens inside.
 */
export function RoleDashLayout({ layout, title, items, defaultPane, extra }: RoleDashLayoutProps) {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false
  const visible = builtOnly(items(isMobile), useBuiltScreens())
  return (
    <DashboardShell
      layout={layout}
      title={title}
      items={visible}
      defaultPane={typeof defaultPane === 'function' ? defaultPane(visible) : defaultPane}
      isMobile={isMobile}
      headerExtra={
        <>
          <DatabaseProvider quiet>
            <SyncStatus />
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          </DatabaseProvider>
          {extra}
          {(layout === 'parentsdash' || layout === 'facilitatordash') && (
            <DashboardSwitch current={layout === 'parentsdash' ? 'parents' : 'facilitators'} />
          )}
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
