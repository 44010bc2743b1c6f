// Signing out from the dashboard header or the account page. Signing out deletes the local
// database, so changes not yet synced would be lost: the person is warned first.
import { useState } from 'react'
import { signOutTo } from '@/lib/auth/sign-out'
import { useAuthMember } from '@/lib/auth/use-auth'

/**
 * `countNow` counts the changes not synced at this moment where the screen has the database
 * open; without it the count the replicating tab last stored is used.
 */
export function useSignOut(countNow?: () => Promise<number>) {
  const member = useAuthMember()
  const [unsynced, setUnsynced] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)

  const proceed = async () => {
    setBusy(true)
    await signOutTo('/signin')
  }

  const request = async () => {
    // Loaded here only: the account page should not carry the sync code.
    const { storedPending } = await import('@/db/pending')
    const stored = () => (member ? storedPending(member.userId) : 0)
    // A database that cannot be opened or counted must not stop the person signing out.
    const count = countNow
      ? await Promise.race([
          countNow().catch(stored),
          new Promise<number>((resolve) => setTimeout(() => resolve(stored()), 5_000)),
        ])
      : stored()
    if (count > 0) setUnsynced(count)
    else await proceed()
  }

  return {
    request: () => void request(),
    proceed: () => void proceed(),
    cancel: () => setUnsynced(null),
    unsynced,
    busy,
  }
}
