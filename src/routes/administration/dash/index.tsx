import { createFileRoute } from '@tanstack/react-router'
import { AdministrationWelcome } from '@/app/dashboard-welcome'
import { paneSearch } from '@/app/pane-search'
import {
  PreAdmissionScreen,
  type WriteEmail,
} from '@/features/admissions/components/pre-admission-screen'
import { WebmailDialog } from '@/features/mailer/components/webmail-dialog'
import { FamiliesPane } from '@/features/families/components/families-pane'

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
  component: AdministrationPane,
})

function AdministrationPane() {
  const { pane } = Route.useSearch()
  // Panes not built yet are not in the menu; their address shows the dashboard's welcome.
  if (pane === undefined || pane === 'inquiries') return <PreAdmission />
  if (pane === 'archive') return <FamiliesPane pane="archive" />
  return <AdministrationWelcome />
}

// The e-mail dialog of the mailer, begun from an inquiry (O01).
const writeEmail: WriteEmail = (draft, onDone) => <WebmailDialog draft={draft} onDone={onDone} />

function PreAdmission() {
  return <PreAdmissionScreen writeEmail={writeEmail} />
}
