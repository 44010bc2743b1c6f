import { createFileRoute } from '@tanstack/react-router'
import { FacilitatorsScreen } from '@/features/accounts/components/facilitators/facilitators-screen'

export const Route = createFileRoute('/admin/dash/facilitators')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  component: FacilitatorsScreen,
})
