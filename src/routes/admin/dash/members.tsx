import { createFileRoute } from '@tanstack/react-router'
import { requireScreen } from '../../../app/screens'

export const Route = createFileRoute('/admin/dash/members')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  beforeLoad: requireScreen('admin.members'),
})
