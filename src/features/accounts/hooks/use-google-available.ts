import { useEffect, useState } from 'react'
import { googleAvailable } from '@/lib/auth/actions'

// Asked once per page load: the server's auth settings say whether Google sign-in is on.
let asked: Promise<boolean> | undefined

/** Whether to offer Google sign-in: false until the server's auth settings say it is on. */
export function useGoogleAvailable(): boolean {
  const [available, setAvailable] = useState(false)
  useEffect(() => {
    let alive = true
    void (asked ??= googleAvailable()).then((on) => alive && setAvailable(on))
    return () => {
      alive = false
    }
  }, [])
  return available
}
