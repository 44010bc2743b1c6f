import { createFileRoute } from '@tanstack/react-router'
import { ParentsWelcome } from '@/app/dashboard-welcome'
import { paneSearch } from '@/app/pane-search'

export const Route = createFileRoute('/parents/dash/')({
  staticData: { guard: 'auth-parents', layout: 'parentsdash' },
  validateSearch: paneSearch(['home', 'payments', 'feedback', 'profile'] as const),
  // No pane screen is built yet: the dashboard's welcome says what can be done today.
  component: ParentsWelcome,
})
