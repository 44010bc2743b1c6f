// The three ways a database reaches today's schema, for the agreement and upgrade tests:
// supabase/schemas/ applied to a bootstrapped database, today's migrations, and the migrations as
// an earlier build had them (rebuilt from tests/sql/upgrades/ and then migrated to today).
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { applyPatch } from 'diff'
import type { Db } from '../../../supabase/local/db.ts'
import {
  defaultBootstrapDir,
  defaultMigrationsDir,
  migrate,
} from '../../../supabase/local/migrate.ts'
import { splitStatements } from '../../../supabase/local/sql-split.ts'

export const schemasDir = fileURLToPath(new URL('../../../supabase/schemas', import.meta.url))
const upgradesDir = fileURLToPath(new URL('../upgrades', import.meta.url))

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** What supabase/schemas/ holds, in the order the files are applied. */
export async function schemaFiles(): Promise<string[]> {
  return (await readdir(schemasDir)).filter((f) => f.endsWith('.sql')).sort()
}

/**
 * Today's schema from supabase/schemas/: the bootstrap where Supabase is absent, then every file
 * in name order. A statement that fails names its file and its text.
 */
export async function applySchemas(db: Db): Promise<void> {
  const none = await mkdtemp(join(tmpdir(), 'no-migrations-'))
  await migrate(db, { migrationsDir: none })
  for (const file of await schemaFiles()) {
    const sql = await readFile(join(schemasDir, file), 'utf8')
    for (const statement of splitStatements(sql)) {
      try {
        await db.exec(statement)
      } catch (error) {
        throw new Error(
          `supabase/schemas/${file}: ${(error as Error).message}\n${statement.slice(0, 400)}`,
          { cause: error },
        )
      }
    }
  }
}

interface FileAtState {
  name: string
  sha256: string
  /** Today's file this version is rebuilt from, when it is not today's file itself. */
  from?: string
  patch?: string
}

/** The migrations and bootstrap of an earlier build of main. */
export interface EarlierBuild {
  commit: string
  label: string
  migrations: FileAtState[]
  bootstrap: FileAtState[]
}

export async function earlierBuilds(): Promise<EarlierBuild[]> {
  return JSON.parse(await readFile(join(upgradesDir, 'states.json'), 'utf8')) as EarlierBuild[]
}

async function rebuild(files: FileAtState[], todayDir: string, into: string) {
  await mkdir(into, { recursive: true })
  for (const file of files) {
    const base = await readFile(join(todayDir, file.from ?? file.name), 'utf8')
    let text = base
    if (file.patch) {
      const patch = await readFile(join(upgradesDir, 'patches', file.patch), 'utf8')
      const patched = patch === '' ? base : applyPatch(base, patch)
      if (patched === false) throw new Error(`${file.patch} no longer applies to ${file.from}`)
      text = patched
    }
    if (sha256(text) !== file.sha256)
      throw new Error(`${file.name} as rebuilt is not the file that build had (${file.sha256})`)
    await writeFile(join(into, file.name), text)
  }
}

/** Writes an earlier build's migrations and bootstrap into a new folder, checked byte for byte. */
export async function rebuildEarlier(
  build: EarlierBuild,
): Promise<{ migrationsDir: string; bootstrapDir: string }> {
  const root = await mkdtemp(join(tmpdir(), `build-${build.commit}-`))
  const migrationsDir = join(root, 'migrations')
  const bootstrapDir = join(root, 'bootstrap')
  await rebuild(build.migrations, defaultMigrationsDir, migrationsDir)
  await rebuild(build.bootstrap, defaultBootstrapDir, bootstrapDir)
  return { migrationsDir, bootstrapDir }
}
