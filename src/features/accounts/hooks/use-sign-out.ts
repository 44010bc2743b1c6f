// Signing out from the dashboard header or the account page. Signing out deletes the local
// database, so changes not yet synced would be lost: the person is warned first.
import { useState } from 'react'
import { signOutTo } from '../../../lib/auth/sign-out'
import { useAuthMember } from '../../../lib/auth/use-auth'

export function useSignOut() {
  const member = useAuthMember()
  const [unsynced, setUnsynced] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)

  const proceed = async () => {
    setBusy(true)
    await signOutTo('/signin')
  }

  const request = async () => {
    // Loaded here only: the account page should not carry the sync code.
    const { storedPending } = await import('../../../db/pending')
    const count = member ? storedPending(member.userId) : 0
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
