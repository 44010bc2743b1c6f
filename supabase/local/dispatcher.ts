// The local host's stand-in for what starts a dispatcher function on Supabase (pg_net on insert,
// pg_cron every minute): it LISTENs on the outbox's channel, also wakes on a timer for retries
// that have come due, and runs the function's handler, one dispatch at a time. Wakes that arrive
// during a dispatch are folded into one more run after it; a handler that answers `more: true`
// is run again at once. The e-mail outbox (mail.ts) and the WhatsApp outbox (whatsapp.ts) use it.
import type { FunctionEnv } from '../functions/_shared/env.ts'
import type { HostDeps } from './deps.ts'
import { provideEdgeGlobals } from './edge-runtime.ts'

type Handler = (req: Request) => Promise<Response>

export interface Dispatcher {
  ready: Promise<unknown>
  close(): Promise<void>
}

export function startDispatcher(
  deps: HostDeps,
  options: {
    /** The function's name: its path is /functions/v1/<name>. */
    name: string
    /** The prefix of its log lines, e.g. '[mail]'. */
    tag: string
    /** The NOTIFY channel that says something was queued. */
    channel: string
    /** What is queued, for the log: 'queued e-mail'. */
    what: string
    pollMs: number
    /** The function's own settings beside the project's. */
    env: Partial<FunctionEnv>
    load(): Promise<{ createHandler(env: FunctionEnv): Handler }>
  },
): Dispatcher {
  provideEdgeGlobals()
  const { name, tag } = options

  let handler: Promise<Handler> | undefined
  const load = () =>
    (handler ??= options.load().then((mod) =>
      mod.createHandler({
        SUPABASE_URL: deps.url,
        SUPABASE_ANON_KEY: deps.keys.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: deps.keys.serviceRoleKey,
        SITE_URL: deps.siteUrl || deps.url,
        ...options.env,
      }),
    ))

  let closed = false
  let again = false
  let running: Promise<void> | undefined

  async function dispatchOnce(): Promise<boolean> {
    const run = await load()
    const res = await run(
      new Request(`${deps.url}/functions/v1/${name}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${deps.keys.serviceRoleKey}` },
      }),
    )
    const body = (await res.json().catch(() => ({}))) as { message?: string; more?: boolean }
    if (!res.ok) console.error(`${tag} dispatch failed (${res.status}): ${body.message ?? ''}`)
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
          console.error(tag, error)
        }
      } while (again && !closed)
    })().finally(() => {
      running = undefined
    })
  }

  const listening = deps.db.listen(options.channel, wake).catch((error: unknown) => {
    console.error(`${tag} cannot listen for ${options.what}; relying on the timer`, error)
    return null
  })
  const timer = setInterval(wake, options.pollMs)
  timer.unref()
  // What was queued while the host was down goes out now.
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
