import { createFileRoute } from '@tanstack/react-router'
import {
  PreAdmissionScreen,
  type WriteEmail,
} from '@/features/admissions/components/pre-admission-screen'
import { WebmailDialog } from '@/features/mailer/components/webmail-dialog'

export const Route = createFileRoute('/administration/dash/inquiries')({
  staticData: { guard: 'auth-administration', layout: 'administrationdash' },
  component: PreAdmission,
})

// The e-mail dialog of the mailer, begun from an inquiry (O01).
const writeEmail: WriteEmail = (draft, onDone) => <WebmailDialog draft={draft} onDone={onDone} />

function PreAdmission() {
  return <PreAdmissionScreen writeEmail={writeEmail} />
}
