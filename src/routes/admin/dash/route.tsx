import { createFileRoute } from '@tanstack/react-router'
import { guard } from '@/lib/guards'
import { AdminDashLayout } from '@/app/layouts/admin-dash-layout'

export const Route = createFileRoute('/admin/dash')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  beforeLoad: guard('auth-admin'),
  component: AdminDashLayout,
})
