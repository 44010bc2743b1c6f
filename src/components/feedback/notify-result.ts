import { notifications } from '@mantine/notifications'
import type { RpcResult } from '@/lib/rpc'

/**
 * Shows the answer of a server call: its message in green for 2 seconds when it worked, the
 * error in red for 3 seconds when it did not (core.md §4). Returns whether it worked.
 */
export function notifyResult(
  result: RpcResult<{ message: string }>,
  success?: string,
): result is { ok: true; data: { message: string } } {
  if (result.ok)
    notifications.show({ color: 'green', message: success ?? result.data.message, autoClose: 2000 })
  else notifications.show({ color: 'red', message: result.message, autoClose: 3000 })
  return result.ok
}
