// Seeds a new, empty database the way `supabase db reset` does: supabase/seed.sql, then the
// files of supabase/seed/ in name order (other areas add their demo data there), all in one
// transaction so a failed seed leaves nothing half-made.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Db } from './db.ts'

const supabaseDir = fileURLToPath(new URL('..', import.meta.url))

export interface SeedOptions {
  /** Folder holding seed.sql and seed/ (default: supabase/). */
  dir?: string
  log?: (line: string) => void
}

export async function seedFiles(dir: string = supabaseDir): Promise<string[]> {
  const files = [join(dir, 'seed.sql')]
  try {
    const extra = (await readdir(join(dir, 'seed'))).filter((n) => n.endsWith('.sql')).sort()
    files.push(...extra.map((n) => join(dir, 'seed', n)))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  return files
}

/** Seeds when no account exists yet; returns whether it did. */
export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const [row] = await db.query<{ empty: boolean }>(
    'select not exists (select 1 from auth.users) as empty',
  )
  if (!row?.empty) return false
  await seed(db, options)
  return true
}

export async function seed(db: Db, options: SeedOptions = {}): Promise<void> {
  const files = await seedFiles(options.dir)
  await db.transaction(async (tx) => {
    for (const file of files) {
      const sql = await readFile(file, 'utf8')
      try {
        await tx.exec(sql)
      } catch (error) {
        throw new Error(`seed ${file} failed: ${(error as Error).message}`, { cause: error })
      }
      options.log?.(`seed ${file}`)
    }
  })
}
