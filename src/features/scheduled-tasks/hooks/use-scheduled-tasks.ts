import { rpc } from '@/lib/rpc'
import { useRpcQuery } from '@/lib/use-rpc-query'
import type { RunAnswer, ScheduledTask } from '../logic/scheduled-tasks'

/** The centre's recurring jobs, read online. */
export function useScheduledTasks() {
  const { data, error, reload } = useRpcQuery<ScheduledTask[]>('admin_scheduled_tasks', {})
  return { tasks: data, error, reload }
}

/** Runs one job on the server now; the answer says how it ended. */
export function runScheduledTask(task: string) {
  return rpc<RunAnswer>('admin_run_scheduled_task', { task })
}

/** How many days the job keeps what it makes (the backup job's backups). */
export function setTaskKeepDays(task: string, days: number) {
  return rpc<{ type: 'success'; message: string }>('admin_set_task_keep_days', { task, days })
}
