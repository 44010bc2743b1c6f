// `useMergeRefs` as @floating-ui/react 0.27 has it (MIT, © Floating UI contributors), for
// Mantine's ScrollArea: it is the only thing ScrollArea takes from @floating-ui/react, and
// importing it from there brought the whole positioning library (12 KiB as sent) onto a parent's
// path to the home, under every Modal. The build points ScrollArea here
// (scripts/scroll-area-refs.ts).
import { useCallback, useMemo, useRef, type Ref, type RefCallback } from 'react'

type Cleanup = () => void

/** One callback ref that sets every ref given (null when none is), with React 19 cleanups. */
export function useMergeRefs<T>(refs: (Ref<T> | undefined)[]): RefCallback<T> | null {
  const cleanupRef = useRef<Cleanup | undefined>(undefined)
  const refEffect = useCallback(
    (instance: T) => {
      const cleanups = refs.map((ref): Cleanup | undefined => {
        if (ref == null) return undefined
        if (typeof ref === 'function') {
          const refCleanup = ref(instance)
          return typeof refCleanup === 'function' ? refCleanup : () => void ref(null)
        }
        ref.current = instance
        return () => {
          ref.current = null
        }
      })
      return () => cleanups.forEach((cleanup) => cleanup?.())
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo -- the refs are the deps
    refs,
  )
  return useMemo(
    () => {
      if (refs.every((ref) => ref == null)) return null
      return (value: T | null) => {
        if (cleanupRef.current) {
          cleanupRef.current()
          cleanupRef.current = undefined
        }
        if (value != null) cleanupRef.current = refEffect(value)
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo -- the refs are the deps
    refs,
  )
}
