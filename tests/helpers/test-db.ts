// The databases every SQL and host test runs against: embedded PGlite always, and a real
// PostgreSQL server when TEST_DATABASE_URL is set (a fresh database per test file, dropped at
// the end). Tests use them through describe.each(testDatabases()).
import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { openDb, type Db, type Queryable } from '../../supabase/local/db.ts'
import { runAs, type RequestAuth } from '../../supabase/local/deps.ts'
import { migrate } from '../../supabase/local/migrate.ts'
import { seed } from '../../supabase/local/seed.ts'
import { seededHash, seededImage } from './seeded-image.ts'

export interface FreshDatabase {
  /** Options for openDb/startHost: memory PGlite or the URL of a new database. */
  memory: boolean
  url?: string
  /** PGlite: the image to open it from (see `seeded()`). */
  image?: Blob
  drop(): Promise<void>
}

export interface TestTarget {
  name: 'pglite' | 'postgres'
  /** A new, empty database (nothing applied). */
  fresh(): Promise<FreshDatabase>
  /** A new database already migrated and seeded with the demo centre. */
  seeded(): Promise<FreshDatabase>
  /** The test file's shared database: migrated and seeded on first use, closed by close(). */
  open(): Promise<Db>
  close(): Promise<void>
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const templates = new Map<string, Promise<string>>()

/**
 * The server's template of the migrated and seeded demo centre, named like the PGlite image by
 * what it is made of and the day, made once (under a lock, so two processes do not both make it)
 * and kept between runs. A seeded test database is a copy of it: a tenth of a second instead of
 * two for the migrations and the seed.
 */
function seededTemplate(serverUrl: string): Promise<string> {
  let made = templates.get(serverUrl)
  if (!made) {
    made = makeTemplate(serverUrl)
    templates.set(serverUrl, made)
  }
  return made
}

async function makeTemplate(serverUrl: string): Promise<string> {
  const name = `t_seeded_${seededHash()}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`select pg_advisory_lock(hashtext('centre-tests seeded template'))`)
    const [made] = await admin.unsafe(`select 1 from pg_database where datname = '${name}'`)
    if (made) return name
    const part = `${name}_part`
    await admin.unsafe(`drop database if exists ${part} with (force)`)
    await admin.unsafe(`create database ${part}`)
    const db = await openDb({ url: databaseUrl(serverUrl, part) })
    try {
      await migrate(db)
      await seed(db)
    } finally {
      await db.close()
    }
    await admin.unsafe(`alter database ${part} rename to ${name}`)
    // Yesterday's templates, and those of other migrations, are not needed any more.
    const old = await admin.unsafe<{ datname: string }[]>(
      `select datname from pg_database where datname like 't\\_seeded\\_%' and datname <> '${name}'`,
    )
    for (const { datname } of old)
      await admin.unsafe(`drop database if exists ${datname} with (force)`).catch(() => {})
    return name
  } finally {
    await admin.end()
  }
}

async function createServerDatabase(serverUrl: string, template?: string): Promise<FreshDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`)
  } finally {
    await admin.end()
  }
  return {
    memory: false,
    url: databaseUrl(serverUrl, name),
    async drop() {
      const conn = postgres(serverUrl, { max: 1, onnotice: () => {} })
      await conn.unsafe(`drop database if exists ${name} with (force)`)
      await conn.end()
    },
  }
}

function target(
  name: TestTarget['name'],
  fresh: () => Promise<FreshDatabase>,
  seeded: () => Promise<FreshDatabase>,
): TestTarget {
  let shared: Promise<{ db: Db; database: FreshDatabase }> | undefined
  return {
    name,
    fresh,
    seeded,
    open() {
      shared ??= (async () => {
        const database = await seeded()
        const db = await openDb({
          memory: database.memory,
          url: database.url,
          image: database.image,
        })
        return { db, database }
      })()
      return shared.then((s) => s.db)
    },
    async close() {
      if (!shared) return
      const { db, database } = await shared
      shared = undefined
      await db.close()
      await database.drop()
    },
  }
}

export function testDatabases(): TestTarget[] {
  // PGlite opens from the image of a migrated and seeded database, made once per run.
  const targets = [
    target(
      'pglite',
      async () => ({ memory: true, drop: async () => {} }),
      async () => ({ memory: true, image: await seededImage(), drop: async () => {} }),
    ),
  ]
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl)
    targets.push(
      target(
        'postgres',
        () => createServerDatabase(serverUrl),
        async () => createServerDatabase(serverUrl, await seededTemplate(serverUrl)),
      ),
    )
  return targets
}

export type TestClaims = Record<string, unknown> & { sub: string }

class Rollback {
  constructor(readonly value: unknown) {}
}

/**
 * Runs `fn` as a person (authenticated, with their claims) or as a visitor (null: anon), the way
 * the host runs requests, and rolls back afterwards so tests do not see each other's writes.
 */
export async function asUser<T>(
  db: Db,
  claims: TestClaims | null,
  fn: (tx: Queryable) => Promise<T>,
  options: { role?: RequestAuth['role']; commit?: boolean } = {},
): Promise<T> {
  const role = options.role ?? (claims ? 'authenticated' : 'anon')
  const auth: RequestAuth = { role, claims: { ...(claims ?? {}), role } }
  try {
    return await runAs(db, auth, async (tx) => {
      const value = await fn(tx)
      if (!options.commit) throw new Rollback(value)
      return value
    })
  } catch (error) {
    if (error instanceof Rollback) return error.value as T
    throw error
  }
}

/** Claims of a seeded account, as its access token carries them. */
export function claimsOf(account: { id: string; email: string }): TestClaims {
  return { sub: account.id, email: account.email, role: 'authenticated', aud: 'authenticated' }
}
