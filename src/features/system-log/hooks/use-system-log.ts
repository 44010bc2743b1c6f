import { rpc } from '@/lib/rpc'
import { useRpcQuery } from '@/lib/use-rpc-query'
import type { LogKind, LogPage } from '../logic/system-log'

/** One page of errors or warnings, read online. */
export function useSystemLog(kind: LogKind, showDismissed: boolean, offset: number) {
  const { data, error, reload } = useRpcQuery<LogPage>('admin_system_log', {
    kind,
    show_dismissed: showDismissed,
    page_offset: offset,
  })
  return { page: data, error, reload }
}

/** Dismisses one entry, or every open entry of the kind when `entry` is null. */
export function dismissLog(kind: LogKind, entry: string | null) {
  return rpc<{ type: string; message: string; dismissed: number }>('admin_dismiss_log', {
    kind,
    entry,
  })
}
