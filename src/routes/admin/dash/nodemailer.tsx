import { createFileRoute } from '@tanstack/react-router'
import { MailLogScreen } from '@/features/mailer/components/mail-log-screen'

export const Route = createFileRoute('/admin/dash/nodemailer')({
  staticData: { guard: 'auth-admin', layout: 'admindash' },
  component: MailLogScreen,
})
