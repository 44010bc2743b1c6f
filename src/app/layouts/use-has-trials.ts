import { useContext, useEffect, useState } from 'react'
import type { Subscription } from 'rxjs'
import { DatabaseOpenerContext } from '@/db/provider'
import { useAuthMember } from '@/lib/auth/use-auth'

/**
 * Whether this device holds a trial (L07): the server sends a facilitator only the trials of the
 * groups they teach, so the Trials item shows exactly when one of theirs exists, offline too.
 */
export function useHasTrials(): boolean {
  const member = useAuthMember()
  const opener = useContext(DatabaseOpenerContext)
  const [has, setHas] = useState(false)
  useEffect(() => {
    if (!member) return
    let alive = true
    let sub: Subscription | undefined
    opener(member)
      .then((open) => {
        if (!alive) return
        sub = open.db.lesson_items
          .find({ selector: { kind: 'trial' }, limit: 1 })
          .$.subscribe((docs) => setHas(docs.length > 0))
      })
      // The dashboard itself says when the data cannot be opened.
      .catch(() => undefined)
    return () => {
      alive = false
      sub?.unsubscribe()
    }
  }, [member, opener])
  return has
}
