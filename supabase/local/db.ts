// One small interface over the two databases the local host can run on:
// embedded PGlite (the default, one process, data in a folder) and a real
// PostgreSQL server (DATABASE_URL). Everything server-side talks to `Db`.
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import postgres from 'postgres'

export interface Queryable {
  /** One statement with $1..$n parameters. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>
  /** Several statements, no parameters (migrations). */
  exec(sql: string): Promise<void>
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction; rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** LISTEN on a channel; returns the function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  /**
   * PGlite: runs `fn` while no statement or transaction can run, after a checkpoint, so the
   * data folder on disk is whole while `fn` copies it (the backup).
   */
  quiesced?<T>(fn: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

export interface OpenDbOptions {
  /** postgres:// URL of a real server; when absent PGlite is used. */
  url?: string
  /** PGlite data folder; ignored with `url`. */
  dataDir?: string
  /** PGlite in memory (tests). */
  memory?: boolean
  /**
   * In memory: start from this image of a data folder (`dumpImage`) instead of an empty one, e.g.
   * a database already migrated and seeded, which opens in a fraction of the time.
   */
  image?: Blob
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.url) return openPostgres(options.url)
  if (options.memory) return openPglite(undefined, options.image)
  return openPglite(options.dataDir)
}

const images = new WeakMap<Db, PGlite>()

/** An image of a PGlite database's data folder (uncompressed tar), for `openDb({ image })`. */
export async function dumpImage(db: Db): Promise<Blob> {
  const pg = images.get(db)
  if (!pg) throw new Error('Only a PGlite database has an image')
  return pg.dumpDataDir('none')
}

async function openPglite(dataDir: string | undefined, image?: Blob): Promise<Db> {
  const pg = await PGlite.create({ dataDir, loadDataDir: image, extensions: { pgcrypto } })
  const wrap = (q: PGlite | Transaction): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const res = await q.query<T>(sql, params)
      return res.rows
    },
    async exec(sql: string) {
      await q.exec(sql)
    },
  })
  const base = wrap(pg)
  const db: Db = {
    kind: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    async listen(channel, onPayload) {
      // PGlite sends the channel name as written; quote it so names like realtime:broadcast work.
      const stop = await pg.listen(`"${channel.replace(/"/g, '""')}"`, onPayload)
      return () => stop()
    },
    async quiesced(fn) {
      await pg.query('checkpoint')
      return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(fn))
    },
    close: () => pg.close(),
  }
  images.set(db, pg)
  return db
}

function openPostgres(url: string): Db {
  const sql = postgres(url, {
    max: 10,
    onnotice: () => {},
    // JSON text passed for a jsonb parameter is sent as is (postgres.js would encode it again
    // as a JSON string), so callers behave the same on PGlite and on a server.
    types: {
      json: {
        to: 3802,
        from: [114, 3802],
        serialize: (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x)),
        parse: (x: string) => JSON.parse(x) as unknown,
      },
    },
  })
  const wrap = (q: postgres.Sql | postgres.TransactionSql): Queryable => ({
    async query<T>(text: string, params: unknown[] = []) {
      const rows = await q.unsafe(text, params as postgres.ParameterOrJSON<never>[])
      return rows as unknown as T[]
    },
    async exec(text: string) {
      await q.unsafe(text)
    },
  })
  const base = wrap(sql)
  return {
    kind: 'postgres',
    ...base,
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) =>
      sql.begin((tx) => fn(wrap(tx))) as Promise<T>,
    async listen(channel, onPayload) {
      const { unlisten } = await sql.listen(channel, onPayload)
      return unlisten
    },
    close: () => sql.end({ timeout: 5 }),
  }
}
