// The databases every SQL and host test runs against: embedded PGlite always, and a real
// PostgreSQL server when TEST_DATABASE_URL is set (a fresh database per test file, dropped at
// the end). Tests use them through describe.each(testDatabases()).
import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { openDb, type Db, type Queryable } from '../../supabase/local/db.ts'
import { runAs, type RequestAuth } from '../../supabase/local/deps.ts'
import { migrate } from '../../supabase/local/migrate.ts'
import { seed } from '../../supabase/local/seed.ts'
import { seededImage } from './seeded-image.ts'

export interface FreshDatabase {
  /** Options for openDb/startHost: memory PGlite or the URL of a new database. */
  memory: boolean
  url?: string
  drop(): Promise<void>
}

export interface TestTarget {
  name: 'pglite' | 'postgres'
  /** A new, empty database (nothing applied). */
  fresh(): Promise<FreshDatabase>
  /** The test file's shared database: migrated and seeded on first use, closed by close(). */
  open(): Promise<Db>
  close(): Promise<void>
}

async function createServerDatabase(serverUrl: string): Promise<FreshDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    memory: false,
    url: url.toString(),
    async drop() {
      const conn = postgres(serverUrl, { max: 1, onnotice: () => {} })
      await conn.unsafe(`drop database if exists ${name} with (force)`)
      await conn.end()
    },
  }
}

function target(name: TestTarget['name'], fresh: () => Promise<FreshDatabase>): TestTarget {
  let shared: Promise<{ db: Db; database: FreshDatabase }> | undefined
  return {
    name,
    fresh,
    open() {
      shared ??= (async () => {
        const database = await fresh()
        if (database.memory) {
          // PGlite opens from the image of a migrated and seeded database, made once per run.
          const db = await openDb({ memory: true, image: await seededImage() })
          return { db, database }
        }
        const db = await openDb({ url: database.url })
        await migrate(db)
        await seed(db)
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
  const targets = [target('pglite', async () => ({ memory: true, drop: async () => {} }))]
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) targets.push(target('postgres', () => createServerDatabase(serverUrl)))
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
