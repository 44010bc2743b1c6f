// The local host's e-mail dispatcher: it runs the `outbox` function whenever e-mail is queued and
// every 30 s for retries that have come due (dispatcher.ts). Without SMTP_URL it sends nothing and
// the messages stay queued and visible. When the mail server refuses the login or cannot be
// reached, the function answers 503 (the admins have one system error about it) and the mail
// waits, no attempt counted, for the next wake.
import type { HostDeps } from './deps.ts'
import { startDispatcher, type Dispatcher } from './dispatcher.ts'

const POLL_MS = 30_000

export function startMailer(
  deps: HostDeps & { smtpUrl?: string; mailFrom?: string; pollMs?: number },
): Dispatcher {
  const smtpUrl = deps.smtpUrl
  const mailFrom = deps.mailFrom ?? process.env.MAIL_FROM
  // The admins' Node Mailer pane and counts say plainly whether a mail server is set up.
  const noted = deps.db
    .query('select public.outbox_note_transport($1)', [Boolean(smtpUrl)])
    .then(() => undefined)
    .catch((error: unknown) =>
      console.error('[mail] could not note whether a mail server is set up:', error),
    )
  if (!smtpUrl) {
    console.log('[mail] SMTP_URL is not set: e-mails stay queued in public.email_outbox')
    return { ready: noted, close: async () => {} }
  }
  const dispatcher = startDispatcher(deps, {
    name: 'outbox',
    tag: '[mail]',
    channel: 'email_outbox',
    what: 'queued e-mail',
    pollMs: deps.pollMs ?? POLL_MS,
    env: { SMTP_URL: smtpUrl, ...(mailFrom ? { MAIL_FROM: mailFrom } : {}) },
    load: () => import('../functions/outbox/handler.ts'),
  })
  return { ...dispatcher, ready: Promise.all([dispatcher.ready, noted]).then(() => undefined) }
}
