import { createFileRoute } from '@tanstack/react-router'
import { AdministrationWelcome } from '@/app/dashboard-welcome'

export const Route = createFileRoute('/administration/dash/families')({
  staticData: { guard: 'auth-administration', layout: 'administrationdash' },
  // Not built yet: the dashboard's welcome, and no menu item leads here.
  component: AdministrationWelcome,
})
