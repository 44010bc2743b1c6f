import { useCallback, useEffect, useState } from 'react'
import { rpc, type RpcResult } from './rpc'

/**
 * Reads something online (lists an admin reads from the server, not from the device), again
 * whenever `key` changes or `reload()` is called. An answer that arrives after the key changed
 * is dropped; a failed read keeps the last data and sets `error`.
 */
export function useOnlineQuery<T>(load: () => Promise<RpcResult<T>>, key: string) {
  const [version, setVersion] = useState(0)
  const [state, setState] = useState<{ data: T | null; error: string | null }>({
    data: null,
    error: null,
  })
  useEffect(() => {
    let alive = true
    void load().then((r) => {
      if (!alive) return
      setState((s) => (r.ok ? { data: r.data, error: null } : { data: s.data, error: r.message }))
    })
    return () => {
      alive = false
    }
    // `key` stands for everything `load` reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version])
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  return { data: state.data, error: state.error, reload }
}

/** Reads a database function online, again whenever its arguments change. */
export function useRpcQuery<T>(name: string, args: Record<string, unknown>) {
  const key = JSON.stringify([name, args])
  return useOnlineQuery<T>(() => rpc<T>(name, args), key)
}
