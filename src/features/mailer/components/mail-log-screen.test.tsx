import { describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'
import type { MailPage, MailRow } from '../logic/mail-log'

// The pane as an admin sees it, with the log's answer given here instead of read from a server:
// what the mail server answered for each address, when a queued e-mail is tried next, and the
// mail server problem that holds the queue.
const minutesFromNow = (n: number) => new Date(Date.now() + n * 60_000).toISOString()
const mail = (over: Partial<MailRow>): MailRow => ({
  id: 'm',
  recipients: ['parent@family.in'],
  cc: [],
  subject: 'Welcome',
  email_type: 'Admissions',
  email_trigger: null,
  status: 'sent',
  attempts: 1,
  last_error: null,
  created_at: '2026-11-26T09:00:00Z',
  sent_at: '2026-11-26T09:01:00Z',
  next_attempt_at: '2026-11-26T09:00:00Z',
  deliveries: {},
  attachment_count: 0,
  ...over,
})
let page: MailPage = {
  total: 3,
  pageSize: 15,
  serverProblem: 'The mail server refused the login (Invalid login: 535 Authentication failed).',
  rows: [
    mail({
      id: 'partly',
      subject: 'Admission letter',
      recipients: ['parent@family.in', 'office@oldschool.in'],
      last_error: 'office@oldschool.in: 550 No such user',
      deliveries: {
        'parent@family.in': { status: 'sent' },
        'office@oldschool.in': { status: 'refused', code: 550, reason: '550 No such user' },
      },
    }),
    mail({
      id: 'deferred',
      subject: 'Trial day',
      status: 'queued',
      attempts: 2,
      sent_at: null,
      last_error: '451 Greylisted',
      next_attempt_at: minutesFromNow(8.2),
    }),
    mail({
      id: 'history',
      subject: 'Fee receipt',
      attempts: 3,
      last_error: 'Server closed the connection: 421 Try again later',
    }),
  ],
}

vi.mock('../hooks/use-mail-log', () => ({
  useMailLog: () => ({ page, error: null, reload: () => {} }),
  useMailBody: () => ({ body: null, error: null }),
  retryMail: async () => ({ type: 'success', message: 'ok' }),
}))

describe('Node Mailer', () => {
  it('tells the truth about every address, the next try, and the mail server problem', async () => {
    setViewportWidth(1280)
    await renderApp({
      path: '/admin/dash/nodemailer',
      member: testMember({ role: 'admin', isSystemAdmin: true }),
    })
    expect(await screen.findByTestId('mail-server-problem')).toHaveTextContent(
      'Queued e-mails are not leavingThe mail server refused the login (Invalid login: 535 Authentication failed).',
    )
    const [partly, deferred, history] = screen.getAllByTestId('mail-row')
    expect(within(partly!).getByText('Partly sent')).toBeInTheDocument()
    expect(within(partly!).getByTestId('mail-undelivered')).toHaveTextContent(
      'Not delivered to office@oldschool.in: 550 No such user',
    )
    expect(within(deferred!).getByText('Queued')).toBeInTheDocument()
    expect(
      within(deferred!).getByText('Next try in 8 min (2 so far): 451 Greylisted'),
    ).toBeInTheDocument()
    expect(within(history!).getByText('Sent')).toBeInTheDocument()
    expect(
      within(history!).getByText(
        'Delivered to the mail server after 3 attempts; last error: Server closed the connection: 421 Try again later',
      ),
    ).toBeInTheDocument()
  })

  it('says that queued mail is not leaving when nothing tries it, and why', async () => {
    page = {
      total: 1,
      pageSize: 15,
      serverProblem: null,
      rows: [mail({ id: 'waiting', status: 'queued', attempts: 0, sent_at: null })],
      stalled: {
        count: 1,
        since: '2026-11-26T09:00:00Z',
        wakeUp: {
          mode: 'pg_net',
          configured: true,
          scheduled: true,
          lastCall: { at: '2026-11-26T09:06:00Z', status: 403, timedOut: false, error: null },
        },
      },
    }
    setViewportWidth(1280)
    await renderApp({
      path: '/admin/dash/nodemailer',
      member: testMember({ role: 'admin', isSystemAdmin: true }),
    })
    const alert = await screen.findByTestId('mail-stalled')
    expect(alert).toHaveTextContent('Queued e-mails are not leaving1 e-mail has waited more than 5')
    // 09:00 UTC is 14:30 at the centre, whatever zone the device (or the test run, TZ) is in.
    expect(alert).toHaveTextContent('(since 26 Nov 14:30)')
    expect(screen.getByTestId('mail-row')).toHaveTextContent('26 Nov 2026 14:30')
    expect(alert).toHaveTextContent(
      "The dispatcher refused the database's call (HTTP 403): the function secret OUTBOX_SECRET differs from Vault's outbox_secret.",
    )
    expect(screen.queryByTestId('mail-server-problem')).toBeNull()
  })

  it('tells the admin plainly that no mail server is set up, instead of a stalled queue', async () => {
    page = {
      total: 1,
      pageSize: 15,
      serverProblem: null,
      mailServer: false,
      rows: [mail({ id: 'waiting', status: 'queued', attempts: 0, sent_at: null })],
      stalled: { count: 1, since: '2026-11-26T09:00:00Z', wakeUp: { mode: 'notify' } },
    }
    setViewportWidth(1280)
    await renderApp({
      path: '/admin/dash/nodemailer',
      member: testMember({ role: 'admin', isSystemAdmin: true }),
    })
    const alert = await screen.findByTestId('no-mail-server')
    expect(alert).toHaveTextContent(
      'No mail server is set upNo mail server is set up, so no e-mail is sent: every e-mail waits in the queue',
    )
    expect(screen.queryByTestId('mail-stalled')).toBeNull()
  })
})
