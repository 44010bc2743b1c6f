import { useCallback, useEffect, useState } from 'react'
import { rpc } from './rpc'

/**
 * Reads a database function online (lists an admin reads from the server, not from the device),
 * again whenever its arguments change or `reload()` is called. An answer that arrives after the
 * arguments changed is dropped; a failed read keeps the last data and sets `error`.
 */
export function useRpcQuery<T>(name: string, args: Record<string, unknown>) {
  const [version, setVersion] = useState(0)
  const [state, setState] = useState<{ data: T | null; error: string | null }>({
    data: null,
    error: null,
  })
  const argsKey = JSON.stringify(args)
  useEffect(() => {
    let alive = true
    void rpc<T>(name, JSON.parse(argsKey) as Record<string, unknown>).then((r) => {
      if (!alive) return
      setState((s) => (r.ok ? { data: r.data, error: null } : { data: s.data, error: r.message }))
    })
    return () => {
      alive = false
    }
  }, [name, argsKey, version])
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  return { data: state.data, error: state.error, reload }
}
