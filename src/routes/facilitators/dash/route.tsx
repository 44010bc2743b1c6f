import { createFileRoute } from '@tanstack/react-router'
import { guard } from '@/lib/guards'
import { FacilitatorDashLayout } from '@/app/layouts/facilitator-dash-layout'

export const Route = createFileRoute('/facilitators/dash')({
  staticData: { guard: 'auth-facilitator', layout: 'facilitatordash' },
  beforeLoad: guard('auth-facilitator'),
  component: FacilitatorDashLayout,
})
