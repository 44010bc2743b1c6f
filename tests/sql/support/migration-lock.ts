// supabase/migrations.lock: one line per migration, `<sha256>  <file>` (the format of
// `sha256sum`, so `cd supabase/migrations && sha256sum -c ../migrations.lock` checks it too), in
// the order the migrations run. A migration runs once per database and is recorded by its
// version: a file edited after it landed never reaches the databases that already ran it. So the
// lock only grows at its end, and a file that differs from its entry is refused.

export interface LockEntry {
  sha256: string
  file: string
}

export function parseLock(text: string): LockEntry[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      const match = /^([0-9a-f]{64}) {2}(\S+\.sql)$/.exec(line)
      if (!match)
        throw new Error(`supabase/migrations.lock line ${i + 1} is not "<sha256>  <file>"`)
      return { sha256: match[1]!, file: match[2]! }
    })
}

const versionOf = (file: string) => /^(\d+)_/.exec(file)?.[1]

/**
 * What is wrong between the migration files (name → sha256 of their text) and the lock, in words
 * a developer can act on; empty when they agree.
 */
export function lockProblems(files: Map<string, string>, lock: LockEntry[]): string[] {
  const problems: string[] = []
  const locked = new Map(lock.map((e) => [e.file, e.sha256]))
  for (const [file, sha] of files) {
    const entry = locked.get(file)
    if (entry === undefined)
      problems.push(
        `${file} has no entry in supabase/migrations.lock: add "${sha}  ${file}" at its end`,
      )
    else if (entry !== sha)
      problems.push(
        `${file} differs from its entry in supabase/migrations.lock: a landed migration is never ` +
          'edited; put the change in a new migration (and in supabase/schemas/)',
      )
  }
  for (const { file } of lock)
    if (!files.has(file))
      problems.push(`${file} is in supabase/migrations.lock but not in supabase/migrations`)
  const seen = new Map<string, string>()
  let previous = ''
  for (const { file } of lock) {
    const version = versionOf(file)
    if (!version) {
      problems.push(`${file} has no version: name it <yyyymmddhhmmss>_<area>.sql`)
      continue
    }
    const other = seen.get(version)
    if (other) problems.push(`${file} has the version of ${other}: every migration needs its own`)
    seen.set(version, file)
    if (version <= previous)
      problems.push(
        `${file} is older than a migration before it: a new migration runs after every landed one, ` +
          'so its version must be newer',
      )
    previous = version > previous ? version : previous
  }
  return problems
}

/**
 * Lines a change to the lock took away or replaced, read from `git log -p`: the lock only grows.
 */
export function removedLockLines(gitLogPatch: string): string[] {
  return gitLogPatch
    .split('\n')
    .filter((line) => line.startsWith('-') && !line.startsWith('---'))
    .map((line) => line.slice(1))
}
