import { createFileRoute } from '@tanstack/react-router'
import { guard } from '@/lib/guards'
import { AdministrationDashLayout } from '@/app/layouts/administration-dash-layout'

export const Route = createFileRoute('/administration/dash')({
  staticData: { guard: 'auth-administration', layout: 'administrationdash' },
  beforeLoad: guard('auth-administration'),
  component: AdministrationDashLayout,
})
