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
  if (!smtpUrl) {
    console.log('[mail] SMTP_URL is not set: e-mails stay queued in public.email_outbox')
    return { ready: Promise.resolve(), close: async () => {} }
  }
  return startDispatcher(deps, {
    name: 'outbox',
    tag: '[mail]',
    channel: 'email_outbox',
    what: 'queued e-mail',
    pollMs: deps.pollMs ?? POLL_MS,
    env: { SMTP_URL: smtpUrl, ...(mailFrom ? { MAIL_FROM: mailFrom } : {}) },
    load: () => import('../functions/outbox/handler.ts'),
  })
}
