// A landed migration is never edited: supabase/migrations.lock holds every migration's hash, only
// grows, and the files must match it. Fixes go forward in a new migration (docs/decisions.md
// "Changing the database").
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { defaultMigrationsDir } from '../../supabase/local/migrate.ts'
import { lockProblems, parseLock, removedLockLines } from './support/migration-lock.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const lockFile = join(root, 'supabase', 'migrations.lock')
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

async function migrationFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  for (const file of (await readdir(defaultMigrationsDir)).filter((f) => f.endsWith('.sql')).sort())
    files.set(file, sha256(await readFile(join(defaultMigrationsDir, file), 'utf8')))
  return files
}

describe('supabase/migrations.lock', () => {
  it('lists every migration with the hash of its text, in the order they run', async () => {
    const files = await migrationFiles()
    const lock = parseLock(await readFile(lockFile, 'utf8'))
    expect(lockProblems(files, lock)).toEqual([])
    expect(lock.map((e) => e.file)).toEqual([...files.keys()])
  })

  it('refuses an edited migration, a new one without an entry, a shared version and one older than the last', async () => {
    const files = await migrationFiles()
    const lock = parseLock(await readFile(lockFile, 'utf8'))
    const edited = new Map(files)
    edited.set('20261127008060_admission_steps.sql', sha256('-- edited after it landed'))
    edited.set('20261201000100_next.sql', sha256('select 1;'))
    expect(lockProblems(edited, lock)).toEqual([
      '20261127008060_admission_steps.sql differs from its entry in supabase/migrations.lock: a ' +
        'landed migration is never edited; put the change in a new migration (and in supabase/schemas/)',
      `20261201000100_next.sql has no entry in supabase/migrations.lock: add "${sha256('select 1;')}  20261201000100_next.sql" at its end`,
    ])
    const reordered = [...lock, { sha256: sha256('a'), file: '20261126000300_late.sql' }]
    const withLate = new Map(files).set('20261126000300_late.sql', sha256('a'))
    expect(lockProblems(withLate, reordered)).toEqual([
      '20261126000300_late.sql has the version of 20261126000300_outbox_wakeup.sql: every migration needs its own',
      '20261126000300_late.sql is older than a migration before it: a new migration runs after every ' +
        'landed one, so its version must be newer',
    ])
  })

  it('has only grown in the project history: no entry was ever changed or removed', () => {
    expect(existsSync(join(root, '.git'))).toBe(true)
    const log = execFileSync(
      'git',
      ['log', '-p', '--format=commit %H', '--', 'supabase/migrations.lock'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    )
    expect(removedLockLines(log)).toEqual([])
    expect(
      removedLockLines(
        'commit 1\n--- a/supabase/migrations.lock\n+++ b/supabase/migrations.lock\n-aaa  old.sql\n+bbb  old.sql\n',
      ),
    ).toEqual(['aaa  old.sql'])
  })
})
