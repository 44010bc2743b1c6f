import { getSupabase } from '../supabase-lazy'
import { AUTH_STORAGE_KEY } from './claims'
import { setSigningOut } from './flow-state'
import { leaveNotice, type SignInNotice } from './notice'

// Signing out deletes this device's copy of the centre's data (shared classroom devices hold
// children's data). The deletion is marked first and finished on a page where nothing has the
// database open, so a sign-out that is interrupted (tab closed, crash) is completed next time.
const DELETE_PENDING = 'app.auth.deleteLocalData'

function deleteIndexedDb(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name)
    request.onsuccess = request.onerror = request.onblocked = () => resolve()
  })
}

/** The device's databases, which src/db owns; the app hands over how to load it at start. */
export interface LocalData {
  knownDatabases(): string[]
  deleteLocalData(): Promise<void>
}
let loadLocalData: (() => Promise<LocalData>) | null = null

/**
 * Tells sign-out how to reach the local databases. Loaded on demand, so pages without a database
 * never download the database code otherwise.
 */
export function setLocalDataLoader(load: () => Promise<LocalData>): void {
  loadLocalData = load
}

/** Deletes the local data if a sign-out asked for it. Runs when the app starts. */
export async function finishSignOut(): Promise<void> {
  if (!localStorage.getItem(DELETE_PENDING)) return
  // Without a loader nothing is deleted and the mark stays, so the next start tries again.
  if (!loadLocalData) throw new Error('Signing out cannot reach the local data: no loader was set')
  const { deleteLocalData, knownDatabases } = await loadLocalData()
  const names = knownDatabases()
  await deleteLocalData()
  // RxDB's Dexie storage empties its IndexedDB databases but keeps them; remove them as well,
  // so not even the account ids in their names stay on the device.
  const all = (await indexedDB.databases?.()) ?? []
  await Promise.all(
    all
      .map((d) => d.name ?? '')
      .filter((name) => names.some((n) => name.includes(`-${n}--`)))
      .map(deleteIndexedDb),
  )
  // Files waiting to be uploaded are the family's documents: they go with the rest.
  await deleteIndexedDb('app-uploads')
  localStorage.removeItem(DELETE_PENDING)
}

/** Ends the session on this device; offline, the server cannot be told, but it still ends here. */
async function endSession(): Promise<void> {
  setSigningOut(true)
  localStorage.setItem(DELETE_PENDING, '1')
  try {
    const supabase = await getSupabase()
    const { error } = await supabase.auth.signOut({ scope: 'local' })
    if (error) localStorage.removeItem(AUTH_STORAGE_KEY)
  } catch {
    localStorage.removeItem(AUTH_STORAGE_KEY)
  }
}

/** Signs out where no database is open (the sign-in screens), deleting the local data now. */
export async function signOut(): Promise<void> {
  await endSession()
  // The SIGNED_OUT event is delivered after signOut resolves; keep the flag until then.
  setTimeout(() => setSigningOut(false), 0)
  await finishSignOut().catch((error: unknown) =>
    console.error('Deleting local data failed', error),
  )
}

/** Signs out and opens `path` afresh (which says why); the new page deletes the local data. */
export async function signOutTo(path: string, notice?: SignInNotice): Promise<void> {
  if (notice) leaveNotice(notice)
  await endSession()
  window.location.replace(path)
}
