import { createFileRoute } from '@tanstack/react-router'
import { PreAdmissionScreen } from '@/features/admissions/components/pre-admission-screen'

export const Route = createFileRoute('/administration/dash/inquiries')({
  staticData: { guard: 'auth-administration', layout: 'administrationdash' },
  component: PreAdmissionScreen,
})
