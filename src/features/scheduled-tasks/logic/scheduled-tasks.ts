// The admin's Scheduled Tasks pane (operations.md §2; F32): the centre's recurring jobs as the
// server records them, whether pg_cron or the local host ran them.
import { centreFormat } from '@/lib/time/centre-format'

export interface ScheduledTask {
  name: string
  label: string
  description: string
  /** Every N minutes from the hour, or null when the job runs once a day. */
  everyMinutes: number | null
  /** The centre's time of day (HH:MM) of a daily job. */
  dailyAt: string | null
  nextRunAt: string
  lastStartedAt: string | null
  lastDurationMs: number | null
  lastResult: 'success' | 'failed' | null
  lastMessage: string | null
  /** Who pressed "Run now" for the last run; null when the schedule ran it. */
  lastRunBy: string | null
  runs: number
  /** How many days the job keeps what it makes (the backups); null for the other jobs. */
  keepDays: number | null
}

export interface RunAnswer {
  type: 'success' | 'error'
  message: string
  task: string
}

/** "Every minute", "Every 15 minutes", "Daily at 03:30". */
export function scheduleText(task: Pick<ScheduledTask, 'everyMinutes' | 'dailyAt'>): string {
  if (task.everyMinutes === 1) return 'Every minute'
  if (task.everyMinutes !== null) return `Every ${task.everyMinutes} minutes`
  return `Daily at ${task.dailyAt ?? '?'}`
}

/** "120 ms", "4.2 s", "2 min 5 s". */
export function durationText(ms: number): string {
  if (ms < 1000) return `${ms} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

/** The last run in one line: when, how long, by whom. */
export function lastRunText(task: ScheduledTask): string {
  if (!task.lastStartedAt) return 'Not run yet'
  const parts = [centreFormat(task.lastStartedAt, 'd MMM yyyy HH:mm')]
  if (task.lastDurationMs !== null) parts.push(durationText(task.lastDurationMs))
  parts.push(task.lastRunBy ? `run by ${task.lastRunBy}` : 'on schedule')
  return parts.join(' · ')
}
