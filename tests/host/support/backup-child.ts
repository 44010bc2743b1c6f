// A backup that is killed half-way: opens a data folder, starts a backup into a backups folder,
// says "midway" once the database part is written and then waits, so the test can kill -9 it
// with a half-written backup on disk.
import { backupNow } from '../../../supabase/local/backup.ts'
import { openDb } from '../../../supabase/local/db.ts'

const [dataDir, backupDir] = process.argv.slice(2) as [string, string]
const db = await openDb({ dataDir })
await backupNow({
  db,
  dataDir,
  backupDir,
  onStep: async (step) => {
    if (step !== 'database') return
    process.stdout.write('midway\n')
    await new Promise(() => {})
  },
})
