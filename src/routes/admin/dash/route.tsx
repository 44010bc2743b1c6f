import { createFileRoute, Outlet } from '@tanstack/react-router'
import { useMediaQuery } from '@mantine/hooks'
import { guard } from '../../../lib/guards'
import { adminNav, builtOnly, MOBILE_QUERY } from '../../../lib/navigation/model'
import { DashboardShell } from '../../../components/layouts/dashboard-shell'
import { builtScreens } from '../../../app/screens'

export const Route = createFileRoute('/admin/dash')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  beforeLoad: guard('auth-admin'),
  component: AdminDashLayout,
})

function AdminDashLayout() {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false
  return (
    <DashboardShell
      layout="admindash"
      title="Admin Dashboard"
      items={builtOnly(adminNav(), builtScreens)}
      isMobile={isMobile}
    >
      <Outlet />
    </DashboardShell>
  )
}
