import { notifications } from '@mantine/notifications'

/** How long the task banner stays (core.md §9): 2 seconds after success, 3 after an error. */
export const TASK_BANNER_MS = { success: 2000, error: 3000 } as const

/** What a change saved while offline says: it is on this device and leaves when it can. */
export const SAVED_ON_DEVICE = {
  title: 'Saved on this device',
  message: 'It will sync when you are back online.',
} as const

/**
 * Runs a task with the running-task indicator (A31): a banner shows `running` while it works,
 * then `done` (or the error's message) for 2 seconds (3 on error). Returns whether it succeeded.
 * A task that writes the local database says `SAVED_ON_DEVICE` instead when the device is
 * offline (`local`), so nobody believes the change has reached the others yet.
 */
export async function runTask<T>(
  messages: {
    running: string
    done: string | ((result: T) => { title?: string; message: string })
    local?: boolean
  },
  task: () => Promise<T>,
  isOnline: () => boolean = () => navigator.onLine,
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
      messages.local && !isOnline()
        ? SAVED_ON_DEVICE
        : typeof messages.done === 'string'
          ? { message: messages.done }
          : messages.done(result)
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
