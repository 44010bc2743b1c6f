import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Text } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { createFileRoute } from '@tanstack/react-router'
import { AdministrationWelcome } from '@/app/dashboard-welcome'
import { NotFoundHere } from '@/app/layouts/not-found-here'
import { useBuiltScreens } from '@/app/router-context'
import { paneSearch } from '@/app/pane-search'
import {
  PreAdmissionScreen,
  type WriteEmail,
} from '@/features/admissions/components/pre-admission-screen'
import { WebmailDialog } from '@/features/mailer/components/webmail-dialog'
import { sendWebmail, useSenders } from '@/features/mailer/hooks/use-webmail'
import { defaultSender } from '@/features/mailer/logic/webmail'
import { FamiliesPane } from '@/features/families/components/families-pane'
import type { ReminderMailer } from '@/features/fees/components/reminders-pane'

// The fee panes load when they are opened: the dashboard's first load carries Pre-Admission.
const PaymentsPane = lazy(() =>
  import('@/features/fees/components/payments-pane').then((m) => ({ default: m.PaymentsPane })),
)
const RemindersPane = lazy(() =>
  import('@/features/fees/components/reminders-pane').then((m) => ({ default: m.RemindersPane })),
)
const AccountingPane = lazy(() =>
  import('@/features/fees/components/accounting-pane').then((m) => ({
    default: m.AccountingPane,
  })),
)

// The Meetings list loads when it is opened.
const MeetingsPane = lazy(() => import('@/features/meetings/components/meetings-pane'))
// The Events list (field trips) loads when it is opened.
const EventsPane = lazy(() => import('@/features/events/components/events-pane'))

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

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Text c="dimmed">Opening the pane…</Text>}>{children}</Suspense>
}

function AdministrationPane() {
  const { pane } = Route.useSearch()
  const built = useBuiltScreens()
  // Panes not built yet are not in the menu; their address shows the 404 screen, as on every
  // dashboard. A dashboard without its default pane welcomes the person instead.
  if (pane === undefined || pane === 'inquiries')
    return built.has('administration.inquiries') ? <PreAdmission /> : <AdministrationWelcome />
  if (pane === 'archive') return <FamiliesPane pane="archive" />
  if (pane === 'payments')
    return (
      <Loading>
        <PaymentsPane />
      </Loading>
    )
  if (pane === 'reminders')
    return (
      <Loading>
        <Reminders />
      </Loading>
    )
  if (pane === 'meetings')
    return (
      <Loading>
        <MeetingsPane />
      </Loading>
    )
  if (pane === 'events')
    return built.has('administration.events') ? (
      <Loading>
        <EventsPane />
      </Loading>
    ) : (
      <NotFoundHere />
    )
  if (pane === 'accounting')
    return (
      <Loading>
        <AccountingPane />
      </Loading>
    )
  return <NotFoundHere />
}

// The mailer's template editor, for the admissions steps' texts; loaded when it is opened.
const TemplateEditor = lazy(() => import('@/features/mailer/components/template-editor'))
const editTemplates = () => (
  <Loading>
    <TemplateEditor />
  </Loading>
)

// The e-mail dialog of the mailer, begun from an inquiry (O01).
const writeEmail: WriteEmail = (draft, onDone) => <WebmailDialog draft={draft} onDone={onDone} />

function PreAdmission() {
  return <PreAdmissionScreen writeEmail={writeEmail} editTemplates={editTemplates} />
}

// Reminders go out through the mailer's webmail, from the signed-in member's own sender account.
function Reminders() {
  const { data, error, reload } = useSenders()
  const { online } = useNetwork()
  // Opened offline, the sender accounts are read once the connection is back.
  useEffect(() => {
    if (online) reload()
  }, [online, reload])
  const key = data ? defaultSender(data.senders, data.mine) : null
  const sender = data?.senders.find((s) => s.key === key) ?? null
  const mailer: ReminderMailer = {
    senderName: sender?.display_name ?? null,
    unavailable: error
      ? error
      : data && !data.may_send
        ? 'E-mail sending is turned off for your account. An admin can turn it on in Members.'
        : data && !sender
          ? 'No sender accounts are set up yet.'
          : null,
    send: async ({ recipients, subject, html, images }) => {
      if (!sender) return { ok: false, message: 'No sender accounts are set up yet.' }
      const answer = await sendWebmail({
        sender: sender.key,
        recipients,
        cc: [],
        subject,
        html_body: html,
        attachments: images,
        email_trigger: 'paymentReminder',
      })
      if (!answer.ok) return { ok: false, message: answer.message }
      return answer.data.type === 'success'
        ? { ok: true, message: answer.data.message }
        : { ok: false, message: answer.data.message }
    },
  }
  return <RemindersPane mailer={mailer} />
}
