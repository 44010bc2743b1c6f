// The local host's stand-in for what starts the `whatsapp` function on Supabase (pg_net on insert,
// pg_cron every minute): it LISTENs for queued WhatsApp messages, also wakes every 15 s for
// retries and rate-limit waits that have come due, and runs the function's handler, one dispatch
// at a time. Without WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID it sends nothing and the
// messages stay queued, as mail does without SMTP_URL.
import type { FunctionEnv } from '../functions/_shared/env.ts'
import type { HostDeps } from './deps.ts'
import { provideEdgeGlobals } from './edge-runtime.ts'
import { whatsappEnv, type WhatsAppSettings } from './functions.ts'

const POLL_MS = 15_000

type Handler = (req: Request) => Promise<Response>

export function startWhatsAppSender(
  deps: HostDeps & { whatsapp?: WhatsAppSettings; pollMs?: number },
): { ready: Promise<unknown>; close(): Promise<void> } {
  const settings = deps.whatsapp
  if (!settings?.token || !settings.phoneNumberId) {
    console.log(
      '[whatsapp] WHATSAPP_TOKEN is not set: messages stay queued in public.whatsapp_outbox',
    )
    return { ready: Promise.resolve(), close: async () => {} }
  }
  provideEdgeGlobals()

  let handler: Promise<Handler> | undefined
  const load = () =>
    (handler ??= import('../functions/whatsapp/handler.ts').then((mod) => {
      const env: FunctionEnv = {
        SUPABASE_URL: deps.url,
        SUPABASE_ANON_KEY: deps.keys.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: deps.keys.serviceRoleKey,
        SITE_URL: deps.siteUrl || deps.url,
        ...whatsappEnv(settings),
        ...(deps.limits.factor !== 1 ? { RATE_LIMIT_FACTOR: String(deps.limits.factor) } : {}),
      }
      return mod.createHandler(env)
    }))

  let closed = false
  let again = false
  let running: Promise<void> | undefined

  async function dispatchOnce(): Promise<boolean> {
    const run = await load()
    const res = await run(
      new Request(`${deps.url}/functions/v1/whatsapp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${deps.keys.serviceRoleKey}` },
      }),
    )
    const body = (await res.json().catch(() => ({}))) as { message?: string; more?: boolean }
    if (!res.ok) console.error(`[whatsapp] dispatch failed (${res.status}): ${body.message ?? ''}`)
    return res.ok && body.more === true
  }

  function wake() {
    if (closed || !deps.url) return
    if (running) {
      again = true
      return
    }
    running = (async () => {
      do {
        again = false
        try {
          if (await dispatchOnce()) again = true
        } catch (error) {
          console.error('[whatsapp]', error)
        }
      } while (again && !closed)
    })().finally(() => {
      running = undefined
    })
  }

  const listening = deps.db.listen('whatsapp_outbox', wake).catch((error: unknown) => {
    console.error('[whatsapp] cannot listen for queued messages; relying on the timer', error)
    return null
  })
  const timer = setInterval(wake, deps.pollMs ?? POLL_MS)
  timer.unref()
  void listening.then(() => wake())

  return {
    ready: listening,
    async close() {
      closed = true
      clearInterval(timer)
      const stop = await listening
      await stop?.().catch(() => {})
      await running
    },
  }
}
