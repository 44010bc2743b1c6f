import { useEffect, useState } from 'react'
import { rpc } from '../../../lib/rpc'
import type { LogKind, LogPage } from '../logic/system-log'

/** One page of errors or warnings, read online; `version` reloads it. */
export function useSystemLog(
  kind: LogKind,
  showDismissed: boolean,
  offset: number,
  version: number,
) {
  const [page, setPage] = useState<LogPage | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    let alive = true
    void rpc<LogPage>('admin_system_log', {
      kind,
      show_dismissed: showDismissed,
      page_offset: offset,
    }).then((r) => {
      if (!alive) return
      if (r.ok) {
        setPage(r.data)
        setError(null)
      } else setError(r.message)
    })
    return () => {
      alive = false
    }
  }, [kind, showDismissed, offset, version])
  return { page, error }
}

/** Dismisses one entry, or every open entry of the kind when `entry` is null. */
export function dismissLog(kind: LogKind, entry: string | null) {
  return rpc<{ type: string; message: string; dismissed: number }>('admin_dismiss_log', {
    kind,
    entry,
  })
}
