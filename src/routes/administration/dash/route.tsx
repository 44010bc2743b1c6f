import { createFileRoute, Outlet } from '@tanstack/react-router'
import { useMediaQuery } from '@mantine/hooks'
import { guard } from '../../../lib/guards'
import {
  administrationNav,
  administrationTitles,
  builtOnly,
  MOBILE_QUERY,
} from '../../../lib/navigation/model'
import { DashboardShell } from '../../../components/layouts/dashboard-shell'
import { builtScreens } from '../../../app/screens'

export const Route = createFileRoute('/administration/dash')({
  staticData: { guard: 'auth-administration', layout: 'administrationdash' },
  beforeLoad: guard('auth-administration'),
  component: AdministrationDashLayout,
})

function AdministrationDashLayout() {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false
  return (
    <DashboardShell
      layout="administrationdash"
      title={administrationTitles.navigation}
      items={builtOnly(administrationNav({ isMobile }), builtScreens)}
      defaultPane="inquiries"
      isMobile={isMobile}
    >
      <Outlet />
    </DashboardShell>
  )
}
