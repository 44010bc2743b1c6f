import { createFileRoute, Outlet } from '@tanstack/react-router'
import { useMediaQuery } from '@mantine/hooks'
import { guard } from '../../../lib/guards'
import {
  builtOnly,
  MOBILE_QUERY,
  PARENTS_DEFAULT_PANE,
  parentsNav,
} from '../../../lib/navigation/model'
import { DashboardShell } from '../../../components/layouts/dashboard-shell'
import { builtScreens } from '../../../app/screens'

export const Route = createFileRoute('/parents/dash')({
  staticData: { guard: 'auth-parents', layout: 'parentsdash' },
  beforeLoad: guard('auth-parents'),
  component: ParentsDashLayout,
})

function ParentsDashLayout() {
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false
  return (
    <DashboardShell
      layout="parentsdash"
      title="Parents"
      items={builtOnly(parentsNav(), builtScreens)}
      defaultPane={PARENTS_DEFAULT_PANE}
      isMobile={isMobile}
    >
      <Outlet />
    </DashboardShell>
  )
}
