// The local host's stand-in for pg_cron: every half minute it asks the database to run the
// scheduled tasks whose time has come (app.run_due_scheduled_tasks), which records each run in
// app.scheduled_tasks exactly as the pg_cron jobs do on Supabase, so the admin's Scheduled Tasks
// pane reads the same thing on both. Runs never overlap: a tick that comes while one is running
// is skipped.
import type { HostDeps } from './deps.ts'

const TICK_MS = 30_000

export interface Scheduler {
  ready: Promise<unknown>
  close(): Promise<void>
}

export function startScheduler(
  deps: Pick<HostDeps, 'db'> & { schedulerTickMs?: number },
): Scheduler {
  let closed = false
  let running: Promise<void> | undefined

  function tick() {
    if (closed || running) return
    running = deps.db
      .query('select app.run_due_scheduled_tasks()')
      .then(() => undefined)
      .catch((error: unknown) => console.error('[scheduler]', error))
      .finally(() => {
        running = undefined
      })
  }

  const timer = setInterval(tick, deps.schedulerTickMs ?? TICK_MS)
  timer.unref()
  // What came due while the host was down runs now.
  tick()

  return {
    ready: Promise.resolve(),
    async close() {
      closed = true
      clearInterval(timer)
      await running
    },
  }
}
