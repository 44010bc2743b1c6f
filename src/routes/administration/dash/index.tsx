import { createFileRoute } from '@tanstack/react-router'
import { AdministrationWelcome } from '@/app/dashboard-welcome'
import { paneSearch } from '@/app/pane-search'

// The administration panes without routes of their own (B56) are in-page panes named by the
// `pane` search parameter; the default pane is Pre-Admission (inquiries).
export const Route = createFileRoute('/administration/dash/')({
  staticData: { guard: 'auth-administration', layout: 'administrationdash' },
  validateSearch: paneSearch([
    'inquiries',
    'reminders',
    'meetings',
    'events',
    'payments',
    'accounting',
    'archive',
  ] as const),
  // No pane screen is built yet: the dashboard's welcome says what can be done today.
  component: AdministrationWelcome,
})
