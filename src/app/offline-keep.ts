import type { AuthSource, SignedInMember } from '@/lib/auth/types'
import { isLoggedIn } from '@/lib/auth/types'

// What this device keeps for offline beyond the shell, chosen by who signed in (issue 36): the
// groups of scripts/offline-groups.ts, one per dashboard. The service worker's own part
// (sw-keep.js) keeps the files of the groups named here, and keeps them again for each new build
// before that build takes over.

/** Where the worker reads the device's choice, also before it is running (at install). */
export const CHOICE_CACHE = 'dashboards-choice'
export const CHOICE_URL = '/dashboards-choice'

/** The dashboards a member opens: those groups are kept on the device. */
export function dashboardGroupsFor(
  member: Pick<SignedInMember, 'role' | 'isParentFacilitator'>,
): string[] {
  switch (member.role) {
    case 'admin':
      return ['admin', 'administration']
    case 'admission':
    case 'administration':
      return ['administration']
    case 'facilitator':
      return ['facilitators']
    case 'guardian':
      return member.isParentFacilitator ? ['parents', 'facilitators'] : ['parents']
    case 'student':
      return ['students']
    default:
      return []
  }
}

function groupsOf(auth: AuthSource): string[] {
  const snapshot = auth.snapshot()
  return snapshot.status === 'signedIn' && isLoggedIn(snapshot.member)
    ? dashboardGroupsFor(snapshot.member)
    : []
}

/** Writes the choice where a worker being installed finds it. */
async function storeChoice(groups: string[]): Promise<void> {
  if (!('caches' in window)) return
  const cache = await caches.open(CHOICE_CACHE)
  await cache.put(CHOICE_URL, new Response(JSON.stringify(groups)))
}

/**
 * Before the worker is registered: stores the signed-in person's groups (a worker installed now
 * keeps them before it takes the page). Then, whenever the person changes, tells the running
 * worker to keep the new person's groups.
 */
export async function chooseWhatToKeep(auth: AuthSource): Promise<void> {
  await auth.ready()
  let last = JSON.stringify(groupsOf(auth))
  if (last !== '[]') await storeChoice(groupsOf(auth)).catch(() => {})
  const tell = async (groups: string[]) => {
    await storeChoice(groups).catch(() => {})
    const reg = await navigator.serviceWorker.ready
    reg.active?.postMessage({ type: 'KEEP_DASHBOARDS', groups })
  }
  // A worker already running (a later visit) is told too: it keeps what a new build or an
  // interrupted first visit left missing.
  if (last !== '[]' && navigator.serviceWorker.controller) void tell(groupsOf(auth))
  auth.subscribe(() => {
    const groups = groupsOf(auth)
    const key = JSON.stringify(groups)
    if (key === last) return
    last = key
    if (groups.length) void tell(groups)
  })
}
