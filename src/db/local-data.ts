import { removeRxDatabase } from 'rxdb'
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie'

// Every local database this browser opened, so signing out can delete them all: classroom
// devices are shared and hold children's data.
const KEY = 'app.localDatabases'

export function rememberDatabase(name: string): void {
  const names = knownDatabases()
  if (!names.includes(name)) localStorage.setItem(KEY, JSON.stringify([...names, name]))
}

export function knownDatabases(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((n): n is string => typeof n === 'string') : []
  } catch {
    return []
  }
}

type Closer = () => Promise<void>
let closeOpen: Closer | null = null

/** The open database registers how to close it before it can be deleted. */
export function setOpenDatabaseCloser(closer: Closer | null): void {
  closeOpen = closer
}

/** Deletes every local database and the sync bookkeeping (sign-out). */
export async function deleteLocalData(): Promise<void> {
  if (closeOpen) await closeOpen()
  closeOpen = null
  const storage = getRxStorageDexie()
  for (const name of knownDatabases()) await removeRxDatabase(name, storage)
  localStorage.removeItem(KEY)
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('app.sync.')) localStorage.removeItem(key)
  }
}
