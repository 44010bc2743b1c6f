// The local host's WhatsApp dispatcher: it runs the `whatsapp` function whenever a message is
// queued and every 15 s for retries and rate-limit waits that have come due (dispatcher.ts).
// Without WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID it sends nothing and the messages stay
// queued, as mail does without SMTP_URL.
import type { HostDeps } from './deps.ts'
import { startDispatcher, type Dispatcher } from './dispatcher.ts'
import { whatsappEnv, type WhatsAppSettings } from './functions.ts'

const POLL_MS = 15_000

export function startWhatsAppSender(
  deps: HostDeps & { whatsapp?: WhatsAppSettings; pollMs?: number },
): Dispatcher {
  const settings = deps.whatsapp
  if (!settings?.token || !settings.phoneNumberId) {
    console.log(
      '[whatsapp] WHATSAPP_TOKEN is not set: messages stay queued in public.whatsapp_outbox',
    )
    return { ready: Promise.resolve(), close: async () => {} }
  }
  return startDispatcher(deps, {
    name: 'whatsapp',
    tag: '[whatsapp]',
    channel: 'whatsapp_outbox',
    what: 'queued messages',
    pollMs: deps.pollMs ?? POLL_MS,
    env: {
      ...whatsappEnv(settings),
      ...(deps.limits.factor !== 1 ? { RATE_LIMIT_FACTOR: String(deps.limits.factor) } : {}),
    },
    load: () => import('../functions/whatsapp/handler.ts'),
  })
}
