import { createFileRoute } from '@tanstack/react-router'
import { guard } from '@/lib/guards'
import { ParentsDashLayout } from '@/app/layouts/parents-dash-layout'

export const Route = createFileRoute('/parents/dash')({
  staticData: { guard: 'auth-parents', layout: 'parentsdash' },
  beforeLoad: guard('auth-parents'),
  component: ParentsDashLayout,
})
