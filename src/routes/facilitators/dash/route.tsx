import { createFileRoute, Outlet } from '@tanstack/react-router'
import { useMediaQuery } from '@mantine/hooks'
import { guard } from '../../../lib/guards'
import { builtOnly, facilitatorNav, MOBILE_QUERY } from '../../../lib/navigation/model'
import { useAuthMember } from '../../../lib/auth/use-auth'
import { DashboardShell } from '../../../components/layouts/dashboard-shell'
import { builtScreens } from '../../../app/screens'

export const Route = createFileRoute('/facilitators/dash')({
  staticData: { guard: 'auth-facilitator', layout: 'facilitatordash' },
  beforeLoad: guard('auth-facilitator'),
  component: FacilitatorDashLayout,
})

function FacilitatorDashLayout() {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false
  const member = useAuthMember()
  const items = facilitatorNav({
    isMobile,
    hasTrials: false,
    isFacilitatorAdmin: member?.isFacilitatorAdmin ?? false,
  })
  const visible = builtOnly(items, builtScreens)
  return (
    <DashboardShell
      layout="facilitatordash"
      title="Facilitator Dashboard"
      items={visible}
      defaultPane={visible[0]?.pane}
      isMobile={isMobile}
    >
      <Outlet />
    </DashboardShell>
  )
}
