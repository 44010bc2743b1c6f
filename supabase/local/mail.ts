// The local host's stand-in for what starts the `outbox` function on Supabase (a database webhook
// or a schedule): it LISTENs for queued e-mail and also wakes every 30 s for retries that have
// come due, and runs the function's handler, one dispatch at a time. Without SMTP_URL it sends
// nothing and the messages stay queued and visible. When the mail server refuses the login or
// cannot be reached, the function answers 503 (the admins have one system error about it) and
// the mail waits, no attempt counted, for the next wake.
import type { FunctionEnv } from '../functions/_shared/env.ts'
import type { HostDeps } from './deps.ts'
import { provideEdgeGlobals } from './edge-runtime.ts'

const POLL_MS = 30_000

type Handler = (req: Request) => Promise<Response>

export function startMailer(
  deps: HostDeps & { smtpUrl?: string; mailFrom?: string; pollMs?: number },
): { ready: Promise<unknown>; close(): Promise<void> } {
  const smtpUrl = deps.smtpUrl
  const mailFrom = deps.mailFrom ?? process.env.MAIL_FROM
  if (!smtpUrl) {
    console.log('[mail] SMTP_URL is not set: e-mails stay queued in public.email_outbox')
    return { ready: Promise.resolve(), close: async () => {} }
  }
  provideEdgeGlobals()

  let handler: Promise<Handler> | undefined
  const load = () =>
    (handler ??= import('../functions/outbox/handler.ts').then((mod) => {
      const env: FunctionEnv = {
        SUPABASE_URL: deps.url,
        SUPABASE_ANON_KEY: deps.keys.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: deps.keys.serviceRoleKey,
        SITE_URL: deps.siteUrl || deps.url,
        SMTP_URL: smtpUrl,
        ...(mailFrom ? { MAIL_FROM: mailFrom } : {}),
      }
      return mod.createHandler(env)
    }))

  let closed = false
  let again = false
  let running: Promise<void> | undefined

  async function dispatchOnce(): Promise<boolean> {
    const run = await load()
    const res = await run(
      new Request(`${deps.url}/functions/v1/outbox`, {
        method: 'POST',
        headers: { authorization: `Bearer ${deps.keys.serviceRoleKey}` },
      }),
    )
    const body = (await res.json().catch(() => ({}))) as { message?: string; more?: boolean }
    if (!res.ok) console.error(`[mail] dispatch failed (${res.status}): ${body.message ?? ''}`)
    return res.ok && body.more === true
  }

  // Wakes that arrive during a dispatch are folded into one more run after it.
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
          console.error('[mail]', error)
        }
      } while (again && !closed)
    })().finally(() => {
      running = undefined
    })
  }

  const listening = deps.db.listen('email_outbox', wake).catch((error: unknown) => {
    console.error('[mail] cannot listen for queued e-mail; relying on the timer', error)
    return null
  })
  const timer = setInterval(wake, deps.pollMs ?? POLL_MS)
  timer.unref()
  // Mail queued while the host was down goes out now.
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
