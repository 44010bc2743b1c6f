import { notifications } from '@mantine/notifications'

/** How long the task banner stays (core.md §9): 2 seconds after success, 3 after an error. */
export const TASK_BANNER_MS = { success: 2000, error: 3000 } as const

/**
 * Runs a task with the running-task indicator (A31): a banner shows `running` while it works,
 * then `done` (or the error's message) for 2 seconds (3 on error). Returns whether it succeeded.
 */
export async function runTask<T>(
  messages: {
    running: string
    done: string | ((result: T) => { title?: string; message: string })
  },
  task: () => Promise<T>,
): Promise<boolean> {
  const id = notifications.show({
    loading: true,
    message: messages.running,
    autoClose: false,
    withCloseButton: false,
  })
  try {
    const result = await task()
    const done =
      typeof messages.done === 'string' ? { message: messages.done } : messages.done(result)
    notifications.update({
      id,
      loading: false,
      color: 'green',
      ...done,
      autoClose: TASK_BANNER_MS.success,
      withCloseButton: true,
    })
    return true
  } catch (error) {
    notifications.update({
      id,
      loading: false,
      color: 'red',
      message: error instanceof Error ? error.message : String(error),
      autoClose: TASK_BANNER_MS.error,
      withCloseButton: true,
    })
    return false
  }
}
