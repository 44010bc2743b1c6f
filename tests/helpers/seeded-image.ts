// The demo centre's database, migrated and seeded once and kept as an image of PGlite's data
// folder, from which each test file's PGlite database opens in about half a second instead of
// four (PGlite's first start, the migrations and the seed). The image is named by what it is made
// of (migrations, bootstrap, seeds, the migration runner) and by the day (UTC's and the centre's),
// since seeds may read the date, so a changed migration or another day makes a new one. Two processes making it at
// once each write their own file and rename it into place.
import { createHash, randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { threadId } from 'node:worker_threads'
import { fileURLToPath } from 'node:url'
import { dumpImage, openDb } from '../../supabase/local/db.ts'
import { migrate } from '../../supabase/local/migrate.ts'
import { seed } from '../../supabase/local/seed.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const cacheDir = join(root, 'node_modules', '.cache', 'centre-tests')

function sources(): string[] {
  const inDir = (dir: string, ext: string) => {
    const full = join(root, dir)
    return existsSync(full)
      ? readdirSync(full)
          .filter((n) => n.endsWith(ext))
          .sort()
          .map((n) => join(full, n))
      : []
  }
  return [
    ...inDir('supabase/migrations', '.sql'),
    ...inDir('supabase/local/bootstrap', '.sql'),
    join(root, 'supabase/seed.sql'),
    ...inDir('supabase/seed', '.sql'),
    join(root, 'supabase/local/migrate.ts'),
  ]
}

/** What the demo centre's database is made of today, as 16 hex digits. */
export function seededHash(): string {
  const hash = createHash('sha256')
  // The day in UTC and at the centre (Asia/Kolkata, where the seeds date documents and
  // meetings): from 18:30 UTC the centre is a day ahead, and an image seeded earlier that UTC day
  // would carry yesterday's dates.
  const now = Date.now()
  hash.update(new Date(now).toISOString().slice(0, 10))
  hash.update(new Date(now + 330 * 60_000).toISOString().slice(0, 10))
  for (const file of sources()) {
    hash.update(file.slice(root.length))
    hash.update(existsSync(file) ? readFileSync(file) : '')
  }
  return hash.digest('hex').slice(0, 16)
}

function imageName(): string {
  return `seeded-${seededHash()}.tar`
}

let made: Promise<Blob> | undefined

/** The image of a migrated and seeded database, for `openDb({ memory: true, image })`. */
export function seededImage(): Promise<Blob> {
  made ??= (async () => {
    const name = imageName()
    const file = join(cacheDir, name)
    if (existsSync(file)) return new Blob([readFileSync(file)])
    const db = await openDb({ memory: true })
    try {
      await migrate(db)
      await seed(db)
      const image = await dumpImage(db)
      mkdirSync(cacheDir, { recursive: true })
      // Older images go; this one's part files, being written by other test workers, stay.
      for (const old of readdirSync(cacheDir))
        if (old.startsWith('seeded-') && !old.startsWith(name))
          rmSync(join(cacheDir, old), { force: true })
      const part = `${file}.${process.pid}.${threadId}.${randomBytes(4).toString('hex')}`
      writeFileSync(part, Buffer.from(await image.arrayBuffer()))
      renameSync(part, file)
      return image
    } finally {
      await db.close()
    }
  })()
  return made
}
