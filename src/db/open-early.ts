import { setLocalDataLoader } from '@/lib/auth/sign-out'
import { isLoggedIn, type AuthSnapshot } from '@/lib/auth/types'

const DASHBOARD = /^\/(admin|administration|facilitators|parents|students)\/dash(\/|$)/

/**
 * A page load straight into a dashboard starts opening the person's local database at once,
 * while the router is still loading the dashboard's screens, rather than after its layout has
 * drawn. The database layer arrives on its own and the dashboard waits for the same opening
 * (one per account and page); an opening that fails is reported there.
 */
export function openDatabaseEarly(snapshot: AuthSnapshot, path: string): void {
  if (snapshot.status !== 'signedIn' || !isLoggedIn(snapshot.member) || !DASHBOARD.test(path))
    return
  const { member } = snapshot
  void import('./app-database').then((m) => m.openDatabaseFor(member)).catch(() => undefined)
}

/** Hands sign-out the way to the device's databases, which this layer owns (loaded on demand). */
export function connectSignOut(): void {
  setLocalDataLoader(() => import('./local-data'))
}
